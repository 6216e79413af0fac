import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminRole } from '@sarm/contracts';
import {
  ADMIN_ROLES_KEY,
  createRole,
  deleteRole,
  fetchRoles,
  updateRole,
} from '../../../api/adminRolesApi';
import { ApiRequestError, errorMessage } from '../../../api/client';
import { useFeedback } from '../../../feedback/feedbackContext';
import { AddButton } from '../common/AddButton';
import { AdminPage } from '../common/AdminPage';
import { matchesSearch, pageOf, usePaging } from '../common/paging';
import { TablePanel } from '../common/TablePanel';
import { useCan } from '../common/useCan';
import { RoleDialog } from './RoleDialog';
import type { RoleFormState } from './roleForm';
import { RolePermissionsDialog } from './RolePermissionsDialog';
import { RolesTable } from './RolesTable';

type DialogState =
  | { mode: 'add' }
  | { mode: 'edit'; role: AdminRole }
  | { mode: 'permissions'; role: AdminRole }
  | null;

/** Role Management (/admin/roles): System and Custom tabs, search, add, edit, delete, permissions. */
export function RolesPage() {
  const { t } = useTranslation();
  const allowed = useCan(['manage_roles']);
  const { addAlert, confirm } = useFeedback();
  const client = useQueryClient();
  const [tab, setTab] = useState<'system' | 'custom'>('system');
  const [search, setSearch] = useState('');
  const paging = usePaging();
  const [dialog, setDialog] = useState<DialogState>(null);
  const roles = useQuery({ queryKey: ADMIN_ROLES_KEY, queryFn: fetchRoles, enabled: allowed });
  const refresh = () => client.invalidateQueries({ queryKey: ADMIN_ROLES_KEY });

  const save = useMutation({
    mutationFn: async (form: RoleFormState) => {
      const body = {
        name: form.name.trim(),
        code: form.code.trim(),
        description: form.description,
      };
      if (dialog?.mode === 'edit') {
        await updateRole(dialog.role.id, { ...body, isSystem: dialog.role.isSystem });
        return t('admin.roles.updated');
      }
      await createRole({ ...body, isSystem: false, permissions: [] });
      return t('admin.roles.created');
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
          dialog?.mode === 'edit' ? t('admin.roles.updateFailed') : t('admin.roles.createFailed'),
        ),
      }),
  });

  const remove = (role: AdminRole) => {
    if (role.isSystem)
      return addAlert({ type: 'error', message: t('admin.roles.systemNotDeletable') });
    return void confirm({
      title: t('admin.roles.deleteTitle'),
      message: t('admin.roles.deleteMessage', { name: role.name }),
      confirmLabel: t('admin.common.delete'),
      onConfirm: async () => {
        try {
          await deleteRole(role.id);
          addAlert({ type: 'success', message: t('admin.roles.deleted') });
          await refresh();
        } catch (error) {
          addAlert({ type: 'error', message: errorMessage(error, t('admin.roles.deleteFailed')) });
        }
      },
    });
  };

  const visible = (roles.data ?? []).filter(
    (role) =>
      role.isSystem === (tab === 'system') &&
      matchesSearch(search, role.name, role.code, role.description),
  );
  const forbidden = roles.error instanceof ApiRequestError && roles.error.status === 403;

  return (
    <AdminPage
      title={t('admin.roles.title')}
      allowed={allowed}
      deniedText={t('admin.roles.noPermission')}
      actions={
        <AddButton label={t('admin.roles.add')} onClick={() => setDialog({ mode: 'add' })} />
      }
    >
      <TablePanel
        tabs={{
          value: tab,
          options: [
            { value: 'system', label: t('admin.roles.systemTab') },
            { value: 'custom', label: t('admin.roles.customTab') },
          ],
          onChange: setTab,
        }}
        search={search}
        searchPlaceholder={t('admin.roles.search')}
        onSearch={setSearch}
        error={
          roles.isError && (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void roles.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {t('admin.roles.loadFailed')} {forbidden && t('admin.roles.loadForbidden')}
            </Alert>
          )
        }
        paging={paging}
        count={visible.length}
      >
        <RolesTable
          roles={pageOf(visible, paging.page, paging.size)}
          onEdit={(role) => setDialog({ mode: 'edit', role })}
          onPermissions={(role) => setDialog({ mode: 'permissions', role })}
          onDelete={remove}
        />
      </TablePanel>
      {(dialog?.mode === 'add' || dialog?.mode === 'edit') && (
        <RoleDialog
          role={dialog.mode === 'edit' ? dialog.role : null}
          roles={roles.data ?? []}
          busy={save.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(form) => save.mutate(form)}
        />
      )}
      {dialog?.mode === 'permissions' && (
        <RolePermissionsDialog
          role={dialog.role}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void refresh();
          }}
        />
      )}
    </AdminPage>
  );
}
