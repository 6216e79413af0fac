import { Grid } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clinicalKeys, fetchAllDatasets } from '../../../api/clinicalApi';
import { fetchDataLabel } from '../../../api/technical/annotationApi';
import { maskExtractionKeys } from '../../../api/technical/maskExtractionApi';
import { dataLabelKeys, fetchDatasetLabels } from '../../../api/technical/labelsApi';
import { fetchModel, modelKeys } from '../../../api/technical/modelsApi';
import { useConfirm, useToast } from '../../../feedback/feedbackContext';
import { TrainingConfigForm } from './TrainingConfigForm';
import { TrainingProgressPanel } from './TrainingProgressPanel';
import {
  datasetsForType,
  defaultConfigDraft,
  emptyTrainingForm,
  labelsForType,
  trainingRequests,
  type TrainingForm,
  type TrainingQuery,
} from './trainingLogic';
import { useTrainingRun } from './useTrainingRun';

const k = 'technical.training';

/** Train New Model: the configuration form beside the run's progress, logs and curves. */
export function TrainNewModelTab({ query }: { readonly query: TrainingQuery }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirm();
  const [form, setForm] = useState<TrainingForm>(() => emptyTrainingForm(query.type ?? undefined));
  const run = useTrainingRun(query.id);

  const datasets = useQuery({ queryKey: clinicalKeys.allDatasets, queryFn: fetchAllDatasets });
  const labels = useQuery({
    queryKey: dataLabelKeys.ofDataset(form.datasetId, ''),
    queryFn: () => fetchDatasetLabels(form.datasetId, ''),
    enabled: form.datasetId !== '',
  });
  // An address with id reopens that model's run; one with dataLabelId preselects its dataset.
  const opened = useQuery({
    queryKey: modelKeys.model(query.id ?? ''),
    queryFn: () => fetchModel(query.id ?? ''),
    enabled: query.id !== null,
  });
  // The run's own model (a new run has no address id): its type tells how to read the curves.
  const runModel = useQuery({
    queryKey: modelKeys.model(run.modelId ?? ''),
    queryFn: () => fetchModel(run.modelId ?? ''),
    enabled: run.modelId !== null,
  });
  const preselected = useQuery({
    queryKey: maskExtractionKeys.label(query.dataLabelId ?? ''),
    queryFn: () => fetchDataLabel(query.dataLabelId ?? ''),
    enabled: query.dataLabelId !== null && query.id === null,
  });
  // Prefilled once: later refetches (the run ending) must not undo what the user typed.
  const prefilled = useRef(false);
  const model = opened.data;
  const label = preselected.data;
  useEffect(() => {
    if (prefilled.current) return;
    if (model !== undefined) {
      prefilled.current = true;
      setForm({
        name: model.name,
        type: model.type,
        datasetId: model.dataset_id ?? '',
        dataLabelId: model.data_label_id ?? '',
        notes: model.notes,
        config: defaultConfigDraft(model.config),
      });
    } else if (label !== undefined && label !== null) {
      prefilled.current = true;
      setForm((current) => ({ ...current, datasetId: label.dataset_id, dataLabelId: label.id }));
    }
  }, [model, label]);

  const start = () => {
    const requests = trainingRequests(form);
    if (!requests.ok) {
      const message =
        requests.error.kind === 'nameAndDataset'
          ? t(`${k}.nameAndDatasetRequired`)
          : t(`${k}.outOfBounds`, { field: t(`${k}.fields.${requests.error.field}`) });
      return toast(message, 'warning');
    }
    run.start.mutate({ create: requests.create, train: requests.train });
  };
  const stop = async () => {
    const id = run.modelId;
    if (id === null) return;
    await confirm({
      message: t(`${k}.stopConfirm`),
      onConfirm: () => run.stop.mutateAsync(id),
    });
  };

  const training = run.status?.status === 'training';
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 5 }}>
        <TrainingConfigForm
          form={form}
          datasets={datasetsForType(datasets.data?.datasets ?? [], form.type)}
          labels={labelsForType(labels.data?.data_labels ?? [], form.type)}
          locked={training}
          starting={run.start.isPending}
          onChange={(patch) => setForm((current) => ({ ...current, ...patch }))}
          onStart={start}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <TrainingProgressPanel
          status={run.status}
          modelType={runModel.data?.type ?? null}
          logs={run.logs}
          stopping={run.stop.isPending}
          retrying={run.retry.isPending}
          saving={run.saving}
          onStop={() => void stop()}
          onRetry={() => {
            if (run.modelId !== null) run.retry.mutate(run.modelId);
          }}
          onSave={() => run.saveModel(form.name, form.notes)}
        />
      </Grid>
    </Grid>
  );
}
