import { Alert, Box, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useCan } from '../../admin/common/useCan';
import { ClinicalBreadcrumbs } from '../../clinical/ClinicalBreadcrumbs';
import { TrainedModelsTab } from './TrainedModelsTab';
import { parseTrainingQuery } from './trainingLogic';
import { TrainNewModelTab } from './TrainNewModelTab';

const k = 'technical.training';

/**
 * Model Training (spec 2 §2.3): train a detection or morphology model and follow its run, or
 * manage the trained models. `?id=` reopens a model's run; `type` and `dataLabelId` preselect.
 */
export function TrainingPage() {
  const { t } = useTranslation();
  const allowed = useCan(['train_models']);
  const [search, setSearch] = useSearchParams();
  const query = parseTrainingQuery(search);
  const [tab, setTab] = useState<'train' | 'models'>('train');

  const openRun = (id: string) => {
    setSearch({ id });
    setTab('train');
  };

  return (
    <Box>
      <ClinicalBreadcrumbs
        crumbs={[
          { label: t(`${k}.crumbTechnical`), to: '/finetune/dashboard' },
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
            onChange={(_event, value: 'train' | 'models') => setTab(value)}
            sx={{ mb: 2 }}
          >
            <Tab value="train" label={t(`${k}.tabs.train`)} />
            <Tab value="models" label={t(`${k}.tabs.models`)} />
          </Tabs>
          {/* The run stays mounted on the other tab so its polling and logs continue. */}
          <Box hidden={tab !== 'train'}>
            <TrainNewModelTab key={query.id ?? 'new'} query={query} />
          </Box>
          {tab === 'models' && <TrainedModelsTab onOpenRun={openRun} />}
        </>
      )}
    </Box>
  );
}
