import {
  Button,
  Card,
  CardActionArea,
  CardActions,
  CardContent,
  Chip,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import type { Frame } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { AuthImage } from './AuthImage';
import { noteLine } from './frameSelectionLogic';

/** A frame of the frame list: click toggles selection; chips for selection and detections. */
export function FrameTile({
  frame,
  onToggle,
  detectionPath,
  actionLabel,
}: {
  readonly frame: Frame;
  readonly onToggle: (frame: Frame) => void;
  /** Where 'View Detection' leads; the button is shown when the frame has detections. */
  readonly detectionPath: string;
  /** The button's text; 'View Detection' unless given (the technical pages say Annotate). */
  readonly actionLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Card
      variant="outlined"
      sx={{
        borderColor: frame.selected ? 'primary.main' : undefined,
        borderWidth: frame.selected ? 2 : 1,
      }}
    >
      <CardActionArea onClick={() => onToggle(frame)}>
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
          <Stack direction="row" sx={{ mt: 0.5, flexWrap: 'wrap', gap: 0.5 }}>
            {frame.selected && <Chip size="small" color="primary" label={t('clinical.selected')} />}
            {frame.hasDetection && (
              <Chip size="small" color="success" label={t('clinical.hasDetection')} />
            )}
            {frame.detectionCount > 0 && (
              <Chip size="small" label={t('clinical.objects', { count: frame.detectionCount })} />
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
      </CardActionArea>
      {frame.hasDetection && (
        <CardActions sx={{ p: 0.5 }}>
          <Button size="small" component={RouterLink} to={detectionPath}>
            {actionLabel ?? t('detection.viewDetection')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
