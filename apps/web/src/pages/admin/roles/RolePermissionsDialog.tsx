import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminRole } from '@sarm/contracts';
import { fetchPermissions, PERMISSIONS_KEY, saveRolePermissions } from '../../../api/adminRolesApi';
import { useFeedback } from '../../../feedback/feedbackContext';
import { SearchField } from '../common/SearchField';
import { useCan } from '../common/useCan';
import { expandHeld, groupPermissions, moduleCheckState, toggleModule } from './permissionGroups';
import { PERMISSION_MODULE_KEYS, permissionTexts } from '../permissions/moduleLabels';

/** The role permissions editor: grouped by module, with module filter, search and partial module boxes. */
export function RolePermissionsDialog(props: {
  readonly role: AdminRole;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { addAlert } = useFeedback();
  const canManage = useCan(['manage_roles']);
  const catalogue = useQuery({ queryKey: PERMISSIONS_KEY, queryFn: fetchPermissions });
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const [moduleFilter, setModuleFilter] = useState('all');
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);

  const all = catalogue.data ?? [];
  const current = selected ?? expandHeld(props.role.permissions, all);
  const groups = groupPermissions(all, moduleFilter, search);

  const toggle = (code: string) => {
    const next = new Set(current);
    if (next.has(code)) next.delete(code);
    else next.add(code);
    setSelected(next);
  };

  const save = async () => {
    if (props.role.id === '')
      return addAlert({ type: 'error', message: t('admin.perms.roleIdMissing') });
    if (!canManage) return addAlert({ type: 'error', message: t('admin.perms.noPermission') });
    setSaving(true);
    try {
      await saveRolePermissions(props.role.id, [...current].sort());
      addAlert({ type: 'success', message: t('admin.perms.saved') });
      props.onSaved();
    } catch {
      addAlert({ type: 'error', message: t('admin.perms.saveFailed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('admin.perms.title', { name: props.role.name })}</DialogTitle>
      <DialogContent dividers>
        {catalogue.isError && <Alert severity="error">{t('admin.perms.loadFailed')}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            size="small"
            label={t('admin.perms.module')}
            value={moduleFilter}
            onChange={(e) => setModuleFilter(e.target.value)}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="all">{t('admin.perms.allModules')}</MenuItem>
            {Object.entries(PERMISSION_MODULE_KEYS).map(([module, key]) => (
              <MenuItem key={module} value={module}>
                {t(key)}
              </MenuItem>
            ))}
          </TextField>
          <SearchField value={search} placeholder={t('admin.perms.search')} onChange={setSearch} />
          <Typography sx={{ alignSelf: 'center' }} color="textSecondary">
            {t('admin.perms.selectedCount', { count: current.size })}
          </Typography>
        </Stack>
        {catalogue.isSuccess && groups.length === 0 && (
          <Typography color="textSecondary">{t('admin.perms.noMatch')}</Typography>
        )}
        {groups.map((group) => {
          const state = moduleCheckState(group, current);
          const moduleKey = PERMISSION_MODULE_KEYS[group.module] ?? 'admin.modules.system';
          return (
            <Box key={group.module} sx={{ mb: 2 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={state === 'all'}
                    indeterminate={state === 'some'}
                    onChange={() => setSelected(toggleModule(group, current))}
                  />
                }
                label={<Typography sx={{ fontWeight: 600 }}>{t(moduleKey)}</Typography>}
              />
              <Box sx={{ pl: 4, display: 'grid', gridTemplateColumns: { md: '1fr 1fr' } }}>
                {group.permissions.map((p) => (
                  <FormControlLabel
                    key={p.code}
                    control={
                      <Checkbox
                        size="small"
                        checked={current.has(p.code)}
                        onChange={() => toggle(p.code)}
                      />
                    }
                    label={
                      <Box>
                        <Typography variant="body2">{permissionTexts(p, t).name}</Typography>
                        <Typography variant="caption" color="textSecondary">
                          {p.code}
                        </Typography>
                      </Box>
                    }
                  />
                ))}
              </Box>
            </Box>
          );
        })}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={saving || !catalogue.isSuccess}
        >
          {t('admin.common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
