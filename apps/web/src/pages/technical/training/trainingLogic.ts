import {
  DEFAULT_MODEL_CONFIG,
  MODEL_TYPES,
  type CreateModelRequest,
  type DataLabel,
  type Dataset,
  type ModelConfig,
  type ModelStatus,
  type ModelType,
  type TrainModelRequest,
  type TrainingStatus,
} from '@sarm/contracts';

/** Status polling period while a model trains (spec 2 §7.4). */
export const TRAINING_POLL_MS = 2000;

export type HyperparameterName = keyof ModelConfig;

export interface HyperparameterBounds {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

/** Bounds and steps of spec 2 §5 Training. */
export const HYPERPARAMETER_BOUNDS: Record<HyperparameterName, HyperparameterBounds> = {
  epochs: { min: 1, max: 1000, step: 1 },
  batch_size: { min: 1, max: 128, step: 1 },
  learning_rate: { min: 0.0001, max: 0.1, step: 0.0001 },
  validation_split: { min: 0.05, max: 0.5, step: 0.05 },
};

export const HYPERPARAMETER_NAMES: readonly HyperparameterName[] = [
  'epochs',
  'batch_size',
  'learning_rate',
  'validation_split',
];

/** The form's configuration: what the user typed, kept as text until it is sent. */
export type ConfigDraft = Record<HyperparameterName, string>;

export const defaultConfigDraft = (config: ModelConfig = DEFAULT_MODEL_CONFIG): ConfigDraft => ({
  epochs: String(config.epochs),
  batch_size: String(config.batch_size),
  learning_rate: String(config.learning_rate),
  validation_split: String(config.validation_split),
});

/** The number a field holds, or null when it is not a number within its bounds (integers where required). */
export function parseHyperparameter(name: HyperparameterName, text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  const { min, max, step } = HYPERPARAMETER_BOUNDS[name];
  if (!Number.isFinite(value) || value < min || value > max) return null;
  if (step === 1 && !Number.isInteger(value)) return null;
  return value;
}

/** The configuration to send, or the first field that is out of bounds. */
export function readConfig(
  draft: ConfigDraft,
): { ok: true; config: ModelConfig } | { ok: false; field: HyperparameterName } {
  const values: Partial<Record<HyperparameterName, number>> = {};
  for (const name of HYPERPARAMETER_NAMES) {
    const value = parseHyperparameter(name, draft[name]);
    if (value === null) return { ok: false, field: name };
    values[name] = value;
  }
  return {
    ok: true,
    config: {
      epochs: values.epochs ?? DEFAULT_MODEL_CONFIG.epochs,
      batch_size: values.batch_size ?? DEFAULT_MODEL_CONFIG.batch_size,
      learning_rate: values.learning_rate ?? DEFAULT_MODEL_CONFIG.learning_rate,
      validation_split: values.validation_split ?? DEFAULT_MODEL_CONFIG.validation_split,
    },
  };
}

/** Start Training needs a model name and a dataset (spec 2 §5). */
export const isStartable = (name: string, datasetId: string): boolean =>
  name.trim() !== '' && datasetId !== '';

/** Datasets a model of this type may learn from: its own type or combined (spec 2 §5). */
export const datasetsForType = (datasets: readonly Dataset[], type: ModelType): Dataset[] =>
  datasets.filter((dataset) => dataset.type === type || dataset.type === 'combined');

/** Label types a model of each type learns from; morphology takes mask labels too. */
const LABEL_TYPES_FOR: Record<ModelType, readonly DataLabel['label_type'][]> = {
  detection: ['detection'],
  morphology: ['morphology', 'morphology_segmentation'],
};

/** Labels of the dataset a model of this type can learn from. */
export const labelsForType = (labels: readonly DataLabel[], type: ModelType): DataLabel[] =>
  labels.filter((label) => LABEL_TYPES_FOR[type].includes(label.label_type));

export interface TrainingQuery {
  readonly id: string | null;
  readonly type: ModelType | null;
  readonly dataLabelId: string | null;
}

const isModelType = (value: string | null): value is ModelType =>
  value !== null && (MODEL_TYPES as readonly string[]).includes(value);

/** The page's address query: optional id, type=morphology|detection and dataLabelId. */
export function parseTrainingQuery(search: URLSearchParams): TrainingQuery {
  const type = search.get('type');
  const blankToNull = (value: string | null) =>
    value === null || value.trim() === '' ? null : value;
  return {
    id: blankToNull(search.get('id')),
    type: isModelType(type) ? type : null,
    dataLabelId: blankToNull(search.get('dataLabelId')),
  };
}

/** Polling continues while the model trains; any other status ends it. */
export const shouldPollTraining = (status: TrainingStatus | undefined): boolean =>
  status?.status === 'training';

/** A trained (or stopped, which keeps its best epoch) model can be saved; nothing else has weights. */
export const hasTrainedWeights = (status: ModelStatus | undefined): boolean =>
  status === 'trained' || status === 'stopped';

const two = (value: number) => String(value).padStart(2, '0');

/** Seconds as H:MM:SS (or M:SS under an hour); null stays null. */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

/** The time prefix of a log line, as the server writes it: '[HH:MM:SS]'. */
export const logTime = (date: Date): string =>
  `[${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}]`;

/** A metric with four decimals, or null when the model has none. */
export const formatMetric = (value: number | null | undefined): string | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : value.toFixed(4);

/** Progress clamped to 0-100 for the progress bar. */
export const progressPercent = (progress: number): number =>
  Math.min(100, Math.max(0, Number.isFinite(progress) ? progress : 0));

/** The file name of a download: Content-Disposition's, else the fallback. */
export function downloadName(disposition: string | null, fallback: string): string {
  const header = disposition ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded !== undefined) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed encoded name falls through to the plain one.
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
}

export type StatusColor = 'default' | 'info' | 'success' | 'warning' | 'error';

export function modelStatusColor(status: ModelStatus): StatusColor {
  switch (status) {
    case 'created':
      return 'default';
    case 'training':
      return 'info';
    case 'trained':
      return 'success';
    case 'stopped':
      return 'warning';
    case 'failed':
      return 'error';
  }
}

/** What the configuration form holds. An empty `dataLabelId` means every label of the dataset. */
export interface TrainingForm {
  readonly name: string;
  readonly type: ModelType;
  readonly datasetId: string;
  readonly dataLabelId: string;
  readonly notes: string;
  readonly config: ConfigDraft;
}

export const emptyTrainingForm = (type: ModelType = 'detection'): TrainingForm => ({
  name: '',
  type,
  datasetId: '',
  dataLabelId: '',
  notes: '',
  config: defaultConfigDraft(),
});

export type TrainingFormError =
  { kind: 'nameAndDataset' } | { kind: 'outOfBounds'; field: HyperparameterName };

/** The create and train requests of Start Training, or why the form cannot start. */
export function trainingRequests(
  form: TrainingForm,
):
  | { ok: true; create: CreateModelRequest; train: TrainModelRequest }
  | { ok: false; error: TrainingFormError } {
  if (!isStartable(form.name, form.datasetId))
    return { ok: false, error: { kind: 'nameAndDataset' } };
  const read = readConfig(form.config);
  if (!read.ok) return { ok: false, error: { kind: 'outOfBounds', field: read.field } };
  const train: TrainModelRequest = { ...read.config, dataset_id: form.datasetId };
  return {
    ok: true,
    create: {
      name: form.name.trim(),
      type: form.type,
      dataset_id: form.datasetId,
      config: read.config,
      notes: form.notes,
    },
    train: form.dataLabelId === '' ? train : { ...train, data_label_id: form.dataLabelId },
  };
}
