import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  PROJECT_ACCESS_LEVELS,
  type AdminRole,
  type ProjectAccessLevel,
  type ProjectUser,
} from '@sarm/contracts';
import { ACCESS_LEVEL_KEYS } from './accessLevels';

export interface MemberFormValues {
  readonly userId: string;
  readonly accessLevel: ProjectAccessLevel;
  readonly roles: string[];
}

/** Add a user to a project (pick a user) or edit a member's access level and roles. */
export function ProjectMemberForm(props: {
  readonly member: ProjectUser | null;
  readonly available: readonly { id: string; displayName: string; email: string }[];
  readonly roles: readonly AdminRole[];
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly onSubmit: (values: MemberFormValues) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<MemberFormValues>({
    userId: props.member?.id ?? '',
    accessLevel: props.member?.accessLevel ?? 'member',
    roles: props.member?.roles ?? [],
  });
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (values.userId === '') return setError(t('admin.projectUsers.selectUserRequired'));
    setError(null);
    props.onSubmit(values);
  };
  return (
    <Box sx={{ p: 2, mb: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {props.member === null
          ? t('admin.projectUsers.addTitle')
          : t('admin.projectUsers.editTitle')}
      </Typography>
      <Stack spacing={2}>
        {error !== null && <Alert severity="error">{error}</Alert>}
        {props.member === null ? (
          <TextField
            select
            size="small"
            label={t('admin.projectUsers.selectUser')}
            value={values.userId}
            onChange={(e) => setValues({ ...values, userId: e.target.value })}
          >
            {props.available.map((user) => (
              <MenuItem key={user.id} value={user.id}>
                {user.displayName} ({user.email})
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Typography>
            {props.member.user.displayName} ({props.member.user.email})
          </Typography>
        )}
        <TextField
          select
          size="small"
          label={t('admin.projectUsers.accessLevel')}
          value={values.accessLevel}
          onChange={(e) => {
            const level = PROJECT_ACCESS_LEVELS.find((l) => l === e.target.value);
            if (level !== undefined) setValues({ ...values, accessLevel: level });
          }}
        >
          {PROJECT_ACCESS_LEVELS.map((level) => (
            <MenuItem key={level} value={level}>
              {t(ACCESS_LEVEL_KEYS[level])}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('admin.projectUsers.roles')}
          value={values.roles}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) =>
                props.roles
                  .filter((r) => Array.isArray(selected) && selected.includes(r.id))
                  .map((r) => r.name)
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
              <Checkbox size="small" checked={values.roles.includes(role.id)} />
              <ListItemText primary={role.name} />
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={props.onCancel}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={submit} disabled={props.busy}>
            {t('admin.common.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
