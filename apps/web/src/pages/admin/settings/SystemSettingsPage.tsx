import { useState } from 'react';
import { Alert, CircularProgress, Grid } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SystemSettings, SystemSettingsSection } from '@sarm/contracts';
import {
  fetchSystemSettings,
  saveSystemSettings,
  SYSTEM_SETTINGS_KEY,
} from '../../../api/systemSettingsApi';
import { errorMessage } from '../../../api/client';
import { useFeedback } from '../../../feedback/feedbackContext';
import { AdminPage } from '../common/AdminPage';
import { useCan } from '../common/useCan';
import { SectionCard } from './SectionCard';
import { SegmentationModelsCard } from './SegmentationModelsCard';
import {
  GeneralFields,
  NotificationFields,
  SecurityFields,
  StorageFields,
} from './SettingsSections';

/** System Settings (/admin/settings): General, Security, Storage and Notifications, each saved on its own. */
export function SystemSettingsPage() {
  const { t } = useTranslation();
  const allowed = useCan(['manage_system_settings']);
  const { addAlert } = useFeedback();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: SYSTEM_SETTINGS_KEY,
    queryFn: fetchSystemSettings,
    enabled: allowed,
  });
  const [edits, setEdits] = useState<Partial<SystemSettings>>({});
  const [saving, setSaving] = useState<SystemSettingsSection | null>(null);

  if (allowed && query.isPending) return <CircularProgress />;
  if (allowed && query.isError) return <Alert severity="error">{t('admin.sys.loadFailed')}</Alert>;
  const settings = query.data === undefined ? undefined : { ...query.data, ...edits };

  const save = async (section: SystemSettingsSection) => {
    if (!allowed || settings === undefined)
      return addAlert({ type: 'error', message: t('admin.sys.noPermission') });
    setSaving(section);
    try {
      const saved = await saveSystemSettings({ [section]: settings[section] });
      client.setQueryData(SYSTEM_SETTINGS_KEY, saved);
      setEdits(({ [section]: _, ...rest }) => rest);
      addAlert({
        type: 'success',
        message: t('admin.sys.saved', { section: t(`admin.sys.${section}`) }),
      });
    } catch (error) {
      addAlert({
        type: 'error',
        message: `${t('admin.sys.saveFailed')}: ${errorMessage(error, '')}`,
      });
    } finally {
      setSaving(null);
    }
  };
  const card = (section: SystemSettingsSection, fields: React.ReactNode) => (
    <Grid size={{ xs: 12, md: 6 }}>
      <SectionCard
        title={t(`admin.sys.${section}`)}
        saveLabel={t('admin.sys.save')}
        busy={saving === section}
        onSave={() => void save(section)}
      >
        {fields}
      </SectionCard>
    </Grid>
  );

  return (
    <AdminPage
      title={t('admin.sys.title')}
      allowed={allowed}
      deniedText={t('admin.sys.noPermissionView')}
    >
      {settings !== undefined && (
        <Grid container spacing={3}>
          {card(
            'general',
            <GeneralFields
              value={settings.general}
              onChange={(general) => setEdits({ ...edits, general })}
            />,
          )}
          {card(
            'security',
            <SecurityFields
              value={settings.security}
              onChange={(security) => setEdits({ ...edits, security })}
            />,
          )}
          {card(
            'storage',
            <StorageFields
              value={settings.storage}
              onChange={(storage) => setEdits({ ...edits, storage })}
            />,
          )}
          {card(
            'notifications',
            <NotificationFields
              value={settings.notifications}
              onChange={(notifications) => setEdits({ ...edits, notifications })}
            />,
          )}
          <Grid size={12}>
            <SegmentationModelsCard />
          </Grid>
        </Grid>
      )}
    </AdminPage>
  );
}
