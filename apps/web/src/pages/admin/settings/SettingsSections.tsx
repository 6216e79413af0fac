import { FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  COMPRESSION_LEVELS,
  DESCRIPTION_MAX,
  EMAIL_MAX,
  NAME_MAX,
  VIDEO_STORAGE_KINDS,
  type SystemSettings,
} from '@sarm/contracts';
import { LaboratoryFields } from './LaboratoryFields';

type Section<K extends keyof SystemSettings> = {
  readonly value: SystemSettings[K];
  readonly onChange: (next: SystemSettings[K]) => void;
};

const num = (text: string) => (text === '' ? 0 : Number(text));

export function GeneralFields({ value, onChange }: Section<'general'>) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        size="small"
        label={t('admin.sys.siteName')}
        value={value.siteName}
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        onChange={(e) => onChange({ ...value, siteName: e.target.value })}
      />
      <TextField
        size="small"
        label={t('admin.sys.siteDescription')}
        value={value.siteDescription}
        slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
        onChange={(e) => onChange({ ...value, siteDescription: e.target.value })}
      />
      <TextField
        size="small"
        type="email"
        label={t('admin.sys.adminEmail')}
        value={value.adminEmail}
        slotProps={{ htmlInput: { maxLength: EMAIL_MAX } }}
        onChange={(e) => onChange({ ...value, adminEmail: e.target.value })}
      />
      <TextField
        size="small"
        type="email"
        label={t('admin.sys.contactEmail')}
        value={value.contactEmail}
        slotProps={{ htmlInput: { maxLength: EMAIL_MAX } }}
        onChange={(e) => onChange({ ...value, contactEmail: e.target.value })}
      />
      <TextField
        size="small"
        type="number"
        label={t('admin.sys.maxUploadSize')}
        value={value.maxUploadSize}
        onChange={(e) => onChange({ ...value, maxUploadSize: num(e.target.value) })}
      />
      <TextField
        size="small"
        type="number"
        label={t('admin.sys.reportEmailsPerHour')}
        value={value.reportEmailsPerHour}
        slotProps={{ htmlInput: { min: 1 } }}
        onChange={(e) => onChange({ ...value, reportEmailsPerHour: num(e.target.value) })}
      />
      <LaboratoryFields value={value} onChange={onChange} />
    </>
  );
}

export function SecurityFields({ value, onChange }: Section<'security'>) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        size="small"
        type="number"
        label={t('admin.sys.passwordMinLength')}
        value={value.passwordMinLength}
        onChange={(e) => onChange({ ...value, passwordMinLength: num(e.target.value) })}
      />
      <TextField
        size="small"
        type="number"
        label={t('admin.sys.requirePasswordReset')}
        value={value.requirePasswordReset}
        onChange={(e) => onChange({ ...value, requirePasswordReset: num(e.target.value) })}
      />
      <TextField
        size="small"
        type="number"
        label={t('admin.sys.sessionTimeout')}
        value={value.sessionTimeout}
        onChange={(e) => onChange({ ...value, sessionTimeout: num(e.target.value) })}
      />
      <TextField
        size="small"
        type="number"
        label={t('admin.sys.refreshTokenMaxAgeDays')}
        helperText={t('admin.sys.refreshTokenMaxAgeDaysHelp')}
        value={value.refreshTokenMaxAgeDays}
        onChange={(e) => onChange({ ...value, refreshTokenMaxAgeDays: num(e.target.value) })}
      />
      <FormControlLabel
        control={
          <Switch
            checked={value.allowRegistration}
            onChange={(e) => onChange({ ...value, allowRegistration: e.target.checked })}
          />
        }
        label={t('admin.sys.allowRegistration')}
      />
      <FormControlLabel
        disabled
        control={<Switch checked={value.twoFactorAuth} />}
        label={`${t('admin.sys.twoFactorAuth')} — ${t('admin.sys.twoFactorSoon')}`}
      />
    </>
  );
}

const STORAGE_KEYS = {
  local: 'admin.sys.storageLocal',
  cloud: 'admin.sys.storageCloud',
  firebase: 'admin.sys.storageFirebase',
} as const;
const COMPRESSION_KEYS = {
  none: 'admin.sys.compressionNone',
  low: 'admin.sys.compressionLow',
  medium: 'admin.sys.compressionMedium',
  high: 'admin.sys.compressionHigh',
} as const;

export function StorageFields({ value, onChange }: Section<'storage'>) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        select
        size="small"
        label={t('admin.sys.defaultVideoStorage')}
        value={value.defaultVideoStorage}
        onChange={(e) =>
          onChange({
            ...value,
            defaultVideoStorage: VIDEO_STORAGE_KINDS.find((k) => k === e.target.value) ?? 'local',
          })
        }
      >
        {VIDEO_STORAGE_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind} disabled={kind !== 'local'}>
            {t(STORAGE_KEYS[kind])} {kind !== 'local' && t('admin.sys.notAvailable')}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="number"
        label={t('admin.sys.videoRetentionPeriod')}
        value={value.videoRetentionPeriod}
        onChange={(e) => onChange({ ...value, videoRetentionPeriod: num(e.target.value) })}
      />
      <TextField
        size="small"
        label={t('admin.sys.allowedVideoFormats')}
        helperText={t('admin.sys.allowedVideoFormatsHelp')}
        value={value.allowedVideoFormats}
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        onChange={(e) => onChange({ ...value, allowedVideoFormats: e.target.value })}
      />
      <TextField
        select
        size="small"
        label={t('admin.sys.compressionLevel')}
        value={value.compressionLevel}
        onChange={(e) =>
          onChange({
            ...value,
            compressionLevel: COMPRESSION_LEVELS.find((k) => k === e.target.value) ?? 'medium',
          })
        }
      >
        {COMPRESSION_LEVELS.map((level) => (
          <MenuItem key={level} value={level}>
            {t(COMPRESSION_KEYS[level])}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

const NOTIFICATION_FIELDS = [
  'emailNotifications',
  'analysisCompletedNotification',
  'systemUpdatesNotification',
  'newUserNotification',
] as const;

export function NotificationFields({ value, onChange }: Section<'notifications'>) {
  const { t } = useTranslation();
  return (
    <>
      {NOTIFICATION_FIELDS.map((field) => (
        <FormControlLabel
          key={field}
          control={
            <Switch
              checked={value[field]}
              onChange={(e) => onChange({ ...value, [field]: e.target.checked })}
            />
          }
          label={t(`admin.sys.${field}`)}
        />
      ))}
    </>
  );
}
