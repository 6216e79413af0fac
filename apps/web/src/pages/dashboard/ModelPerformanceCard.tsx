import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DashboardCard } from './DashboardCard';
import type { ModelPerformanceRow } from './technicalDashboardLogic';

/** Model Performance table: trained and stopped models with accuracy and validation accuracy. */
export function ModelPerformanceCard(props: {
  readonly rows: readonly ModelPerformanceRow[];
  readonly loading: boolean;
  readonly error: Error | null;
}) {
  const { t } = useTranslation();
  const { rows, loading, error } = props;
  return (
    <DashboardCard
      title={t('dashboard.modelPerformance')}
      testId="model-performance"
      loading={loading}
      error={error}
      empty={rows.length === 0}
      emptyText={t('dashboard.noModelPerformance')}
    >
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('dashboard.modelName')}</TableCell>
            <TableCell>{t('dashboard.modelStatus')}</TableCell>
            <TableCell align="right">{t('dashboard.modelAccuracy')}</TableCell>
            <TableCell align="right">{t('dashboard.modelValAccuracy')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{row.name}</TableCell>
              <TableCell>{t(`dashboard.modelStatuses.${row.status}`)}</TableCell>
              <TableCell align="right">{row.accuracy}</TableCell>
              <TableCell align="right">{row.validationAccuracy}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </DashboardCard>
  );
}
