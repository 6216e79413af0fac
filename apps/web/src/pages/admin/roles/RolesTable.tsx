import { Chip, TableCell, TableRow } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/VpnKey';
import { useTranslation } from 'react-i18next';
import type { AdminRole } from '@sarm/contracts';
import { ActionButton } from '../common/ActionButton';
import { AdminTable } from '../common/AdminTable';

export function RolesTable(props: {
  readonly roles: readonly AdminRole[];
  readonly onEdit: (role: AdminRole) => void;
  readonly onPermissions: (role: AdminRole) => void;
  readonly onDelete: (role: AdminRole) => void;
}) {
  const { t } = useTranslation();
  return (
    <AdminTable
      columns={[
        t('admin.roles.name'),
        t('admin.roles.code'),
        t('admin.roles.description'),
        t('admin.roles.permissions'),
        t('admin.roles.users'),
      ]}
      empty={props.roles.length === 0}
      emptyText={t('admin.roles.empty')}
    >
      {props.roles.map((role) => (
        <TableRow key={role.id} hover>
          <TableCell>{role.name}</TableCell>
          <TableCell>
            <code>{role.code}</code>
          </TableCell>
          <TableCell>{role.description}</TableCell>
          <TableCell>
            <Chip size="small" label={role.permissionsCount} />
          </TableCell>
          <TableCell>{role.userCount}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            <ActionButton label={t('admin.common.edit')} onClick={() => props.onEdit(role)}>
              <EditIcon fontSize="small" />
            </ActionButton>
            <ActionButton
              label={t('admin.roles.managePermissions')}
              onClick={() => props.onPermissions(role)}
            >
              <KeyIcon fontSize="small" />
            </ActionButton>
            {!role.isSystem && (
              <ActionButton
                label={t('admin.common.delete')}
                color="error"
                onClick={() => props.onDelete(role)}
              >
                <DeleteIcon fontSize="small" />
              </ActionButton>
            )}
          </TableCell>
        </TableRow>
      ))}
    </AdminTable>
  );
}
