import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { UserSettings } from '@sarm/contracts';
import { LANGUAGE_CODES, isLanguageCode } from '../../i18n/languages';
import type { ProjectChoice } from './defaultProject';

interface SettingsFormProps {
  readonly settings: UserSettings;
  /** The user's projects; the settings' default project is one of them or null. */
  readonly projects: readonly ProjectChoice[];
  readonly onChange: (changes: Partial<UserSettings>) => void;
}

const NO_PROJECT = '';

export function SettingsForm({ settings, projects, onChange }: SettingsFormProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <Typography variant="h6" component="h2">
        {t('settings.appearance')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={settings.darkMode}
            onChange={(e) => onChange({ darkMode: e.target.checked })}
          />
        }
        label={t('settings.darkMode')}
      />
      <FormControl fullWidth>
        <InputLabel id="settings-language-label">{t('settings.language')}</InputLabel>
        <Select
          labelId="settings-language-label"
          id="settings-language"
          label={t('settings.language')}
          value={settings.language}
          onChange={(e) => {
            if (isLanguageCode(e.target.value)) onChange({ language: e.target.value });
          }}
        >
          {LANGUAGE_CODES.map((code) => (
            <MenuItem key={code} value={code}>
              {t(`languages.${code}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl fullWidth>
        {/* "None" is a real choice, so the label stays raised over it. */}
        <InputLabel id="settings-project-label" shrink>
          {t('settings.defaultProject')}
        </InputLabel>
        <Select
          labelId="settings-project-label"
          aria-describedby="settings-project-hint"
          label={t('settings.defaultProject')}
          displayEmpty
          notched
          value={settings.defaultProject ?? NO_PROJECT}
          onChange={(e) =>
            onChange({ defaultProject: e.target.value === NO_PROJECT ? null : e.target.value })
          }
        >
          <MenuItem value={NO_PROJECT}>{t('settings.none')}</MenuItem>
          {projects.map((project) => (
            <MenuItem key={project.id} value={project.id}>
              {project.name}
            </MenuItem>
          ))}
        </Select>
        <FormHelperText id="settings-project-hint">
          {t('settings.defaultProjectHint')}
        </FormHelperText>
      </FormControl>
      <FormControlLabel
        control={
          <Switch
            checked={settings.emailNotifications}
            onChange={(e) => onChange({ emailNotifications: e.target.checked })}
          />
        }
        label={t('settings.emailNotifications')}
      />
    </Stack>
  );
}
