import { Chip, Stack, Switch, TableCell, TableRow, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockResetIcon from '@mui/icons-material/LockReset';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@sarm/contracts';
import { ActionButton } from '../common/ActionButton';
import { AdminTable } from '../common/AdminTable';

export function UsersTable(props: {
  readonly users: readonly AdminUser[];
  /** The signed-in user: their own row offers neither deactivation nor deletion (the API refuses both). */
  readonly selfId: string | null;
  readonly onEdit: (user: AdminUser) => void;
  readonly onDelete: (user: AdminUser) => void;
  readonly onReset: (user: AdminUser) => void;
  readonly onToggleActive: (user: AdminUser) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <AdminTable
      columns={[
        t('admin.users.displayName'),
        t('admin.users.email'),
        t('admin.users.roles'),
        t('admin.common.status'),
        t('admin.common.created'),
      ]}
      empty={props.users.length === 0}
      emptyText={t('admin.users.empty')}
    >
      {props.users.map((user) => {
        const isSelf = user.id === props.selfId;
        return (
          <TableRow key={user.id} hover>
            <TableCell>{user.displayName}</TableCell>
            <TableCell>{user.email}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                {user.systemRoles.map((role) => (
                  <Chip key={role.id} size="small" label={role.name} />
                ))}
              </Stack>
            </TableCell>
            <TableCell>
              {!isSelf && (
                <Tooltip
                  title={user.isActive ? t('admin.users.deactivate') : t('admin.users.activate')}
                >
                  <Switch
                    size="small"
                    checked={user.isActive}
                    onChange={() => props.onToggleActive(user)}
                    slotProps={{
                      input: {
                        'aria-label': `${user.isActive ? t('admin.users.deactivate') : t('admin.users.activate')} ${user.email}`,
                      },
                    }}
                  />
                </Tooltip>
              )}
              {user.isActive ? t('admin.common.active') : t('admin.common.inactive')}
            </TableCell>
            <TableCell>
              {new Date(user.createdAt * 1000).toLocaleDateString(i18n.language)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <ActionButton label={t('admin.common.edit')} onClick={() => props.onEdit(user)}>
                <EditIcon fontSize="small" />
              </ActionButton>
              <ActionButton label={t('admin.users.resetTitle')} onClick={() => props.onReset(user)}>
                <LockResetIcon fontSize="small" />
              </ActionButton>
              {!isSelf && (
                <ActionButton
                  label={t('admin.common.delete')}
                  color="error"
                  onClick={() => props.onDelete(user)}
                >
                  <DeleteIcon fontSize="small" />
                </ActionButton>
              )}
            </TableCell>
          </TableRow>
        );
      })}
    </AdminTable>
  );
}
