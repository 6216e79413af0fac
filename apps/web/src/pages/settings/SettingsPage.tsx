import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasPermission, type UserSettings } from '@sarm/contracts';
import { fetchUserSettings, saveUserSettings } from '../../api/authApi';
import { PROJECTS_QUERY_KEY, fetchMyProjects } from '../../api/projectsApi';
import { useAuth } from '../../auth/authContext';
import { useFeedback } from '../../feedback/feedbackContext';
import { useColorMode } from '../../theme/colorModeContext';
import { CalibrationProfilesCard } from './CalibrationProfilesCard';
import { effectiveDefaultProject } from './defaultProject';
import { SettingsForm } from './SettingsForm';

export const SETTINGS_QUERY_KEY = ['auth', 'settings'] as const;

/** Personal settings; dark mode and language apply at once, Save Settings stores them on the server. */
export function SettingsPage() {
  const { t, i18n } = useTranslation();
  const { user, permissionCodes, refreshUser } = useAuth();
  const { mode, setMode } = useColorMode();
  const { addAlert } = useFeedback();
  const query = useQuery({ queryKey: SETTINGS_QUERY_KEY, queryFn: fetchUserSettings });
  // The user's projects from the project list; the signed-in user's copy stands in meanwhile.
  const projectsQuery = useQuery({ queryKey: PROJECTS_QUERY_KEY, queryFn: fetchMyProjects });
  const projects = projectsQuery.data ?? user?.projects ?? [];
  const [edits, setEdits] = useState<Partial<UserSettings>>({});
  const save = useMutation({
    mutationFn: saveUserSettings,
    onSuccess: async () => {
      addAlert({ type: 'success', message: t('settings.saved') });
      await refreshUser();
    },
    onError: () => addAlert({ type: 'error', message: t('settings.saveFailed') }),
  });

  if (query.isPending) return <CircularProgress />;
  if (query.isError) return <Alert severity="error">{t('settings.loadFailed')}</Alert>;

  // The theme switch reflects the theme actually shown, which is stored locally.
  const merged: UserSettings = { ...query.data, ...edits, darkMode: mode === 'dark' };
  const settings: UserSettings = {
    ...merged,
    defaultProject: effectiveDefaultProject(merged.defaultProject, projects),
  };
  const change = (next: Partial<UserSettings>) => {
    if (next.darkMode !== undefined) setMode(next.darkMode ? 'dark' : 'light');
    if (next.language !== undefined) void i18n.changeLanguage(next.language);
    setEdits((current) => ({ ...current, ...next }));
  };

  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('settings.title')}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {t('settings.appliedOnSignIn')}
      </Typography>
      <Card>
        <CardContent>
          <SettingsForm settings={settings} projects={projects} onChange={change} />
          <Button
            variant="contained"
            sx={{ mt: 3 }}
            disabled={save.isPending}
            onClick={() => save.mutate(settings)}
            startIcon={save.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {t('settings.save')}
          </Button>
        </CardContent>
      </Card>
      {hasPermission(permissionCodes, 'manage_system_settings') && (
        <Card sx={{ mt: 3 }}>
          <CardContent>
            <Stack spacing={1}>
              <Typography variant="h6" component="h2">
                {t('settings.systemSettings')}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {t('settings.systemSettingsHint')}
              </Typography>
              <Link component={RouterLink} to="/admin/settings">
                {t('settings.systemSettings')}
              </Link>
            </Stack>
          </CardContent>
        </Card>
      )}
      {hasPermission(permissionCodes, 'manage_calibration') && <CalibrationProfilesCard />}
    </Box>
  );
}
