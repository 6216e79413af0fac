import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../admin/common/useCan';
import { ModelToolPage } from '../models/ModelToolPage';
import { RunPredictionTab } from './RunPredictionTab';
import { SavedPredictionsTab } from './SavedPredictionsTab';

const k = 'technical.prediction';

/** Model Prediction (spec 2 §2.3): run a trained model on a video, and browse saved predictions. */
export function PredictionPage() {
  const { t } = useTranslation();
  const allowed = useCan(['predict_models']);
  const [tab, setTab] = useState<'run' | 'saved'>('run');
  return (
    <ModelToolPage
      title={t(`${k}.title`)}
      allowed={allowed}
      noPermission={t(`${k}.noPermission`)}
      tab={tab}
      onTab={setTab}
      first={{ value: 'run', label: t(`${k}.tabs.run`), content: <RunPredictionTab /> }}
      second={{ value: 'saved', label: t(`${k}.tabs.saved`), content: <SavedPredictionsTab /> }}
    />
  );
}
