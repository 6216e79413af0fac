import type { ValidationFrame } from '@sarm/contracts';
import {
  sampleSourceOf,
  savedHeadDetectorOf,
  type DetectionSampleSource,
  type SavedWeights,
} from '@sarm/ml';
import {
  startTraining,
  type EpochReport,
  type TrainingFault,
  type TrainingRequest,
  type WatchdogOptions,
} from '@sarm/ml/node';
import type { Clock } from '../../clock.js';
import type { ModelRow, TrainingRun } from '../../db/schema/index.js';
import type { JobContext } from '../../jobs/job-definition.js';
import type { ModelsRepository } from '../../repositories/models.repository.js';
import type { TrainingDataRepository } from '../../repositories/training-data.repository.js';
import type { FileStorage } from '../../storage/storage.js';
import { deleteModelFiles, modelFileKeys, readBundle, writeBundle } from './model-files.js';
import {
  buildTrainingRequest,
  TRAINING_DATA_MESSAGES,
  trainedMetadata,
} from './training-request.js';
import { logLine, withLog } from './training-run.js';
import { attemptEndedLine, explainRecordedEnd, hasAttemptEndNote } from './attempt-notes.js';
import { detectorValidationFigures } from './validation-figures.js';

/** Limits of a run, changed by tests (and by operators who know their machine). */
export interface TrainerTuning {
  /** When a silent trainer is ended and resumed; max(120 s, 20 x median batch time) by default. */
  readonly watchdog?: WatchdogOptions;
  /** The WebAssembly heap a run may use, bytes; the backend's maximum (4 GiB) by default. */
  readonly heapLimitBytes?: number;
  /** Tests only: the fault the worker plays in attempt `attempt` (0 for the first). */
  readonly faultFor?: (attempt: number) => TrainingFault | undefined;
}

/** Failures that no retry can cure: the model fails at once. */
export const TRAINING_MESSAGES = TRAINING_DATA_MESSAGES;

/** How often the running epoch's progress is written and a stop request looked for, ms. */
const BATCH_WRITE_MS = 1000;
/** How often at most the weights are saved to resume from (and always at the last epoch), ms. */
const CHECKPOINT_MS = 5000;

const orNull = (value: number) => (Number.isFinite(value) ? value : null);

/**
 * Runs a model's training on this worker, off its event loop (a worker thread), writing curves,
 * logs and a checkpoint after every epoch, so a retried job resumes from the last saved epoch.
 */
export function createModelTrainer(deps: {
  models: ModelsRepository;
  trainingData: TrainingDataRepository;
  storage: FileStorage;
  clock: Clock;
  /** The crop margin of a video's dataset, in pixels (morphology crops are cut as stored crops). */
  cropMarginPx: (videoId: string) => Promise<number>;
  /** Why attempts ended and runs resumed, at `warn` in the server log. */
  warn?: (message: string) => void;
  tuning?: TrainerTuning;
}) {
  const keys = modelFileKeys;
  const tuning = deps.tuning ?? {};
  const warn = (modelId: string, line: string) =>
    deps.warn?.(`Training of model ${modelId}: ${line}`);

  /** Trains the model; answers what happened. Throws to have the job retried or failed. */
  async function train(modelId: string, context: JobContext) {
    const model = await deps.models.findRow(modelId);
    if (model?.status !== 'training' || model.training === null) return { skipped: true };
    let run: TrainingRun = model.training;
    const now = () => deps.clock.now();
    if (model.stopRequested) return finishStopped(modelId, run);

    let resume: { saved: SavedWeights; lastEpoch: number } | undefined;
    if (model.checkpointKey !== null && model.checkpointEpoch !== null) {
      const bundle = await readBundle(deps.storage, model.checkpointKey);
      resume = { saved: bundle.saved, lastEpoch: model.checkpointEpoch };
    }
    const built = await buildTrainingRequest(deps, model, run, resume);
    const request: TrainingRequest = {
      ...built.request,
      heapLimitBytes: tuning.heapLimitBytes,
      fault: tuning.faultFor?.(context.attempt),
    };
    // The attempt before this one ended without saying why (its process died, or it lost its
    // lease): say what is known of it before resuming.
    if (context.attempt > 0 && !hasAttemptEndNote(run, context.attempt)) {
      const line = `Attempt ${context.attempt} ended without a report: ${explainRecordedEnd(context.previousEnd ?? null)}`;
      run = withLog(run, logLine(now(), line));
      warn(modelId, line);
    }
    if (resume !== undefined) {
      run = truncateRun(run, resume.lastEpoch);
      run = withLog(run, logLine(now(), `Resuming from epoch ${resume.lastEpoch}`));
    } else {
      run = truncateRun(run, 0);
      const count =
        request.kind === 'detection'
          ? sampleSourceOf(request.samples).count
          : request.samples.length;
      const unit = request.kind === 'detection' ? 'frames' : 'crops';
      run = withLog(run, logLine(now(), `Training started on ${count} ${unit}`));
    }

    // Writes go one after another so a slow write never lands after a later one.
    let writes = Promise.resolve();
    const write = (values: Parameters<ModelsRepository['update']>[1]) => {
      writes = writes.then(async () => {
        await deps.models.update(modelId, { ...values, updatedAt: now() });
      });
      return writes;
    };
    await write({ training: run });

    let lastBatchWrite = 0;
    let checking = false;
    // Epochs are written at most every BATCH_WRITE_MS and their weights every CHECKPOINT_MS: a
    // fast training (small data) then costs the server a few writes a second, not one per epoch.
    let lastEpochWrite = 0;
    let lastCheckpoint = 0;
    let unsavedBest: SavedWeights | undefined;
    /** Saves the best epoch's weights when they changed since last saved. */
    const saveBest = async () => {
      if (unsavedBest === undefined) return;
      const saved = unsavedBest;
      unsavedBest = undefined;
      await writeBundle(deps.storage, keys(modelId).best, {
        metadata: trainedMetadata(model, run, now(), built.umPerPixel),
        saved,
      });
    };
    /** Saves the weights to resume from (and the best ones), then the run. */
    const saveCheckpoint = async (saved: SavedWeights, epoch: number) => {
      await writeBundle(deps.storage, keys(modelId).checkpoint, {
        metadata: trainedMetadata(model, run, now(), built.umPerPixel),
        saved,
      });
      await saveBest();
      await write({
        training: run,
        checkpointKey: keys(modelId).checkpoint,
        checkpointEpoch: epoch,
      });
    };
    const handle = startTraining<TrainingRequest>(
      request,
      {
        onBatch(_epoch, done, total) {
          run = { ...run, batch_fraction: done / Math.max(total, 1) };
          const time = Date.now();
          if (time - lastBatchWrite < BATCH_WRITE_MS || checking) return;
          lastBatchWrite = time;
          checking = true;
          void (async () => {
            await write({ training: run });
            const fresh = await deps.models.findRow(modelId);
            if (fresh?.stopRequested === true) handle.stop();
          })()
            .catch(() => undefined)
            .finally(() => {
              checking = false;
            });
        },
        onLog(line) {
          // Epoch lines are written below with the spec's metric names.
          if (!line.startsWith('Epoch ')) run = withLog(run, logLine(now(), line));
        },
        async onEpoch(report: EpochReport) {
          const { metrics } = report;
          run = {
            ...run,
            loss: [...run.loss, metrics.loss],
            accuracy: [...run.accuracy, metrics.accuracy],
            val_loss: [...run.val_loss, orNull(metrics.valLoss)],
            val_accuracy: [...run.val_accuracy, orNull(metrics.valAccuracy)],
            epoch_seconds: [...run.epoch_seconds, metrics.seconds],
            best_epoch: report.best ? metrics.epoch : run.best_epoch,
            batch_fraction: 0,
          };
          run = withLog(run, logLine(now(), epochLine(run, metrics.epoch)));
          if (report.best) unsavedBest = report.saved;
          const time = Date.now();
          const last = metrics.epoch === metrics.epochs;
          if (time - lastCheckpoint >= CHECKPOINT_MS || last) {
            lastCheckpoint = time;
            lastEpochWrite = time;
            await saveCheckpoint(report.saved, metrics.epoch);
          } else if (time - lastEpochWrite >= BATCH_WRITE_MS) {
            lastEpochWrite = time;
            await write({ training: run });
          } else return;
          await context
            .reportProgress(
              (100 * metrics.epoch) / metrics.epochs,
              'training',
              `Epoch ${metrics.epoch} of ${metrics.epochs}`,
            )
            .catch(() => handle.stop());
        },
      },
      { watchdog: tuning.watchdog },
    );
    const onAbort = () => handle.stop();
    context.signal.addEventListener('abort', onAbort);
    try {
      const outcome = await handle.outcome;
      await writes;
      run = { ...run, samples: outcome.samples, evaluation: outcome.evaluation };
      // A shutdown or lost lease stops the run too: the job is retried from the checkpoint.
      context.signal.throwIfAborted();
      if (outcome.stopped) return await finishStopped(modelId, run);
      await saveBest();
      const held =
        request.kind === 'detection'
          ? { samples: sampleSourceOf(request.samples), frames: built.frames }
          : null;
      return await finishTrained(model, run, held);
    } finally {
      context.signal.removeEventListener('abort', onAbort);
      // A write still in flight must land before the job records why the attempt ended.
      await writes.catch(() => undefined);
    }
  }

  /**
   * Writes why attempt `attempt` (1-based) ended into the run's log (and the server log) before
   * the job is retried, with the epoch the next attempt resumes from.
   */
  async function noteAttemptEnd(modelId: string, attempt: number, reason: string) {
    const row = await deps.models.findRow(modelId);
    if (row?.status !== 'training' || row.training === null) return;
    const line = attemptEndedLine(attempt, reason, row.checkpointEpoch);
    warn(modelId, line);
    await deps.models.update(modelId, {
      training: withLog(row.training, logLine(deps.clock.now(), line)),
      updatedAt: deps.clock.now(),
    });
  }

  async function finishStopped(modelId: string, run: TrainingRun) {
    const done = run.loss.length;
    await deleteModelFiles(deps.storage, modelId);
    await deps.models.update(modelId, {
      status: 'stopped',
      stopRequested: false,
      checkpointKey: null,
      checkpointEpoch: null,
      fileKey: null,
      training: withLog(
        { ...run, batch_fraction: 0 },
        logLine(deps.clock.now(), `Training stopped after epoch ${done}`),
      ),
      updatedAt: deps.clock.now(),
    });
    return { stopped: true, epochs: done };
  }

  async function finishTrained(
    model: ModelRow,
    run: TrainingRun,
    held: { samples: DetectionSampleSource; frames: readonly ValidationFrame[] } | null,
  ) {
    const best = run.best_epoch ?? run.loss.length;
    const at = <T>(values: readonly T[]) => values[best - 1];
    const k = keys(model.id);
    await deps.storage.move(k.best, k.model);
    await deps.storage.delete(k.checkpoint);
    const validation =
      held === null
        ? null
        : await detectorValidationFigures({
            saved: savedHeadDetectorOf((await readBundle(deps.storage, k.model)).saved),
            ...held,
            validationSplit: model.config.validation_split,
            seed: run.seed,
            epoch: best,
          });
    const now = deps.clock.now();
    const metrics = {
      final_loss: at(run.loss),
      final_accuracy: at(run.accuracy),
      ...(at(run.val_loss) == null ? {} : { final_val_loss: at(run.val_loss) ?? undefined }),
      ...(at(run.val_accuracy) == null
        ? {}
        : { final_val_accuracy: at(run.val_accuracy) ?? undefined }),
    };
    await deps.models.update(model.id, {
      status: 'trained',
      stopRequested: false,
      fileKey: k.model,
      checkpointKey: null,
      checkpointEpoch: null,
      metrics,
      version: model.version + 1,
      trainedAt: now,
      error: null,
      training: withLog(
        withValidationLog({ ...run, batch_fraction: 0, best_epoch: best, validation }, now),
        logLine(now, `Training completed: kept epoch ${best} of ${run.loss.length}`),
      ),
      updatedAt: now,
    });
    return { trained: true, epochs: run.loss.length, best_epoch: best };
  }

  /** Marks the model failed with the reason (the job's last attempt failed). */
  async function fail(modelId: string, reason: string) {
    const row = await deps.models.findRow(modelId);
    if (row?.status !== 'training') return;
    warn(modelId, `failed: ${reason}`);
    const now = deps.clock.now();
    await deps.models.update(modelId, {
      status: 'failed',
      error: reason,
      stopRequested: false,
      training:
        row.training === null ? null : withLog(row.training, logLine(now, `Error: ${reason}`)),
      updatedAt: now,
    });
  }

  /** The reason could not be written (the database is down): the server log still has it. */
  function reportUnrecorded(modelId: string, reason: string, error: unknown) {
    const why = error instanceof Error ? error.message : String(error);
    warn(modelId, `attempt ended (${reason}); the reason could not be saved: ${why}`);
  }

  return { train, fail, noteAttemptEnd, reportUnrecorded };
}
export type ModelTrainer = ReturnType<typeof createModelTrainer>;

/** The run's curves cut to its first `epochs` epochs (what a checkpoint holds). */
function truncateRun(run: TrainingRun, epochs: number): TrainingRun {
  const cut = <T>(values: readonly T[]) => values.slice(0, epochs);
  return {
    ...run,
    loss: cut(run.loss),
    accuracy: cut(run.accuracy),
    val_loss: cut(run.val_loss),
    val_accuracy: cut(run.val_accuracy),
    epoch_seconds: cut(run.epoch_seconds),
    best_epoch: run.best_epoch !== null && run.best_epoch <= epochs ? run.best_epoch : null,
    batch_fraction: 0,
  };
}

/** The run with a log line of its validation figures, when it has them. */
function withValidationLog(run: TrainingRun, now: Date): TrainingRun {
  const v = run.validation;
  if (v == null) return run;
  const f = (value: number | null) => (value === null ? 'n/a' : value.toFixed(4));
  const line =
    `Kept epoch on ${v.frame_count} validation frames, matched within ${v.match_radius_px} px: ` +
    `precision ${f(v.precision)}, recall ${f(v.recall)}, F1 ${f(v.f1)}`;
  return withLog(run, logLine(now, line));
}

function epochLine(run: TrainingRun, epoch: number): string {
  const f = (value: number | null | undefined) =>
    value === null || value === undefined ? 'n/a' : value.toFixed(4);
  const i = epoch - 1;
  return `Epoch ${epoch}/${run.epochs}: loss ${f(run.loss[i])}, accuracy ${f(run.accuracy[i])}, val_loss ${f(run.val_loss[i])}, val_accuracy ${f(run.val_accuracy[i])}`;
}
