import {
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
import { useTranslation } from 'react-i18next';
import type { AdminProject } from '@sarm/contracts';

export function ProjectDetailsDialog(props: {
  readonly project: AdminProject;
  readonly onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { project } = props;
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const rows: [string, string][] = [
    [t('admin.projects.description'), project.description === '' ? '—' : project.description],
    [t('admin.projects.userCount'), String(project.userCount)],
    [
      t('admin.projects.creator'),
      project.creator === null ? '—' : `${project.creator.displayName} (${project.creator.email})`,
    ],
    [t('admin.common.created'), when(project.createdAt)],
    [t('admin.projects.updatedAt'), when(project.updatedAt)],
  ];
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {t('admin.projects.detailsTitle')}: {project.name}{' '}
        <Chip
          size="small"
          color={project.isArchived ? 'default' : 'success'}
          label={
            project.isArchived
              ? t('admin.projects.statusArchived')
              : t('admin.projects.statusActive')
          }
        />
      </DialogTitle>
      <DialogContent dividers>
        <List dense>
          {rows.map(([label, value]) => (
            <ListItem key={label} disableGutters>
              <ListItemText primary={label} secondary={value} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('admin.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
