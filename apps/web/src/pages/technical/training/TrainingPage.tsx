import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useCan } from '../../admin/common/useCan';
import { ModelToolPage } from '../models/ModelToolPage';
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
    <ModelToolPage
      title={t(`${k}.title`)}
      allowed={allowed}
      noPermission={t(`${k}.noPermission`)}
      tab={tab}
      onTab={setTab}
      first={{
        value: 'train',
        label: t(`${k}.tabs.train`),
        content: <TrainNewModelTab key={query.id ?? 'new'} query={query} />,
      }}
      second={{
        value: 'models',
        label: t(`${k}.tabs.models`),
        content: <TrainedModelsTab onOpenRun={openRun} />,
      }}
    />
  );
}
