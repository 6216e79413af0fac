import { Box, Chip, List, ListItemButton, Stack, Typography } from '@mui/material';
import type { Detection } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { AuthImage } from './AuthImage';
import { confidenceLevel, CONFIDENCE_COLOURS } from './detectionLogic';

/** Detections with crop thumbnails, class and confidence; a click selects one on the canvas. */
export function DetectionList({
  detections,
  selectedId,
  onSelect,
}: {
  readonly detections: readonly Detection[];
  readonly selectedId: string | null;
  readonly onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (detections.length === 0)
    return <Typography color="textSecondary">{t('detection.none')}</Typography>;
  return (
    <List dense sx={{ maxHeight: 700, overflow: 'auto' }}>
      {detections.map((d, index) => (
        <ListItemButton
          key={d.id}
          selected={d.id === selectedId}
          onClick={() => onSelect(d.id)}
          sx={{ gap: 1.5 }}
        >
          <Box sx={{ width: 56, flexShrink: 0 }}>
            <AuthImage path={`/sarm/media/view-crop/${d.id}`} alt={d.className} height={56} />
          </Box>
          <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="body2">
              #{index + 1} · {d.className}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              {t('detection.source')}: {d.source}
            </Typography>
          </Stack>
          <Chip
            size="small"
            label={d.confidence.toFixed(2)}
            sx={{ bgcolor: CONFIDENCE_COLOURS[confidenceLevel(d.confidence)], color: '#fff' }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}
