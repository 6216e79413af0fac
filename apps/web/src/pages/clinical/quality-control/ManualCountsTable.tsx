import type { ManualCount } from '@sarm/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { METHOD_KEYS } from './ManualCountForm';
import { formatFigure } from './qualityControlLogic';

/** "manual / CASA" of one figure. */
const pair = (manual: number | null, measured: number | null, digits: number) =>
  `${formatFigure(manual, digits)} / ${formatFigure(measured, digits)}`;

/** Recorded manual counts beside the CASA values stored with them. */
export function ManualCountsTable({
  counts,
  onDelete,
}: {
  counts: readonly ManualCount[];
  onDelete: ((count: ManualCount) => void) | null;
}) {
  const { t, i18n } = useTranslation();
  if (counts.length === 0)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {t('qc.counts.empty')}
      </Typography>
    );
  return (
    <TableContainer component={Paper}>
      <Table size="small" data-testid="manual-counts-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('qc.counts.sample')}</TableCell>
            <TableCell>{t('qc.counts.method')}</TableCell>
            <TableCell>{t('qc.counts.countedBy')}</TableCell>
            <TableCell align="right">{t('qc.counts.concentration')}</TableCell>
            <TableCell align="right">{t('qc.counts.progressive')}</TableCell>
            <TableCell align="right">{t('qc.counts.totalMotility')}</TableCell>
            <TableCell>{t('qc.counts.measuredFrom')}</TableCell>
            <TableCell>{t('qc.counts.recorded')}</TableCell>
            {onDelete !== null && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {counts.map((count) => (
            <TableRow key={count.id}>
              <TableCell>{count.dataset_name}</TableCell>
              <TableCell>{t(METHOD_KEYS[count.method])}</TableCell>
              <TableCell>{count.counted_by}</TableCell>
              <TableCell align="right">
                {pair(
                  count.concentration_million_per_ml,
                  count.measured.concentration_million_per_ml,
                  1,
                )}
              </TableCell>
              <TableCell align="right">
                {pair(count.progressive_pct, count.measured.progressive_pct, 1)}
              </TableCell>
              <TableCell align="right">
                {pair(count.total_motility_pct, count.measured.total_motility_pct, 1)}
              </TableCell>
              <TableCell>
                {count.measured.source === 'stored_report'
                  ? t('qc.counts.fromReport', { version: count.measured.report_version ?? '–' })
                  : t('qc.counts.fromAnalyses')}
              </TableCell>
              <TableCell>{new Date(count.created_at).toLocaleString(i18n.language)}</TableCell>
              {onDelete !== null && (
                <TableCell padding="checkbox">
                  <Tooltip title={t('qc.counts.delete')}>
                    <IconButton
                      size="small"
                      aria-label={t('qc.counts.delete')}
                      onClick={() => onDelete(count)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
