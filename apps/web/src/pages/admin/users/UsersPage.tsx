import { useState } from 'react';
import { Alert } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SYSTEM_ADMIN_ROLE, type AdminUser } from '@sarm/contracts';
import {
  ADMIN_USERS_KEY,
  createAdminUser,
  deleteAdminUser,
  fetchAdminUsers,
  sendAdminPasswordReset,
  updateAdminUser,
} from '../../../api/adminUsersApi';
import { ADMIN_ROLES_KEY, fetchRoles } from '../../../api/adminRolesApi';
import { errorMessage } from '../../../api/client';
import { useAuth } from '../../../auth/authContext';
import { useFeedback } from '../../../feedback/feedbackContext';
import { AddButton } from '../common/AddButton';
import { AdminPage } from '../common/AdminPage';
import { usePaging } from '../common/paging';
import { TablePanel } from '../common/TablePanel';
import { useCan } from '../common/useCan';
import { UserDialog, type UserFormValues } from './UserDialog';
import { UsersTable } from './UsersTable';

type DialogState = { mode: 'add' } | { mode: 'edit'; user: AdminUser } | null;

/** User Management (/admin/users): search, pages of 5/10/25, add, edit, delete, reset password. */
export function UsersPage() {
  const { t } = useTranslation();
  const allowed = useCan(['manage_users'], SYSTEM_ADMIN_ROLE);
  const selfId = useAuth().user?.id ?? null;
  const { addAlert, confirm } = useFeedback();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const paging = usePaging();
  const { page, size: limit } = paging;
  const [dialog, setDialog] = useState<DialogState>(null);

  const users = useQuery({
    queryKey: [...ADMIN_USERS_KEY, search, page, limit],
    queryFn: () => fetchAdminUsers({ search, page: page + 1, limit }),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  const roles = useQuery({ queryKey: ADMIN_ROLES_KEY, queryFn: fetchRoles, enabled: allowed });
  const refresh = () => client.invalidateQueries({ queryKey: ADMIN_USERS_KEY });

  const save = useMutation({
    mutationFn: async (values: UserFormValues) => {
      if (dialog?.mode === 'edit') {
        const { displayName, roles: roleIds, isActive } = values;
        await updateAdminUser(dialog.user.id, { displayName, roles: roleIds, isActive });
        return t('admin.users.updated');
      }
      await createAdminUser(values);
      return t('admin.users.created');
    },
    onSuccess: async (message) => {
      addAlert({ type: 'success', message });
      setDialog(null);
      await refresh();
    },
    onError: (error) =>
      addAlert({
        type: 'error',
        message: errorMessage(
          error,
          dialog?.mode === 'edit' ? t('admin.users.updateFailed') : t('admin.users.createFailed'),
        ),
      }),
  });

  const run = async (action: () => Promise<unknown>, success: string, failure: string) => {
    try {
      await action();
      addAlert({ type: 'success', message: success });
      await refresh();
    } catch (error) {
      addAlert({ type: 'error', message: errorMessage(error, failure) });
    }
  };

  const remove = (user: AdminUser) =>
    confirm({
      title: t('admin.users.deleteTitle'),
      message: t('admin.users.deleteMessage', { name: user.displayName }),
      confirmLabel: t('admin.common.delete'),
      onConfirm: () =>
        run(
          () => deleteAdminUser(user.id),
          t('admin.users.deleted'),
          t('admin.users.deleteFailed'),
        ),
    });

  const reset = (user: AdminUser) =>
    confirm({
      title: t('admin.users.resetTitle'),
      message: t('admin.users.resetMessage', { email: user.email }),
      confirmLabel: t('admin.users.resetSend'),
      onConfirm: async () => {
        try {
          await sendAdminPasswordReset(user.email);
          addAlert({ type: 'success', message: t('admin.users.resetSent', { email: user.email }) });
        } catch (error) {
          const message = error instanceof Error ? error.message : t('common.unknownError');
          addAlert({ type: 'error', message: t('admin.users.resetFailed', { message }) });
        }
      },
    });

  const toggleActive = (user: AdminUser) =>
    run(
      () => updateAdminUser(user.id, { isActive: !user.isActive }),
      user.isActive ? t('admin.users.deactivated') : t('admin.users.activated'),
      t('admin.users.updateFailed'),
    );

  return (
    <AdminPage
      title={t('admin.users.title')}
      allowed={allowed}
      deniedText={t('admin.users.noPermission')}
      actions={
        <AddButton
          label={t('admin.users.add')}
          icon={<PersonAddIcon />}
          onClick={() => setDialog({ mode: 'add' })}
        />
      }
    >
      <TablePanel
        search={search}
        searchPlaceholder={t('admin.users.search')}
        onSearch={setSearch}
        error={users.isError && <Alert severity="error">{t('admin.users.loadFailed')}</Alert>}
        paging={paging}
        count={users.data?.total ?? 0}
      >
        <UsersTable
          users={users.data?.users ?? []}
          selfId={selfId}
          onEdit={(user) => setDialog({ mode: 'edit', user })}
          onDelete={(user) => void remove(user)}
          onReset={(user) => void reset(user)}
          onToggleActive={(user) => void toggleActive(user)}
        />
      </TablePanel>
      {dialog !== null && (
        <UserDialog
          user={dialog.mode === 'edit' ? dialog.user : null}
          isSelf={dialog.mode === 'edit' && dialog.user.id === selfId}
          roles={roles.data ?? []}
          busy={save.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(values) => save.mutate(values)}
        />
      )}
    </AdminPage>
  );
}
