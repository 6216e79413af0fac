import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  ListItemText,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX, NAME_MAX, type AdminRole, type AdminUser } from '@sarm/contracts';

export interface UserFormValues {
  readonly email: string;
  readonly displayName: string;
  readonly roles: string[];
  readonly isActive: boolean;
}

/** Add or edit a user; in edit mode the e-mail is read-only (spec 3 §2). */
export function UserDialog(props: {
  readonly user: AdminUser | null;
  /** The signed-in administrator's own account: it cannot be deactivated here. */
  readonly isSelf?: boolean;
  readonly roles: readonly AdminRole[];
  readonly busy: boolean;
  readonly onClose: () => void;
  readonly onSubmit: (values: UserFormValues) => void;
}) {
  const { t } = useTranslation();
  const editing = props.user !== null;
  const [values, setValues] = useState<UserFormValues>({
    email: props.user?.email ?? '',
    displayName: props.user?.displayName ?? '',
    roles: props.user?.roles ?? [],
    isActive: props.user?.isActive ?? true,
  });
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (editing && values.displayName.trim() === '')
      return setError(t('admin.users.displayNameRequired'));
    if (!editing && (values.email.trim() === '' || values.displayName.trim() === ''))
      return setError(t('admin.users.required'));
    setError(null);
    props.onSubmit(values);
  };

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>{editing ? t('admin.users.editTitle') : t('admin.users.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {error !== null && <Alert severity="error">{error}</Alert>}
          <TextField
            label={t('admin.users.email')}
            type="email"
            value={values.email}
            disabled={editing}
            slotProps={{ htmlInput: { maxLength: EMAIL_MAX } }}
            helperText={editing ? t('admin.users.emailReadOnly') : t('admin.users.newUserHint')}
            onChange={(e) => setValues({ ...values, email: e.target.value })}
          />
          <TextField
            label={t('admin.users.displayName')}
            value={values.displayName}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            onChange={(e) => setValues({ ...values, displayName: e.target.value })}
          />
          <TextField
            select
            label={t('admin.users.roles')}
            value={values.roles}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (selected) =>
                  props.roles
                    .filter((role) => Array.isArray(selected) && selected.includes(role.id))
                    .map((role) => role.name)
                    .join(', '),
              },
            }}
            onChange={(e) => {
              const next: unknown = e.target.value;
              setValues({ ...values, roles: Array.isArray(next) ? next.map(String) : [] });
            }}
          >
            {props.roles.map((role) => (
              <MenuItem key={role.id} value={role.id}>
                <Checkbox checked={values.roles.includes(role.id)} size="small" />
                <ListItemText primary={role.name} secondary={role.code} />
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            disabled={props.isSelf === true}
            control={
              <Switch
                checked={values.isActive}
                onChange={(e) => setValues({ ...values, isActive: e.target.checked })}
              />
            }
            label={t('admin.users.activeLabel')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={props.busy}>
          {editing ? t('admin.common.save') : t('admin.users.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
