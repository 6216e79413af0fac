import {
  Chip,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DashboardCard } from './DashboardCard';
import type { AnnotationProgressRow, AnnotationState } from './technicalDashboardLogic';

const STATE_COLOUR: Record<AnnotationState, 'success' | 'warning' | 'default'> = {
  completed: 'success',
  'in-progress': 'warning',
  pending: 'default',
};

/** Annotation progress table of the technical dashboard, one row per dataset. */
export function AnnotationProgressCard({ rows }: { rows: readonly AnnotationProgressRow[] }) {
  const { t } = useTranslation();
  return (
    <DashboardCard
      title={t('dashboard.annotationProgress')}
      testId="annotation-progress"
      empty={rows.length === 0}
      emptyText={t('dashboard.noRecentDatasets')}
    >
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('dashboard.annotationDataset')}</TableCell>
            <TableCell>{t('dashboard.annotationFrames')}</TableCell>
            <TableCell sx={{ width: '35%' }}>{t('dashboard.annotationPercent')}</TableCell>
            <TableCell>{t('dashboard.annotationStatus')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{row.name}</TableCell>
              <TableCell>
                {row.annotated} / {row.total}
              </TableCell>
              <TableCell>
                <LinearProgress variant="determinate" value={row.percent} />
                <Typography variant="caption">{row.percent}%</Typography>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={STATE_COLOUR[row.state]}
                  label={t(`dashboard.annotationState.${row.state}`)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </DashboardCard>
  );
}
