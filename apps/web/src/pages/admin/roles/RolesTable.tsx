import { Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/VpnKey';
import { useTranslation } from 'react-i18next';
import type { AdminRole } from '@sarm/contracts';
import { ActionButton } from '../common/ActionButton';

export function RolesTable(props: {
  readonly roles: readonly AdminRole[];
  readonly onEdit: (role: AdminRole) => void;
  readonly onPermissions: (role: AdminRole) => void;
  readonly onDelete: (role: AdminRole) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{t('admin.roles.name')}</TableCell>
          <TableCell>{t('admin.roles.code')}</TableCell>
          <TableCell>{t('admin.roles.description')}</TableCell>
          <TableCell>{t('admin.roles.permissions')}</TableCell>
          <TableCell>{t('admin.roles.users')}</TableCell>
          <TableCell align="right">{t('admin.common.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.roles.length === 0 && (
          <TableRow>
            <TableCell colSpan={6} align="center">
              {t('admin.roles.empty')}
            </TableCell>
          </TableRow>
        )}
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
      </TableBody>
    </Table>
  );
}
