import {
  Alert,
  Card,
  CardContent,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
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
    <Card data-testid="model-performance" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('dashboard.modelPerformance')}
        </Typography>
        {loading && <CircularProgress size={24} />}
        {error !== null && (
          <Alert severity="error">{t('dashboard.loadFailed', { message: error.message })}</Alert>
        )}
        {!loading && error === null && rows.length === 0 && (
          <Typography color="textSecondary">{t('dashboard.noModelPerformance')}</Typography>
        )}
        {rows.length > 0 && (
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
        )}
      </CardContent>
    </Card>
  );
}
