import {
  Alert,
  Box,
  Button,
  Paper,
  Stack,
  Step,
  StepButton,
  Stepper,
  Typography,
} from '@mui/material';
import type { CalibrationProfile } from '@sarm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { SYSTEM_SETTINGS_KEY, saveSystemSettings } from '../../api/systemSettingsApi';
import { useCan } from '../admin/common/useCan';
import { CalibrationStep } from './CalibrationStep';
import { LaboratoryStep } from './LaboratoryStep';
import { ProjectStep, type CreatedProject } from './ProjectStep';
import {
  INITIAL_SETUP_PROGRESS,
  SETUP_STEPS,
  advanceSetup,
  dashboardAfterSetup,
  isSetupFinished,
  type SetupAction,
  type SetupStep,
  type StepOutcome,
} from './setupSteps';
import { SetupSummary } from './SetupSummary';

/**
 * First-run setup (/setup, issue 32): laboratory identity, a first project and a microscope
 * calibration profile, each skippable. Finishing or skipping it is recorded in the system
 * settings so that no browser leads the administrator here again.
 */
export function FirstRunSetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const canRecord = useCan(['manage_system_settings']);
  const [progress, setProgress] = useState(INITIAL_SETUP_PROGRESS);
  const [project, setProject] = useState<CreatedProject | null>(null);
  const [profile, setProfile] = useState<CalibrationProfile | null>(null);
  const record = useMutation({
    mutationFn: () => saveSystemSettings({ setup: { completedAt: new Date().toISOString() } }),
    onSuccess: (saved) => client.setQueryData(SYSTEM_SETTINGS_KEY, saved),
  });

  const act = (action: SetupAction) => {
    const next = advanceSetup(progress, action);
    setProgress(next);
    if (canRecord && isSetupFinished(next) && !isSetupFinished(progress)) record.mutate();
  };
  const finish = (step: SetupStep) => (outcome: StepOutcome) =>
    act({ type: 'finish', step, outcome });
  const skipAll = async () => {
    if (canRecord) await record.mutateAsync();
    void navigate('/dashboard');
  };
  const finished = isSetupFinished(progress);
  const activeStep = SETUP_STEPS[progress.active];

  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('setup.title')}
          </Typography>
          <Typography color="textSecondary">{t('setup.intro')}</Typography>
        </Box>
        {!finished && (
          <Button disabled={record.isPending} onClick={() => void skipAll().catch(() => undefined)}>
            {t('setup.skipAll')}
          </Button>
        )}
      </Stack>
      <Stepper nonLinear activeStep={progress.active} sx={{ my: 3 }}>
        {SETUP_STEPS.map((step) => (
          <Step key={step} completed={progress.outcomes[step] === 'saved'}>
            <StepButton disabled={finished} onClick={() => act({ type: 'open', step })}>
              {t(`setup.steps.${step}`)}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      {!finished && record.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('setup.done.recordFailed', {
            message: errorMessage(record.error, t('setup.saveFailed')),
          })}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 3 }}>
        {activeStep === 'laboratory' && <LaboratoryStep onDone={finish('laboratory')} />}
        {activeStep === 'project' && (
          <ProjectStep
            created={project}
            onSaved={(created) => {
              setProject(created);
              finish('project')('saved');
            }}
            onSkip={() => finish('project')('skipped')}
          />
        )}
        {activeStep === 'calibration' && (
          <CalibrationStep
            created={profile}
            onSaved={(saved) => {
              setProfile(saved);
              finish('calibration')('saved');
            }}
            onSkip={() => finish('calibration')('skipped')}
          />
        )}
        {finished && (
          <SetupSummary
            progress={progress}
            dashboardPath={dashboardAfterSetup(project?.workflow ?? null)}
            recording={record.isPending ? 'pending' : record.isError ? 'failed' : 'done'}
            recordError={errorMessage(record.error, t('setup.saveFailed'))}
            onRetry={() => record.mutate()}
          />
        )}
      </Paper>
    </Box>
  );
}
