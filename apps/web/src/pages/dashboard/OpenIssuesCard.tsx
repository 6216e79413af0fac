import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { OpenIssue } from '@sarm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IssueDetailsDialog } from './IssueDetailsDialog';
import { PRIORITY_COLOUR, issueTitleKey, sortIssues } from './technicalDashboardLogic';

/** Open Issues: failed background tasks nobody has dismissed, with a details dialog. */
export function OpenIssuesCard(props: {
  readonly issues: readonly OpenIssue[];
  readonly loading: boolean;
  readonly error: Error | null;
}) {
  const { t, i18n } = useTranslation();
  const { issues, loading, error } = props;
  const [selected, setSelected] = useState<OpenIssue | null>(null);
  return (
    <Card data-testid="open-issues">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('dashboard.issues.title')}
        </Typography>
        {loading && <CircularProgress size={24} />}
        {error !== null && (
          <Alert severity="error">{t('dashboard.loadFailed', { message: error.message })}</Alert>
        )}
        {!loading && error === null && issues.length === 0 && (
          <Typography color="textSecondary">{t('dashboard.issues.empty')}</Typography>
        )}
        {issues.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('dashboard.issues.columns.title')}</TableCell>
                <TableCell>{t('dashboard.issues.columns.type')}</TableCell>
                <TableCell>{t('dashboard.issues.columns.priority')}</TableCell>
                <TableCell>{t('dashboard.issues.columns.reported')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {sortIssues(issues).map((issue) => (
                <TableRow key={issue.task_id}>
                  <TableCell>{t(issueTitleKey(issue.task_type))}</TableCell>
                  <TableCell>
                    <code>{issue.task_type}</code>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={PRIORITY_COLOUR[issue.priority]}
                      label={t(`dashboard.issues.priority.${issue.priority}`)}
                    />
                  </TableCell>
                  <TableCell>
                    {new Date(issue.reported_at).toLocaleDateString(i18n.language)}
                  </TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => setSelected(issue)}>
                      {t('dashboard.issues.viewDetails')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {selected !== null && (
        <IssueDetailsDialog issue={selected} onClose={() => setSelected(null)} />
      )}
    </Card>
  );
}
