import { COUNTED_MODULES, type CountedModule } from '@sarm/contracts';
import {
  Alert,
  Button,
  Chip,
  MenuItem,
  Paper,
  Stack,
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
import { assessmentKeys, fetchBenchReplicates } from '../../../api/assessmentsApi';
import {
  benchPointRows,
  chosenTechnician,
  formatAgreementPercent,
  technicianKey,
} from './benchReplicatesLogic';
import { MODULE_KEYS, measureKey } from '../assessments/labelKeys';
import { formatFigure } from './qualityControlLogic';

/** Pairs listed before "Show all". */
const POINTS_SHOWN = 10;
const ALL = 'all';

const isCountedModule = (value: string): value is CountedModule =>
  COUNTED_MODULES.some((module) => module === value);

/** Bench counts: WHO replicate agreement of each technician's two-replicate counts, over time. */
export function BenchReplicatesSection() {
  const { t, i18n } = useTranslation();
  const [module, setModule] = useState<CountedModule | undefined>(undefined);
  const [chosen, setChosen] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const query = module === undefined ? {} : { module };
  const answer = useQuery({
    queryKey: assessmentKeys.benchReplicates(query),
    queryFn: () => fetchBenchReplicates(query),
  });
  const technicians = answer.data?.technicians ?? [];
  const technician = chosenTechnician(technicians, chosen);
  const rows = technician === undefined ? [] : benchPointRows(technician.points);
  const shown = showAll ? rows : rows.slice(0, POINTS_SHOWN);
  // The server names its measures; one it adds later still shows, untranslated.
  const measureName = (measure: string) => {
    const key = measureKey(measure);
    return key === null ? measure : t(key);
  };

  return (
    <Paper sx={{ p: 2 }} data-testid="bench-replicates-section">
      <Typography variant="h6" component="h2">
        {t('qc.bench.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('qc.bench.help')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('qc.bench.module')}
          value={module ?? ALL}
          onChange={(event) => {
            const value = event.target.value;
            setModule(isCountedModule(value) ? value : undefined);
            setShowAll(false);
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value={ALL}>{t('qc.bench.allModules')}</MenuItem>
          {COUNTED_MODULES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(MODULE_KEYS[value])}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {answer.isError && <Alert severity="error">{answer.error.message}</Alert>}
      {answer.isSuccess && technicians.length === 0 && (
        <Alert severity="info">{t('qc.bench.none')}</Alert>
      )}
      {technicians.length > 0 && (
        <Table size="small" data-testid="bench-technicians">
          <TableHead>
            <TableRow>
              <TableCell>{t('qc.bench.technician')}</TableCell>
              <TableCell align="right">{t('qc.bench.pairs')}</TableCell>
              <TableCell align="right">{t('qc.bench.agreeing')}</TableCell>
              <TableCell align="right">{t('qc.bench.agreementPercent')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {technicians.map((row) => {
              const key = technicianKey(row.technician);
              const selected =
                technician !== undefined && technicianKey(technician.technician) === key;
              return (
                <TableRow
                  key={key}
                  hover
                  selected={selected}
                  onClick={() => {
                    setChosen(key);
                    setShowAll(false);
                  }}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell>{row.technician.name}</TableCell>
                  <TableCell align="right">{row.pairs}</TableCell>
                  <TableCell align="right">{row.agreeing}</TableCell>
                  <TableCell align="right">
                    {formatAgreementPercent(row.agreementPercent)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {technician !== undefined && (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
            {t('qc.bench.pointsOf', { name: technician.technician.name })}
          </Typography>
          <Table size="small" data-testid="bench-points">
            <TableHead>
              <TableRow>
                <TableCell>{t('qc.bench.date')}</TableCell>
                <TableCell>{t('qc.bench.sample')}</TableCell>
                <TableCell>{t('qc.bench.module')}</TableCell>
                <TableCell>{t('qc.bench.difference')}</TableCell>
                <TableCell>{t('qc.bench.verdict')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{new Date(row.countedAt).toLocaleString(i18n.language)}</TableCell>
                  <TableCell>{row.datasetName}</TableCell>
                  <TableCell>{t(MODULE_KEYS[row.module])}</TableCell>
                  <TableCell>
                    {row.measures.length === 0
                      ? '–'
                      : row.measures.map((m) => (
                          <Typography
                            key={m.measure}
                            variant="body2"
                            sx={{ color: m.agree ? undefined : 'error.main' }}
                          >
                            {t('qc.bench.differenceOf', {
                              measure: measureName(m.measure),
                              difference: formatFigure(m.difference, 1),
                              limit: formatFigure(m.acceptable, 1),
                            })}
                          </Typography>
                        ))}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={row.agree ? 'success' : 'error'}
                      label={t(row.agree ? 'qc.bench.agree' : 'qc.bench.disagree')}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {rows.length > shown.length && (
            <Button size="small" sx={{ mt: 1 }} onClick={() => setShowAll(true)}>
              {t('qc.bench.showAll', { n: rows.length })}
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}
