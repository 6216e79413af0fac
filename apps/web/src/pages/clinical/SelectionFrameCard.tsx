import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import {
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Frame } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { AuthImage } from './AuthImage';
import { noteLine } from './frameSelectionLogic';

/** A frame in Frame Selection: number, time, detections, chips, note and its actions. */
export function SelectionFrameCard({
  frame,
  selected,
  onToggle,
  onView,
}: {
  readonly frame: Frame;
  readonly selected: boolean;
  readonly onToggle: (frame: Frame) => void;
  readonly onView: (frame: Frame) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card
      variant="outlined"
      sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
    >
      <AuthImage
        path={`/sarm/media/view-frame/${frame.id}`}
        alt={t('clinical.frameNumber', { number: frame.frameNumber })}
        height={120}
      />
      <CardContent sx={{ p: 1 }}>
        <Typography variant="body2">
          {t('clinical.frameNumber', { number: frame.frameNumber })} ·{' '}
          {t('clinical.timeOffset', { seconds: frame.timeOffset.toFixed(2) })}
        </Typography>
        <Typography variant="caption" color="textSecondary">
          {t('frameSelection.detectionCount', { count: frame.detectionCount })}
        </Typography>
        <Stack direction="row" sx={{ mt: 0.5, flexWrap: 'wrap', gap: 0.5 }}>
          {frame.selected && (
            <Chip size="small" color="primary" label={t('frameSelection.preSelected')} />
          )}
          {frame.detectionStatus === 'completed' && (
            <Chip size="small" color="success" label={t('frameSelection.detected')} />
          )}
          {frame.annotated && (
            <Chip size="small" color="secondary" label={t('frameSelection.annotated')} />
          )}
        </Stack>
        {frame.note.trim() !== '' && (
          <Tooltip title={frame.note}>
            <Stack
              direction="row"
              sx={{ alignItems: 'center', gap: 0.5, mt: 0.5 }}
              data-testid="frame-note"
              aria-label={t('frameSelection.frameNote')}
            >
              <StickyNote2Outlined sx={{ fontSize: 14 }} color="action" />
              <Typography variant="caption" noWrap>
                {noteLine(frame.note)}
              </Typography>
            </Stack>
          </Tooltip>
        )}
      </CardContent>
      <CardActions disableSpacing sx={{ p: 0.5, flexWrap: 'wrap', gap: 0.5 }}>
        <Button
          size="small"
          variant={selected ? 'outlined' : 'contained'}
          onClick={() => onToggle(frame)}
        >
          {selected ? t('frameSelection.unselect') : t('frameSelection.select')}
        </Button>
        {frame.hasDetection && (
          <Button size="small" component={RouterLink} to={`/sarm/frame-detection/${frame.id}`}>
            {t('frameSelection.viewDetections')}
          </Button>
        )}
        <Button size="small" onClick={() => onView(frame)}>
          {t('frameSelection.view')}
        </Button>
      </CardActions>
    </Card>
  );
}
