import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX, NAME_MAX, SHORT_TEXT_MAX, type AdminRole } from '@sarm/contracts';
import {
  emptyRoleForm,
  validateRoleForm,
  withCode,
  withName,
  type RoleFormState,
} from './roleForm';

/** Add or edit a role; the code follows the name until typed by hand; a system role keeps its code. */
export function RoleDialog(props: {
  readonly role: AdminRole | null;
  readonly roles: readonly AdminRole[];
  readonly busy: boolean;
  readonly onClose: () => void;
  readonly onSubmit: (values: RoleFormState) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState(() => emptyRoleForm(props.role));
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const problem = validateRoleForm(form, props.roles, props.role?.id ?? null);
    if (problem === null) {
      setError(null);
      props.onSubmit(form);
    } else if (problem.kind === 'required') setError(t('admin.roles.required'));
    else setError(t('admin.roles.codeTaken', { code: problem.code }));
  };

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {props.role === null ? t('admin.roles.addTitle') : t('admin.roles.editTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {error !== null && <Alert severity="error">{error}</Alert>}
          <TextField
            label={t('admin.roles.name')}
            value={form.name}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            onChange={(e) => setForm(withName(form, e.target.value))}
          />
          <TextField
            label={t('admin.roles.code')}
            value={form.code}
            disabled={props.role?.isSystem === true}
            slotProps={{ htmlInput: { maxLength: SHORT_TEXT_MAX } }}
            helperText={t('admin.roles.codeHelper')}
            onChange={(e) => setForm(withCode(form, e.target.value))}
          />
          <TextField
            label={t('admin.roles.description')}
            value={form.description}
            slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
            multiline
            minRows={2}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={props.busy}>
          {props.role === null ? t('admin.roles.add') : t('admin.common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
