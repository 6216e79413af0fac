import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { COMPARISON_COLOURS } from './comparisonLogic';

const k = 'technical.prediction.comparison';

/** A square of a detector's box colour. */
export function DetectorSwatch({
  detector,
}: {
  readonly detector: keyof typeof COMPARISON_COLOURS;
}) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 12,
        height: 12,
        mr: 0.75,
        border: `2px solid ${COMPARISON_COLOURS[detector]}`,
        verticalAlign: 'middle',
      }}
    />
  );
}

/** Which box colour is which detector on the sample frames. */
export function ComparisonLegend() {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Typography variant="body2">
        <DetectorSwatch detector="model" />
        {t(`${k}.legend.model`)}
      </Typography>
      <Typography variant="body2">
        <DetectorSwatch detector="classical" />
        {t(`${k}.legend.classical`)}
      </Typography>
    </Stack>
  );
}
