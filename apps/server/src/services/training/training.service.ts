import type { Model, TrainingStatus, TrainModelRequest } from '@sarm/contracts';
import type { JobRegistry } from '../../jobs/job-registry.js';
import type { TaskQueue } from '../../jobs/task-queue.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { ModelsRepository } from '../../repositories/models.repository.js';
import type { TrainingDataRepository } from '../../repositories/training-data.repository.js';
import type { AuthContext } from '../access.js';
import { actorOf, type AuditService } from '../audit.service.js';
import type { Clock } from '../../clock.js';
import type { DataLabelsService } from '../data-labels.service.js';
import type { ModelsService } from '../models.service.js';
import { MODEL_MESSAGES } from '../models.service.js';
import { logLine, newTrainingRun, toTrainingStatus, withLog } from './training-run.js';

export const TRAIN_MESSAGES = {
  noSource: 'Please provide a model name and select a dataset',
  labelType: 'The data label must hold the model type (detection boxes or morphology crops)',
  emptySource: 'The data label has no labelled items to learn from',
  emptyDataset: 'The dataset has no data labels of the model type with items to learn from',
  notTraining: 'The model is not training',
  notFailed: 'Only a failed training can be retried',
} as const;

const LABEL_TYPES = {
  detection: ['detection'],
  morphology: ['morphology', 'morphology_segmentation'],
} as const;

/** Starting, following and stopping training (spec 2 §7.4). */
export function createTrainingService(deps: {
  models: ModelsService;
  modelRows: ModelsRepository;
  dataLabels: Pick<DataLabelsService, 'get'>;
  trainingData: TrainingDataRepository;
  queue: TaskQueue<JobRegistry>;
  audit: AuditService;
  clock: Clock;
}) {
  /** The label ids and dataset the run learns from; 400 when there is nothing to learn from. */
  async function source(auth: AuthContext, model: Model, body: TrainModelRequest) {
    const types: readonly string[] = LABEL_TYPES[model.type];
    if (body.data_label_id !== undefined) {
      const label = await deps.dataLabels.get(auth, body.data_label_id);
      if (!types.includes(label.label_type)) throw badRequest(TRAIN_MESSAGES.labelType);
      const datasetId = await deps.models.checkDataset(auth, label.dataset_id, model.type);
      if (!(await deps.trainingData.hasItems([label.id])))
        throw badRequest(TRAIN_MESSAGES.emptySource);
      return { dataLabelId: label.id, datasetId };
    }
    const datasetId = await deps.models.checkDataset(
      auth,
      body.dataset_id ?? model.dataset_id,
      model.type,
    );
    if (datasetId === null) throw badRequest(TRAIN_MESSAGES.noSource);
    const labelIds = await deps.trainingData.labelIds(datasetId, LABEL_TYPES[model.type]);
    if (!(await deps.trainingData.hasItems(labelIds)))
      throw badRequest(TRAIN_MESSAGES.emptyDataset);
    return { dataLabelId: null, datasetId };
  }

  /** Queues the training job of a model just marked training. */
  async function enqueue(auth: AuthContext, id: string): Promise<void> {
    try {
      const task = await deps.queue.enqueueTask('model.train', { modelId: id }, auth.user.id);
      await deps.modelRows.update(id, { taskId: task.id });
    } catch (error) {
      // Nothing will train it: leave the model as it was before, failed with the reason.
      await deps.modelRows.update(id, {
        status: 'failed',
        error: error instanceof Error ? error.message : String(error),
      });
      throw error;
    }
  }

  async function train(
    auth: AuthContext,
    id: string,
    body: TrainModelRequest,
  ): Promise<TrainingStatus> {
    const model = await deps.models.get(auth, id);
    if (model.status === 'training') throw conflict(MODEL_MESSAGES.training);
    const { dataLabelId, datasetId } = await source(auth, model, body);
    const { data_label_id: _label, dataset_id: _dataset, ...hyper } = body;
    const config = { ...model.config, ...hyper };
    const now = deps.clock.now();
    const started = await deps.modelRows.startTraining(id, {
      config,
      datasetId,
      dataLabelId,
      training: withLog(
        newTrainingRun({ epochs: config.epochs, now, dataLabelId, datasetId, seed: 1 }),
        logLine(
          now,
          `Training queued: ${config.epochs} epochs, batch size ${config.batch_size}, learning rate ${config.learning_rate}, validation split ${config.validation_split}`,
        ),
      ),
      stopRequested: false,
      checkpointKey: null,
      checkpointEpoch: null,
      error: null,
      updatedAt: now,
    });
    return launched(auth, model, started, 'started');
  }

  /** Queues a run the model row now holds (409 when another run holds it), audited. */
  async function launched(
    auth: AuthContext,
    model: { readonly id: string; readonly name: string },
    started: unknown,
    verb: 'started' | 'retried',
  ): Promise<TrainingStatus> {
    if (started === undefined) throw conflict(MODEL_MESSAGES.training);
    await enqueue(auth, model.id);
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Training of model "${model.name}" ${verb}`,
      actor: actorOf(auth.user),
      resource: { id: model.id, type: 'model' },
    });
    return status(auth, model.id);
  }

  async function status(auth: AuthContext, id: string): Promise<TrainingStatus> {
    const { model } = await deps.models.findVisible(auth, id);
    return toTrainingStatus(model);
  }

  /** Asks the run to stop at its next batch; the model becomes stopped when the worker stops. */
  async function stop(auth: AuthContext, id: string): Promise<TrainingStatus> {
    const { model } = await deps.models.findVisible(auth, id);
    // The worker looks for the request between batches (and before it starts).
    const row = await deps.modelRows.requestStop(id, deps.clock.now());
    if (row === undefined) throw conflict(TRAIN_MESSAGES.notTraining);
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Training of model "${model.name}" stopped`,
      actor: actorOf(auth.user),
      resource: { id, type: 'model' },
    });
    return status(auth, id);
  }

  /**
   * Trains a failed model again with the settings and data of its failed run: from its last saved
   * epoch when one was saved, else from the first. 409 unless the model failed.
   */
  async function retry(auth: AuthContext, id: string): Promise<TrainingStatus> {
    const model = await deps.models.get(auth, id);
    if (model.status !== 'failed') throw conflict(TRAIN_MESSAGES.notFailed);
    const row = await deps.modelRows.findRow(id);
    const run = row?.training ?? null;
    if (row === undefined || run === null) return train(auth, id, {});
    const { dataLabelId, datasetId } = await source(auth, model, {
      ...(run.data_label_id === null ? {} : { data_label_id: run.data_label_id }),
      ...(run.dataset_id === null ? {} : { dataset_id: run.dataset_id }),
    });
    const now = deps.clock.now();
    const resumeEpoch = row.checkpointKey === null ? null : row.checkpointEpoch;
    const next =
      resumeEpoch === null
        ? {
            ...newTrainingRun({
              epochs: run.epochs,
              now,
              dataLabelId,
              datasetId,
              seed: run.seed,
            }),
            logs: run.logs,
          }
        : run;
    const line =
      resumeEpoch === null
        ? 'Retry requested: starting again from the first epoch'
        : `Retry requested: resuming from epoch ${resumeEpoch}`;
    const started = await deps.modelRows.startTraining(id, {
      training: withLog(next, logLine(now, line)),
      stopRequested: false,
      ...(resumeEpoch === null ? { checkpointKey: null, checkpointEpoch: null } : {}),
      error: null,
      updatedAt: now,
    });
    return launched(auth, model, started, 'retried');
  }

  return { train, status, stop, retry };
}
export type TrainingService = ReturnType<typeof createTrainingService>;
