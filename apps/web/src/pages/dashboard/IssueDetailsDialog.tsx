import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import type { OpenIssue } from '@sarm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TECHNICAL_DASHBOARD_KEY, dismissTask } from './technicalDashboardApi';
import { PRIORITY_COLOUR, issueTitleKey } from './technicalDashboardLogic';

/**
 * Details of a failed task: error, task id, stage, times and the video it worked on. Dismiss
 * closes the issue. The task API has no retry: re-run the step from its own screen.
 */
export function IssueDetailsDialog(props: {
  readonly issue: OpenIssue;
  readonly onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { issue, onClose } = props;
  const queryClient = useQueryClient();
  const dismiss = useMutation({
    mutationFn: () => dismissTask(issue.task_id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: TECHNICAL_DASHBOARD_KEY });
      onClose();
    },
  });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const resource =
    issue.resource === null
      ? t('dashboard.issues.unknownResource')
      : issue.resource.type === 'video'
        ? t('dashboard.issues.resourceVideo', { name: issue.resource.name })
        : t('dashboard.issues.resourceDataset', { name: issue.resource.name });
  const rows: [string, string][] = [
    [t('dashboard.issues.error'), issue.error ?? t('dashboard.issues.noError')],
    [t('dashboard.issues.taskId'), issue.task_id],
    [t('dashboard.issues.columns.type'), issue.task_type],
    [t('dashboard.issues.stage'), issue.stage ?? '—'],
    [t('dashboard.issues.created'), when(issue.created_at)],
    [t('dashboard.issues.failed'), when(issue.reported_at)],
    [t('dashboard.issues.resource'), resource],
  ];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="issue-details">
      <DialogTitle>
        {t(issueTitleKey(issue.task_type))}{' '}
        <Chip
          size="small"
          color={PRIORITY_COLOUR[issue.priority]}
          label={t(`dashboard.issues.priority.${issue.priority}`)}
        />
      </DialogTitle>
      <DialogContent dividers>
        {dismiss.error !== null && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {t('dashboard.issues.dismissFailed', { message: dismiss.error.message })}
          </Alert>
        )}
        <List dense>
          {rows.map(([label, value]) => (
            <ListItem key={label} disableGutters>
              <ListItemText
                primary={label}
                secondary={value}
                slotProps={{ secondary: { sx: { wordBreak: 'break-word' } } }}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button color="warning" disabled={dismiss.isPending} onClick={() => dismiss.mutate()}>
          {t('dashboard.issues.dismiss')}
        </Button>
        <Button onClick={onClose}>{t('dashboard.issues.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
