import {
  Alert,
  Box,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { WHO_REPLICATE_MIN_ASSESSED, type WhoMotilityCategory } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { formatWithInterval, type FieldDisagreement, type LiveTotals } from './liveTotals';

const CLASS_KEYS: Record<
  WhoMotilityCategory,
  'live.totals.rapid' | 'live.totals.slow' | 'live.totals.nonProgressive' | 'live.totals.immotile'
> = {
  'Rapid Progressive': 'live.totals.rapid',
  'Slow Progressive': 'live.totals.slow',
  'Non Progressive': 'live.totals.nonProgressive',
  Immotile: 'live.totals.immotile',
};

function Disagreement({
  label,
  pair,
}: {
  readonly label: string;
  readonly pair: FieldDisagreement | null;
}) {
  const { t } = useTranslation();
  if (pair === null) return null;
  return (
    <Typography variant="body2">
      {t('live.totals.pair', {
        label,
        first: pair.first,
        second: pair.second,
        difference: pair.difference.toFixed(1),
        acceptable: pair.acceptableDifference.toFixed(1),
      })}
    </Typography>
  );
}

/** The sample's running totals over its fields, with the WHO 200-cell sign. */
export function RunningTotals({
  totals,
  fieldsRecorded,
}: {
  readonly totals: LiveTotals | null;
  readonly fieldsRecorded: number;
}) {
  const { t } = useTranslation();
  const to = t('live.totals.to');
  const assessed = totals?.cellsAssessed ?? 0;
  return (
    <Stack
      spacing={1.5}
      data-testid="live-totals"
      data-fields={totals?.fields ?? 0}
      data-cells={assessed}
    >
      <Typography variant="h6">{t('live.totals.title')}</Typography>
      {totals?.minimumReached === true ? (
        <Alert severity="success" variant="filled" data-testid="live-minimum-reached">
          {t('live.totals.minimumReached', { n: assessed, minimum: WHO_REPLICATE_MIN_ASSESSED })}
        </Alert>
      ) : (
        <Box>
          <Typography variant="body2">
            {t('live.totals.toMinimum', {
              n: assessed,
              minimum: WHO_REPLICATE_MIN_ASSESSED,
              remaining: totals?.remaining ?? WHO_REPLICATE_MIN_ASSESSED,
            })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (100 * assessed) / WHO_REPLICATE_MIN_ASSESSED)}
          />
        </Box>
      )}
      <Table size="small">
        <TableBody>
          <TableRow>
            <TableCell>{t('live.totals.fieldsRecorded')}</TableCell>
            <TableCell data-testid="live-total-fields">
              {t('live.totals.fieldsValue', {
                recorded: fieldsRecorded,
                pooled: totals?.fields ?? 0,
              })}
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell>{t('live.totals.cellsAssessed')}</TableCell>
            <TableCell data-testid="live-total-cells">{assessed}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell>{t('live.totals.concentration')}</TableCell>
            <TableCell data-testid="live-total-concentration">
              {totals?.concentration == null
                ? '—'
                : formatWithInterval(totals.concentration, 1, to)}
            </TableCell>
          </TableRow>
          {totals?.classes.map(({ category, share }) => (
            <TableRow key={category}>
              <TableCell>{t(CLASS_KEYS[category])}</TableCell>
              <TableCell data-testid={`live-total-class-${category}`}>
                {formatWithInterval(share, 1, to)} %
              </TableCell>
            </TableRow>
          ))}
          {totals?.progressive != null && (
            <TableRow>
              <TableCell>{t('live.totals.progressive')}</TableCell>
              <TableCell>{formatWithInterval(totals.progressive, 1, to)} %</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {totals !== null && (
        <Box data-testid="live-agreement" data-status={totals.agreement.status}>
          <Typography variant="subtitle2">
            {t(`live.totals.agreement.${totals.agreement.status}`)}
          </Typography>
          <Disagreement label={t('live.totals.progressive')} pair={totals.agreement.progressive} />
          <Disagreement label={t('live.totals.cellsCounted')} pair={totals.agreement.count} />
        </Box>
      )}
    </Stack>
  );
}
