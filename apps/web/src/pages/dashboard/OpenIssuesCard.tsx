import { Button, Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { OpenIssue } from '@sarm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardCard } from './DashboardCard';
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
    <DashboardCard
      title={t('dashboard.issues.title')}
      testId="open-issues"
      loading={loading}
      error={error}
      empty={issues.length === 0}
      emptyText={t('dashboard.issues.empty')}
    >
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
              <TableCell>{new Date(issue.reported_at).toLocaleDateString(i18n.language)}</TableCell>
              <TableCell align="right">
                <Button size="small" onClick={() => setSelected(issue)}>
                  {t('dashboard.issues.viewDetails')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {selected !== null && (
        <IssueDetailsDialog issue={selected} onClose={() => setSelected(null)} />
      )}
    </DashboardCard>
  );
}
