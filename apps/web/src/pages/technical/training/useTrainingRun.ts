import type { CreateModelRequest, TrainModelRequest, TrainingStatus } from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import {
  createModel,
  fetchTrainingStatus,
  modelKeys,
  retryTraining,
  stopTraining,
  trainModel,
  updateModel,
} from '../../../api/technical/modelsApi';
import { useToast } from '../../../feedback/feedbackContext';
import { hasTrainedWeights, logTime, shouldPollTraining, TRAINING_POLL_MS } from './trainingLogic';

const k = 'technical.training';

/**
 * One training run: creates and trains a model, polls its status every 2 s while it trains, stops
 * it, retries it when it failed and saves its name and notes. Client errors join the server's log lines.
 */
export function useTrainingRun(initialModelId: string | null) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const [modelId, setModelId] = useState<string | null>(initialModelId);
  const [clientLogs, setClientLogs] = useState<string[]>([]);

  const status = useQuery({
    queryKey: modelKeys.trainingStatus(modelId ?? ''),
    queryFn: () => fetchTrainingStatus(modelId ?? ''),
    enabled: modelId !== null,
    refetchInterval: (query) => (shouldPollTraining(query.state.data) ? TRAINING_POLL_MS : false),
  });
  const current = status.data?.status;
  useEffect(() => {
    // A run that ends (trained, stopped, failed) changes the Trained Models table.
    if (current !== undefined && current !== 'training')
      void client.invalidateQueries({ queryKey: modelKeys.all });
  }, [current, client]);

  const showStatus = (answer: TrainingStatus) =>
    client.setQueryData(modelKeys.trainingStatus(answer.model_id), answer);

  const start = useMutation({
    mutationFn: async (requests: { create: CreateModelRequest; train: TrainModelRequest }) => {
      const model = await createModel(requests.create);
      setModelId(model.id);
      return trainModel(model.id, requests.train);
    },
    onSuccess: async (answer) => {
      showStatus(answer);
      await client.invalidateQueries({ queryKey: modelKeys.all });
    },
    onError: (error) => {
      const message = errorMessage(error, t('errors.fetch'));
      setClientLogs((lines) => [
        ...lines,
        `${logTime(new Date())} ${t(`${k}.errorStarting`, { message })}`,
      ]);
    },
  });

  const stop = useMutation({
    mutationFn: (id: string) => stopTraining(id),
    onSuccess: showStatus,
    onError: (error) => toast(errorMessage(error, t('errors.fetch')), 'error'),
  });

  const retry = useMutation({
    mutationFn: (id: string) => retryTraining(id),
    onSuccess: async (answer) => {
      showStatus(answer);
      await client.invalidateQueries({ queryKey: modelKeys.all });
    },
    onError: (error) =>
      toast(t(`${k}.errorRetrying`, { message: errorMessage(error, t('errors.fetch')) }), 'error'),
  });

  const save = useMutation({
    mutationFn: (input: { id: string; name: string; notes: string }) =>
      updateModel(input.id, { name: input.name.trim(), notes: input.notes }),
    onSuccess: async (model) => {
      toast(t(`${k}.saved`, { name: model.name }), 'success');
      await client.invalidateQueries({ queryKey: modelKeys.all });
    },
    onError: (error) =>
      toast(t(`${k}.errorSaving`, { message: errorMessage(error, t('errors.fetch')) }), 'error'),
  });

  /** Save Trained Model: only a model with trained weights can be saved. */
  const saveModel = (name: string, notes: string) => {
    if (modelId === null || !hasTrainedWeights(current))
      return toast(t(`${k}.noActiveModel`), 'warning');
    save.mutate({ id: modelId, name, notes });
  };

  return {
    modelId,
    status: status.data,
    statusError: status.isError,
    logs: [...(status.data?.logs ?? []), ...clientLogs],
    start,
    stop,
    retry,
    saving: save.isPending,
    saveModel,
  };
}
