import type { ReactNode } from 'react';
import { Alert, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * A titled dashboard card with the loading, error and empty states every dashboard list and table
 * shares; `children` (the list or table) is shown when there is something to show.
 */
export function DashboardCard(props: {
  readonly title: string;
  readonly testId: string;
  readonly empty: boolean;
  readonly emptyText: string;
  readonly loading?: boolean;
  readonly error?: Error | null;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  const { loading = false, error = null } = props;
  return (
    <Card data-testid={props.testId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {props.title}
        </Typography>
        {loading && <CircularProgress size={24} />}
        {error !== null && (
          <Alert severity="error">{t('dashboard.loadFailed', { message: error.message })}</Alert>
        )}
        {!loading && error === null && props.empty && (
          <Typography color="textSecondary">{props.emptyText}</Typography>
        )}
        {!props.empty && props.children}
      </CardContent>
    </Card>
  );
}
