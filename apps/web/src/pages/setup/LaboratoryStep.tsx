import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import type { SystemSettings } from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import {
  SYSTEM_SETTINGS_KEY,
  fetchSystemSettings,
  saveSystemSettings,
} from '../../api/systemSettingsApi';
import { useCan } from '../admin/common/useCan';
import { LaboratoryFields } from '../admin/settings/LaboratoryFields';
import { laboratoryChanges, type StepOutcome } from './setupSteps';
import { StepActions } from './StepActions';

type General = SystemSettings['general'];

/** Step 1: the laboratory identity of the report header, saved in the system settings. */
export function LaboratoryStep({ onDone }: { readonly onDone: (outcome: StepOutcome) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const allowed = useCan(['manage_system_settings']);
  const query = useQuery({
    queryKey: SYSTEM_SETTINGS_KEY,
    queryFn: fetchSystemSettings,
    enabled: allowed,
  });
  const [edited, setEdited] = useState<General | null>(null);
  const save = useMutation({
    mutationFn: (general: General) => saveSystemSettings({ general: laboratoryChanges(general) }),
    onSuccess: (saved) => {
      client.setQueryData(SYSTEM_SETTINGS_KEY, saved);
      onDone('saved');
    },
  });
  const skip = () => onDone('skipped');

  if (!allowed)
    return (
      <>
        <Alert severity="info">{t('setup.laboratory.noPermission')}</Alert>
        <StepActions busy={false} onSkip={skip} />
      </>
    );
  const general = edited ?? query.data?.general;
  return (
    <>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        {t('setup.laboratory.intro')}
      </Typography>
      {query.isPending && <CircularProgress />}
      {query.isError && <Alert severity="error">{t('admin.sys.loadFailed')}</Alert>}
      {general !== undefined && (
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <LaboratoryFields value={general} onChange={setEdited} />
        </Stack>
      )}
      {save.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(save.error, t('setup.saveFailed'))}
        </Alert>
      )}
      <StepActions
        busy={save.isPending}
        onSave={general === undefined ? undefined : () => save.mutate(general)}
        onSkip={skip}
      />
    </>
  );
}
