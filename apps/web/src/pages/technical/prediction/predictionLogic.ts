import type { Prediction, PredictionMetrics, PredictionStatus, Video } from '@sarm/contracts';

/** Prediction polling period while it is queued or running. */
export const PREDICTION_POLL_MS = 1000;

export type PredictionFormError = 'selectModelAndVideo' | 'nameRequired';

/** Run needs a model and a video, then a non-blank name (spec 2 §5 Prediction). */
export function validatePredictionForm(form: {
  readonly name: string;
  readonly modelId: string;
  readonly videoId: string;
}): PredictionFormError | null {
  if (form.modelId === '' || form.videoId === '') return 'selectModelAndVideo';
  if (form.name.trim() === '') return 'nameRequired';
  return null;
}

export type VideoFileError = 'invalidVideo' | 'datasetFirst';

/** A new video must be a video file, and goes into the chosen dataset (spec 2 §5 Upload). */
export function checkVideoFile(
  file: { readonly type: string },
  datasetId: string,
): VideoFileError | null {
  if (!file.type.startsWith('video/')) return 'invalidVideo';
  if (datasetId === '') return 'datasetFirst';
  return null;
}

/** The video the upload added: the one that was not in the dataset before. */
export function findUploadedVideo(
  before: readonly string[],
  after: readonly Video[],
): Video | null {
  const known = new Set(before);
  return after.find((video) => !known.has(video.id)) ?? null;
}

export const isPredictionActive = (status: PredictionStatus | undefined): boolean =>
  status === 'queued' || status === 'running';

/** Poll every second while queued or running; a finished prediction ends polling. */
export const predictionPollInterval = (prediction: Prediction | undefined): number | false =>
  isPredictionActive(prediction?.status) ? PREDICTION_POLL_MS : false;

export type SummaryUnit = 'count' | 'percent' | 'seconds' | 'whole' | 'concentration';

export interface SummaryRow {
  readonly key: keyof PredictionMetrics;
  readonly value: string | null;
  readonly unit: SummaryUnit;
}

/** One decimal for counts and concentrations, percent with one decimal, whole numbers, seconds. */
export function formatSummaryValue(value: number | null, unit: SummaryUnit): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  switch (unit) {
    case 'count':
    case 'concentration':
      return value.toFixed(1);
    case 'percent':
      return `${value.toFixed(1)}%`;
    case 'whole':
      return String(Math.round(value));
    case 'seconds':
      return `${value.toFixed(1)} s`;
  }
}

const DETECTION_ROWS: readonly [keyof PredictionMetrics, SummaryUnit][] = [
  ['totalSpermCount', 'count'],
  ['detectionConfidence', 'percent'],
  ['processedFrames', 'whole'],
  ['processingTime', 'seconds'],
  ['concentration', 'concentration'],
  ['progressive', 'percent'],
  ['nonProgressive', 'percent'],
  ['immotile', 'percent'],
];

const MORPHOLOGY_ROWS: readonly [keyof PredictionMetrics, SummaryUnit][] = [
  ['totalAnalyzedSperm', 'whole'],
  ['normalForms', 'percent'],
  ['abnormalHeads', 'percent'],
  ['abnormalMidpieces', 'percent'],
  ['abnormalTails', 'percent'],
  ['processedFrames', 'whole'],
  ['processingTime', 'seconds'],
];

/** The summary of a prediction's results, by the kind of model that made it. */
export function summaryRows(
  modelType: Prediction['model_type'],
  metrics: PredictionMetrics,
): SummaryRow[] {
  const rows = modelType === 'detection' ? DETECTION_ROWS : MORPHOLOGY_ROWS;
  return rows.map(([key, unit]) => {
    const raw = metrics[key];
    // Detection confidence arrives as 0-1; the summary shows percent.
    const value = key === 'detectionConfidence' && raw !== null ? raw * 100 : raw;
    return {
      key,
      unit,
      value: formatSummaryValue(value, unit),
    };
  });
}

/** The figure a saved prediction card shows: sperm per frame, or normal forms. */
export function keyMetric(prediction: Prediction): SummaryRow | null {
  if (prediction.metrics === null) return null;
  const rows = summaryRows(prediction.model_type, prediction.metrics);
  return rows[prediction.model_type === 'detection' ? 0 : 1] ?? null;
}

/** Frame images are API paths; the image fetch adds the API base itself. */
export const apiImagePath = (url: string): string =>
  url.startsWith('/api/') ? url.slice('/api'.length) : url;

/** The file name of an export when the server gives none. */
export const predictionExportFallback = (id: string, format: 'mot' | 'coco'): string =>
  `prediction-${id}-${format}.${format === 'mot' ? 'txt' : 'json'}`;

export type PredictionStatusColor = 'default' | 'info' | 'success' | 'error';

export function predictionStatusColor(status: PredictionStatus): PredictionStatusColor {
  switch (status) {
    case 'queued':
      return 'default';
    case 'running':
      return 'info';
    case 'completed':
      return 'success';
    case 'failed':
      return 'error';
  }
}

/** The saved list refreshes every 2 s while one of its predictions is still queued or running. */
export const savedListPollInterval = (
  predictions: readonly Pick<Prediction, 'status'>[] | undefined,
): number | false =>
  (predictions ?? []).some((item) => isPredictionActive(item.status)) ? 2000 : false;
