import { useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TablePagination,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/PersonRemove';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/VpnKey';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminProject, ProjectUser } from '@sarm/contracts';
import {
  addProjectUser,
  ADMIN_PROJECTS_KEY,
  fetchAvailableUsers,
  fetchProjectUsers,
  removeProjectUser,
  updateProjectUser,
} from '../../../api/adminProjectsApi';
import { ADMIN_ROLES_KEY, fetchRoles } from '../../../api/adminRolesApi';
import { useFeedback } from '../../../feedback/feedbackContext';
import { ActionButton } from '../common/ActionButton';
import { pageOf } from '../common/paging';
import { ACCESS_LEVEL_KEYS, PROJECT_USERS_PAGE_SIZE, showsProjectUsersPager } from './accessLevels';
import { ProjectMemberForm, type MemberFormValues } from './ProjectMemberForm';

/** Members of one project: access level and roles; add, edit, remove (spec 3 §2 Project users dialog). */
export function ProjectUsersDialog(props: {
  readonly project: AdminProject;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const { addAlert, confirm } = useFeedback();
  const client = useQueryClient();
  const key = [...ADMIN_PROJECTS_KEY, props.project.id, 'users'];
  const members = useQuery({ queryKey: key, queryFn: () => fetchProjectUsers(props.project.id) });
  const available = useQuery({
    queryKey: [...key, 'available'],
    queryFn: () => fetchAvailableUsers(props.project.id),
  });
  const roles = useQuery({ queryKey: ADMIN_ROLES_KEY, queryFn: fetchRoles });
  const [form, setForm] = useState<{ member: ProjectUser | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState(0);
  const refresh = () => client.invalidateQueries({ queryKey: ADMIN_PROJECTS_KEY });

  const submit = async (values: MemberFormValues) => {
    setBusy(true);
    const editing = form?.member !== null && form?.member !== undefined;
    try {
      if (editing)
        await updateProjectUser(props.project.id, values.userId, {
          accessLevel: values.accessLevel,
          roles: values.roles,
        });
      else
        await addProjectUser(props.project.id, {
          userId: values.userId,
          roles: values.roles,
          customPermissions: [],
          accessLevel: values.accessLevel,
        });
      addAlert({
        type: 'success',
        message: editing ? t('admin.projectUsers.updated') : t('admin.projectUsers.added'),
      });
      setForm(null);
      await refresh();
    } catch {
      addAlert({
        type: 'error',
        message: editing ? t('admin.projectUsers.updateFailed') : t('admin.projectUsers.addFailed'),
      });
    } finally {
      setBusy(false);
    }
  };

  const remove = (member: ProjectUser) =>
    void confirm({
      message: t('admin.projectUsers.removeMessage', { name: member.user.displayName }),
      confirmLabel: t('admin.projectUsers.remove'),
      onConfirm: async () => {
        try {
          await removeProjectUser(props.project.id, member.id);
          addAlert({ type: 'success', message: t('admin.projectUsers.removed') });
          await refresh();
        } catch {
          addAlert({ type: 'error', message: t('admin.projectUsers.removeFailed') });
        }
      },
    });

  const rows = members.data ?? [];
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('admin.projectUsers.title', { name: props.project.name })}</DialogTitle>
      <DialogContent dividers>
        {members.isError && <Alert severity="error">{t('admin.projectUsers.loadFailed')}</Alert>}
        <Stack direction="row" sx={{ mb: 2, justifyContent: 'flex-end' }}>
          <Button
            variant="contained"
            disabled={(available.data ?? []).length === 0 || form !== null}
            onClick={() => setForm({ member: null })}
          >
            {t('admin.projectUsers.add')}
          </Button>
        </Stack>
        {form !== null && (
          <ProjectMemberForm
            member={form.member}
            available={available.data ?? []}
            roles={roles.data ?? []}
            busy={busy}
            onCancel={() => setForm(null)}
            onSubmit={(values) => void submit(values)}
          />
        )}
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.projectUsers.user')}</TableCell>
              <TableCell>{t('admin.projectUsers.email')}</TableCell>
              <TableCell>{t('admin.projectUsers.accessLevel')}</TableCell>
              <TableCell>{t('admin.projectUsers.roles')}</TableCell>
              <TableCell align="right">{t('admin.common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {members.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} align="center">
                  {t('admin.projectUsers.empty')}
                </TableCell>
              </TableRow>
            )}
            {pageOf(rows, page, PROJECT_USERS_PAGE_SIZE).map((member) => (
              <TableRow key={member.id} hover>
                <TableCell>{member.user.displayName}</TableCell>
                <TableCell>{member.user.email}</TableCell>
                <TableCell>
                  <Chip size="small" label={t(ACCESS_LEVEL_KEYS[member.accessLevel])} />
                </TableCell>
                <TableCell>
                  {member.rolesData.map((role) => (
                    <Chip
                      key={role.id}
                      size="small"
                      variant="outlined"
                      sx={{ mr: 0.5 }}
                      label={role.name}
                    />
                  ))}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <ActionButton label={t('admin.common.edit')} onClick={() => setForm({ member })}>
                    <EditIcon fontSize="small" />
                  </ActionButton>
                  <ActionButton
                    label={t('admin.projectUsers.permissions')}
                    onClick={() =>
                      addAlert({ type: 'info', message: t('admin.projectUsers.customSoon') })
                    }
                  >
                    <KeyIcon fontSize="small" />
                  </ActionButton>
                  <ActionButton
                    label={t('admin.projectUsers.remove')}
                    color="error"
                    onClick={() => remove(member)}
                  >
                    <DeleteIcon fontSize="small" />
                  </ActionButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {showsProjectUsersPager(rows.length) && (
          <TablePagination
            component="div"
            count={rows.length}
            page={page}
            rowsPerPage={PROJECT_USERS_PAGE_SIZE}
            rowsPerPageOptions={[PROJECT_USERS_PAGE_SIZE]}
            onPageChange={(_, next) => setPage(next)}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('admin.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
