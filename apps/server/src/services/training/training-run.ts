import type { TrainingStatus } from '@sarm/contracts';
import type { ModelRow, TrainingRun } from '../../db/schema/index.js';

/** A fresh run's bookkeeping. */
export function newTrainingRun(input: {
  epochs: number;
  now: Date;
  dataLabelId: string | null;
  datasetId: string | null;
  seed: number;
}): TrainingRun {
  return {
    epochs: input.epochs,
    started_at: input.now.toISOString(),
    loss: [],
    accuracy: [],
    val_loss: [],
    val_accuracy: [],
    epoch_seconds: [],
    logs: [],
    best_epoch: null,
    samples: null,
    batch_fraction: 0,
    data_label_id: input.dataLabelId,
    dataset_id: input.datasetId,
    seed: input.seed,
  };
}

/** A log line stamped with the time of day, as the page's log box shows them. */
export const logLine = (now: Date, text: string) => `[${now.toISOString().slice(11, 19)}] ${text}`;

/** Keeps the latest lines only, so a long run's log stays small. */
export const MAX_LOG_LINES = 500;
export function withLog(run: TrainingRun, line: string): TrainingRun {
  return { ...run, logs: [...run.logs, line].slice(-MAX_LOG_LINES) };
}

const finite = (value: number | null) => (value !== null && Number.isFinite(value) ? value : null);

/** The training status (spec 2 §3) of a model row. */
export function toTrainingStatus(row: ModelRow): TrainingStatus {
  const run = row.training;
  const done = run?.loss.length ?? 0;
  const epochs = run?.epochs ?? row.config.epochs;
  const training = row.status === 'training';
  const fraction = training ? (run?.batch_fraction ?? 0) : 0;
  const progress =
    row.status === 'trained' ? 100 : Math.min(100, (100 * (done + fraction)) / Math.max(epochs, 1));
  const seconds = run?.epoch_seconds ?? [];
  const meanEpoch =
    seconds.length === 0 ? null : seconds.reduce((a, b) => a + b, 0) / seconds.length;
  return {
    model_id: row.id,
    status: row.status,
    progress: Math.round(progress * 10) / 10,
    current_epoch: done,
    total_epochs: epochs,
    logs: run?.logs ?? [],
    metrics: {
      loss: run?.loss ?? [],
      accuracy: run?.accuracy ?? [],
      val_loss: (run?.val_loss ?? []).map(finite),
      val_accuracy: (run?.val_accuracy ?? []).map(finite),
    },
    estimated_time_remaining:
      training && meanEpoch !== null
        ? Math.max(0, Math.round(meanEpoch * (epochs - done - fraction)))
        : null,
    best_epoch: run?.best_epoch ?? null,
    samples: run?.samples ?? null,
    error: row.error,
    stop_requested: row.stopRequested,
    retry_from_epoch: row.status === 'failed' ? row.checkpointEpoch : null,
    evaluation:
      run?.evaluation == null
        ? null
        : {
            accuracy: finite(run.evaluation.accuracy),
            per_class: run.evaluation.perClass.map((c) => ({ ...c, accuracy: finite(c.accuracy) })),
            confusion: run.evaluation.confusion.map((r) => [...r]),
          },
  };
}
