import type { AgreementResponse } from '@sarm/contracts';
import {
  Alert,
  Box,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlandAltmanPlot } from './BlandAltmanPlot';
import { formatFigure } from './qualityControlLogic';

type Measure = 'concentration' | 'progressive_motility' | 'total_motility';

const MEASURE_KEYS = {
  concentration: 'qc.agreement.concentration',
  progressive_motility: 'qc.agreement.progressive',
  total_motility: 'qc.agreement.totalMotility',
} as const satisfies Record<Measure, string>;

const UNITS: Record<Measure, string> = {
  concentration: 'M/ml',
  progressive_motility: '%',
  total_motility: '%',
};

/** Bland–Altman agreement of CASA with the manual counts: figures and plot of one measure. */
export function AgreementSection({ agreement }: { agreement: AgreementResponse }) {
  const { t } = useTranslation();
  const [measure, setMeasure] = useState<Measure>('concentration');
  const figures = agreement[measure];
  const unit = UNITS[measure];
  const facts = [
    [t('qc.agreement.pairs'), String(figures.n)],
    [t('qc.agreement.bias'), `${formatFigure(figures.mean_bias)} ${unit}`],
    [
      t('qc.agreement.limits'),
      `${formatFigure(figures.lower_limit_of_agreement)} … ${formatFigure(figures.upper_limit_of_agreement)} ${unit}`,
    ],
    [t('qc.agreement.correlation'), formatFigure(figures.correlation, 3)],
  ] as const;
  return (
    <Paper sx={{ p: 2 }} data-testid="agreement-section">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}
      >
        <Box>
          <Typography variant="h6" component="h2">
            {t('qc.agreement.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('qc.agreement.help', { n: agreement.n })}
          </Typography>
        </Box>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={measure}
          onChange={(_event, value: Measure | null) => {
            if (value !== null) setMeasure(value);
          }}
        >
          {(Object.keys(MEASURE_KEYS) as Measure[]).map((key) => (
            <ToggleButton key={key} value={key}>
              {t(MEASURE_KEYS[key])}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Stack direction="row" spacing={4} sx={{ mb: 2, flexWrap: 'wrap' }}>
        {facts.map(([label, value]) => (
          <Box key={label}>
            <Typography variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h6">{value}</Typography>
          </Box>
        ))}
      </Stack>
      {figures.n === 0 ? (
        <Alert severity="info">{t('qc.agreement.noPairs')}</Alert>
      ) : (
        <BlandAltmanPlot measure={figures} unit={unit} />
      )}
    </Paper>
  );
}
