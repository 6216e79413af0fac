import type { Dataset } from '@sarm/contracts';
import {
  Alert,
  Box,
  Divider,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteQcSeries,
  fetchLeveyJennings,
  fetchQcSeries,
  qcKeys,
} from '../../../api/qualityControlApi';
import { useConfirm } from '../../../feedback/feedbackContext';
import { LeveyJenningsChart } from './LeveyJenningsChart';
import { ANALYTE_KEYS, QcSeriesForm } from './QcSeriesForm';
import { ANALYTE_UNIT, formatFigure } from './qualityControlLogic';

const SOURCE_KEYS = {
  target: 'qc.lj.sourceTarget',
  baseline: 'qc.lj.sourceBaseline',
  insufficient: 'qc.lj.sourceInsufficient',
} as const;

/** Levey–Jennings charts of the project's QC series, with Westgard violations. */
export function LeveyJenningsSection({
  projectId,
  datasets,
  canRecord,
}: {
  projectId: string;
  datasets: readonly Dataset[];
  canRecord: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const confirm = useConfirm();
  const [chosen, setChosen] = useState<string | null>(null);
  const series = useQuery({
    queryKey: qcKeys.series(projectId),
    queryFn: () => fetchQcSeries(projectId),
  });
  const list = series.data ?? [];
  const seriesId = list.find((s) => s.id === chosen)?.id ?? list[0]?.id ?? '';
  const chart = useQuery({
    queryKey: qcKeys.leveyJennings(seriesId),
    queryFn: () => fetchLeveyJennings(seriesId),
    enabled: seriesId !== '',
  });
  const refresh = () => void client.invalidateQueries({ queryKey: qcKeys.all });
  const data = chart.data;
  const unit = data === undefined ? '' : ANALYTE_UNIT[data.series.analyte];
  return (
    <Paper sx={{ p: 2 }} data-testid="levey-jennings-section">
      <Typography variant="h6" component="h2">
        {t('qc.lj.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('qc.lj.help')}
      </Typography>
      {canRecord && (
        <>
          <QcSeriesForm
            datasets={datasets}
            onCreated={(created) => {
              setChosen(created.id);
              refresh();
            }}
          />
          <Divider sx={{ my: 2 }} />
        </>
      )}
      {series.isError && <Alert severity="error">{series.error.message}</Alert>}
      {series.isSuccess && list.length === 0 && (
        <Alert severity="info">{t('qc.lj.noSeries')}</Alert>
      )}
      {list.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <TextField
            select
            size="small"
            label={t('qc.lj.series')}
            value={seriesId}
            onChange={(event) => setChosen(event.target.value)}
            sx={{ minWidth: 320 }}
          >
            {list.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {`${s.name} · ${s.dataset_name} · ${t(ANALYTE_KEYS[s.analyte])}`}
              </MenuItem>
            ))}
          </TextField>
          {canRecord && seriesId !== '' && (
            <Tooltip title={t('qc.lj.delete')}>
              <IconButton
                aria-label={t('qc.lj.delete')}
                onClick={() =>
                  void confirm({
                    title: t('qc.lj.delete'),
                    message: t('qc.lj.deleteConfirm'),
                    confirmLabel: t('qc.lj.delete'),
                    onConfirm: async () => {
                      await deleteQcSeries(seriesId);
                      setChosen(null);
                      refresh();
                    },
                  })
                }
              >
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      )}
      {chart.isError && <Alert severity="error">{chart.error.message}</Alert>}
      {data !== undefined && (
        <Box>
          <Stack direction="row" spacing={4} sx={{ mb: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2">
              {t('qc.lj.limits', {
                mean: formatFigure(data.mean),
                sd: formatFigure(data.sd),
                unit,
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(SOURCE_KEYS[data.control_source], { runs: data.series.baseline_runs })}
            </Typography>
            <Typography
              variant="body2"
              color={data.rejected_runs > 0 ? 'error' : 'text.secondary'}
              sx={{ fontWeight: data.rejected_runs > 0 ? 600 : 400 }}
            >
              {t('qc.lj.rejected', { n: data.rejected_runs, total: data.points.length })}
            </Typography>
          </Stack>
          {data.points.length === 0 ? (
            <Alert severity="info">{t('qc.lj.noRuns')}</Alert>
          ) : (
            <LeveyJenningsChart chart={data} />
          )}
          <Typography variant="caption" color="text.secondary">
            {t('qc.lj.rules')}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}
