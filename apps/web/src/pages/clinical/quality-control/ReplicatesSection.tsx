import {
  WHO_REPLICATE_MIN_ASSESSED,
  type Dataset,
  type ReplicateComparison,
} from '@sarm/contracts';
import {
  Alert,
  Button,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchReplicates, qcKeys } from '../../../api/qualityControlApi';
import { formatFigure, replicatePairRows } from './qualityControlLogic';

/** Pairs listed before "Show all" (disagreeing pairs come first). */
const PAIRS_SHOWN = 6;
const MEASURES = ['count', 'progressive', 'total_motility'] as const;

const MEASURE_KEYS = {
  count: 'qc.replicates.measureCount',
  progressive: 'qc.replicates.measureProgressive',
  total_motility: 'qc.replicates.measureTotal',
} as const satisfies Record<ReplicateComparison['measure'], string>;

/** WHO replicate agreement of the videos of one sample. */
export function ReplicatesSection({ datasets }: { datasets: readonly Dataset[] }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const datasetId = chosen ?? datasets[0]?.id ?? '';
  const answer = useQuery({
    queryKey: qcKeys.replicates(datasetId),
    queryFn: () => fetchReplicates(datasetId),
    enabled: datasetId !== '',
  });
  const names = new Map((answer.data?.replicates ?? []).map((r) => [r.video_id, r.video_name]));
  const verdict = answer.data?.replicates_agree;
  const rows = replicatePairRows(answer.data?.comparisons ?? []);
  const shown = showAll ? rows : rows.slice(0, PAIRS_SHOWN);
  return (
    <Paper sx={{ p: 2 }} data-testid="replicates-section">
      <Typography variant="h6" component="h2">
        {t('qc.replicates.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('qc.replicates.help')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('qc.replicates.sample')}
        value={datasetId}
        onChange={(event) => {
          setChosen(event.target.value);
          setShowAll(false);
        }}
        sx={{ minWidth: 260, mb: 2 }}
      >
        {datasets.map((dataset) => (
          <MenuItem key={dataset.id} value={dataset.id}>
            {dataset.name}
          </MenuItem>
        ))}
      </TextField>
      {answer.isError && <Alert severity="error">{answer.error.message}</Alert>}
      {verdict === true && <Alert severity="success">{t('qc.replicates.agree')}</Alert>}
      {verdict === false && <Alert severity="warning">{t('qc.replicates.disagree')}</Alert>}
      {verdict === null && <Alert severity="info">{t('qc.replicates.tooFew')}</Alert>}
      {answer.data?.assessed_enough === false && answer.data.replicates.length > 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('qc.replicates.fewAssessed', { min: WHO_REPLICATE_MIN_ASSESSED })}
        </Alert>
      )}
      {answer.data !== undefined && answer.data.replicates.length > 0 && (
        <Table size="small" sx={{ mt: 2 }} data-testid="replicates-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('qc.replicates.video')}</TableCell>
              <TableCell align="right">{t('qc.replicates.count')}</TableCell>
              <TableCell align="right">{t('qc.replicates.concentration')}</TableCell>
              <TableCell align="right">{t('qc.replicates.assessed')}</TableCell>
              <TableCell align="right">{t('qc.replicates.progressive')}</TableCell>
              <TableCell align="right">{t('qc.replicates.totalMotility')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.data.replicates.map((replicate) => (
              <TableRow key={replicate.video_id}>
                <TableCell>{replicate.video_name}</TableCell>
                <TableCell align="right">
                  {formatFigure(replicate.mean_count_per_frame, 1)}
                </TableCell>
                <TableCell align="right">
                  {formatFigure(replicate.concentration_million_per_ml, 1)}
                </TableCell>
                <TableCell align="right">{replicate.sperm_assessed}</TableCell>
                <TableCell align="right">{formatFigure(replicate.progressive_pct, 1)}</TableCell>
                <TableCell align="right">{formatFigure(replicate.total_motility_pct, 1)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {rows.length > 0 && (
        <Table size="small" sx={{ mt: 2 }} data-testid="replicate-comparisons">
          <TableHead>
            <TableRow>
              <TableCell>{t('qc.replicates.pair')}</TableCell>
              {MEASURES.map((measure) => (
                <TableCell key={measure} align="right">
                  {t(MEASURE_KEYS[measure])}
                </TableCell>
              ))}
              <TableCell>{t('qc.replicates.verdict')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={row.key}>
                <TableCell>
                  {`${names.get(row.firstVideoId) ?? ''} – ${names.get(row.secondVideoId) ?? ''}`}
                </TableCell>
                {MEASURES.map((measure) => {
                  const c = row.byMeasure[measure];
                  return (
                    <TableCell
                      key={measure}
                      align="right"
                      sx={{ color: c?.agree === false ? 'error.main' : undefined }}
                    >
                      {c === undefined
                        ? '–'
                        : t('qc.replicates.differenceOf', {
                            difference: formatFigure(c.difference, 1),
                            limit: formatFigure(c.acceptable_difference, 1),
                          })}
                    </TableCell>
                  );
                })}
                <TableCell
                  sx={{ color: row.agree ? 'success.main' : 'error.main', fontWeight: 600 }}
                >
                  {t(row.agree ? 'qc.replicates.accepted' : 'qc.replicates.rejected')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {rows.length > shown.length && (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setShowAll(true)}>
          {t('qc.replicates.showAll', { n: rows.length })}
        </Button>
      )}
    </Paper>
  );
}
