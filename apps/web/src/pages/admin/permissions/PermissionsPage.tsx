import { useState } from 'react';
import {
  Alert,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchPermissions, PERMISSIONS_KEY } from '../../../api/adminRolesApi';
import { AdminPage } from '../common/AdminPage';
import { matchesSearch } from '../common/paging';
import { SearchField } from '../common/SearchField';
import { useCan } from '../common/useCan';
import { PERMISSION_MODULE_KEYS, permissionTexts } from './moduleLabels';

/** System Permissions (/admin/permissions): the read-only catalogue with search and module chips. */
export function PermissionsPage() {
  const { t } = useTranslation();
  const allowed = useCan(['manage_roles']);
  const [search, setSearch] = useState('');
  const [moduleFilter, setModuleFilter] = useState<string | null>(null);
  const permissions = useQuery({
    queryKey: PERMISSIONS_KEY,
    queryFn: fetchPermissions,
    enabled: allowed,
  });
  const moduleLabel = (module: string) =>
    t(PERMISSION_MODULE_KEYS[module] ?? 'admin.modules.system');
  const rows = (permissions.data ?? [])
    .map((p) => ({ ...p, ...permissionTexts(p, t) }))
    .filter(
      (p) =>
        (moduleFilter === null || p.module === moduleFilter) &&
        matchesSearch(search, p.name, p.code, p.description),
    );

  return (
    <AdminPage
      title={t('admin.permissions.title')}
      allowed={allowed}
      deniedText={t('admin.roles.noPermission')}
    >
      <Paper sx={{ p: 2 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ mb: 2, alignItems: { md: 'center' } }}
        >
          <SearchField value={search} placeholder={t('admin.perms.search')} onChange={setSearch} />
          <Stack direction="row" spacing={1}>
            <Chip
              label={t('admin.permissions.all')}
              color={moduleFilter === null ? 'primary' : 'default'}
              onClick={() => setModuleFilter(null)}
            />
            {Object.keys(PERMISSION_MODULE_KEYS).map((module) => (
              <Chip
                key={module}
                label={moduleLabel(module)}
                color={moduleFilter === module ? 'primary' : 'default'}
                onClick={() => setModuleFilter(moduleFilter === module ? null : module)}
              />
            ))}
          </Stack>
        </Stack>
        {permissions.isError && <Alert severity="error">{t('admin.perms.loadFailed')}</Alert>}
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.roles.name')}</TableCell>
              <TableCell>{t('admin.roles.code')}</TableCell>
              <TableCell>{t('admin.perms.module')}</TableCell>
              <TableCell>{t('admin.roles.description')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {permissions.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={4} align="center">
                  {t('admin.permissions.empty')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((p) => (
              <TableRow key={p.code} hover>
                <TableCell>{p.name}</TableCell>
                <TableCell>
                  <code>{p.code}</code>
                </TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" label={moduleLabel(p.module)} />
                </TableCell>
                <TableCell>{p.description}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </AdminPage>
  );
}
