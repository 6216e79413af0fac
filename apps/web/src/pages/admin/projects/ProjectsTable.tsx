import { Chip, TableCell, TableRow } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import GroupIcon from '@mui/icons-material/Group';
import InfoIcon from '@mui/icons-material/Info';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import { useTranslation } from 'react-i18next';
import type { AdminProject } from '@sarm/contracts';
import { ActionButton } from '../common/ActionButton';
import { AdminTable } from '../common/AdminTable';

/** The list shows at most 50 characters of a description (spec 3 §2). */
export const truncateDescription = (text: string) =>
  text.length > 50 ? `${text.slice(0, 50)}...` : text;

export type ProjectAction = 'details' | 'users' | 'edit' | 'archive' | 'delete';

export function ProjectsTable(props: {
  readonly projects: readonly AdminProject[];
  readonly onAction: (action: ProjectAction, project: AdminProject) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <AdminTable
      columns={[
        t('admin.projects.name'),
        t('admin.projects.description'),
        t('admin.common.status'),
        t('admin.projects.users'),
        t('admin.projects.creator'),
        t('admin.common.created'),
      ]}
      empty={props.projects.length === 0}
      emptyText={t('admin.projects.empty')}
    >
      {props.projects.map((project) => (
        <TableRow key={project.id} hover>
          <TableCell>{project.name}</TableCell>
          <TableCell>{truncateDescription(project.description)}</TableCell>
          <TableCell>
            <Chip
              size="small"
              color={project.isArchived ? 'default' : 'success'}
              label={
                project.isArchived
                  ? t('admin.projects.statusArchived')
                  : t('admin.projects.statusActive')
              }
            />
          </TableCell>
          <TableCell>{project.userCount}</TableCell>
          <TableCell>{project.creator?.displayName ?? '—'}</TableCell>
          <TableCell>{new Date(project.createdAt).toLocaleDateString(i18n.language)}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            <ActionButton
              label={t('admin.projects.viewDetails')}
              onClick={() => props.onAction('details', project)}
            >
              <InfoIcon fontSize="small" />
            </ActionButton>
            <ActionButton
              label={t('admin.projects.manageUsers')}
              onClick={() => props.onAction('users', project)}
            >
              <GroupIcon fontSize="small" />
            </ActionButton>
            <ActionButton
              label={t('admin.common.edit')}
              onClick={() => props.onAction('edit', project)}
            >
              <EditIcon fontSize="small" />
            </ActionButton>
            <ActionButton
              label={
                project.isArchived ? t('admin.projects.unarchive') : t('admin.projects.archive')
              }
              onClick={() => props.onAction('archive', project)}
            >
              {project.isArchived ? (
                <UnarchiveIcon fontSize="small" />
              ) : (
                <ArchiveIcon fontSize="small" />
              )}
            </ActionButton>
            <ActionButton
              label={t('admin.common.delete')}
              color="error"
              onClick={() => props.onAction('delete', project)}
            >
              <DeleteIcon fontSize="small" />
            </ActionButton>
          </TableCell>
        </TableRow>
      ))}
    </AdminTable>
  );
}
