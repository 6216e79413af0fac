import { Alert, Box, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../admin/common/useCan';
import { ClinicalBreadcrumbs } from '../../clinical/ClinicalBreadcrumbs';
import { RunPredictionTab } from './RunPredictionTab';
import { SavedPredictionsTab } from './SavedPredictionsTab';

const k = 'technical.prediction';

/** Model Prediction (spec 2 §2.3): run a trained model on a video, and browse saved predictions. */
export function PredictionPage() {
  const { t } = useTranslation();
  const allowed = useCan(['predict_models']);
  const [tab, setTab] = useState<'run' | 'saved'>('run');
  return (
    <Box>
      <ClinicalBreadcrumbs
        crumbs={[
          { label: t('technical.training.crumbTechnical'), to: '/finetune/dashboard' },
          { label: t(`${k}.title`) },
        ]}
      />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t(`${k}.title`)}
      </Typography>
      {!allowed ? (
        <Alert severity="warning">{t(`${k}.noPermission`)}</Alert>
      ) : (
        <>
          <Tabs
            value={tab}
            onChange={(_event, value: 'run' | 'saved') => setTab(value)}
            sx={{ mb: 2 }}
          >
            <Tab value="run" label={t(`${k}.tabs.run`)} />
            <Tab value="saved" label={t(`${k}.tabs.saved`)} />
          </Tabs>
          {/* The run stays mounted on the other tab so its progress keeps updating. */}
          <Box hidden={tab !== 'run'}>
            <RunPredictionTab />
          </Box>
          {tab === 'saved' && <SavedPredictionsTab />}
        </>
      )}
    </Box>
  );
}
