import type { Dataset, IssuePriority, Model, OpenIssue } from '@sarm/contracts';

export interface TechnicalCounts {
  readonly datasets: number;
  readonly frames: number;
  readonly annotated: number;
  /** No prediction runs exist yet: always 0. */
  readonly predictions: number;
}

/**
 * Count cards of the technical dashboard from the dataset list; the model count comes from the
 * dashboard endpoint.
 */
export function technicalCounts(datasets: readonly Dataset[], total: number): TechnicalCounts {
  return {
    datasets: total,
    frames: datasets.reduce((sum, d) => sum + d.stats.totalFrames, 0),
    annotated: datasets.reduce((sum, d) => sum + d.stats.annotatedFrames, 0),
    predictions: 0,
  };
}

/** The newest datasets first. */
export function recentDatasets(datasets: readonly Dataset[], count = 5): Dataset[] {
  return [...datasets]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, count);
}

export type AnnotationState = 'completed' | 'in-progress' | 'pending';

export interface AnnotationProgressRow {
  readonly id: string;
  readonly name: string;
  readonly annotated: number;
  readonly total: number;
  /** annotated / total frames, rounded; 0 when the dataset has no frames. */
  readonly percent: number;
  readonly state: AnnotationState;
}

/** Annotation progress per dataset (spec 3): 100 is completed, above 0 in progress, else pending. */
export function annotationProgress(datasets: readonly Dataset[]): AnnotationProgressRow[] {
  return datasets.map((d) => {
    const total = d.stats.totalFrames;
    const annotated = d.stats.annotatedFrames;
    const percent = total > 0 ? Math.round((100 * annotated) / total) : 0;
    const state: AnnotationState =
      percent >= 100 ? 'completed' : percent > 0 ? 'in-progress' : 'pending';
    return { id: d.id, name: d.name, annotated, total, percent, state };
  });
}

/**
 * An accuracy (a fraction from 0 to 1, as training reports it) in percent with one decimal, or
 * `N/A` when the model has none.
 */
export function formatAccuracy(value: number | undefined | null, locale = 'en'): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return 'N/A';
  // Round in tenths of a percent first: 0.8765 * 100 is 87.6499... in binary floating point.
  const tenths = Math.round(value * 1000) / 10;
  return `${tenths.toLocaleString(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })}%`;
}

export interface ActiveModelRow {
  readonly id: string;
  readonly name: string;
  readonly type: Model['type'];
  readonly datasetName: string | null;
  /** Validation accuracy in percent with one decimal (spec 3), or N/A. */
  readonly accuracy: string;
}

/** Active Models: trained models with their validation accuracy. */
export function activeModelRows(models: readonly Model[], locale = 'en'): ActiveModelRow[] {
  return models
    .filter((model) => model.status === 'trained')
    .map((model) => ({
      id: model.id,
      name: model.name,
      type: model.type,
      datasetName: model.dataset_name,
      accuracy: formatAccuracy(model.metrics?.final_val_accuracy, locale),
    }));
}

export interface ModelPerformanceRow {
  readonly id: string;
  readonly name: string;
  readonly status: Model['status'];
  readonly accuracy: string;
  readonly validationAccuracy: string;
}

/** Model Performance: trained and stopped models, accuracy and validation accuracy or N/A. */
export function modelPerformanceRows(
  models: readonly Model[],
  locale = 'en',
): ModelPerformanceRow[] {
  return models
    .filter((model) => model.status === 'trained' || model.status === 'stopped')
    .map((model) => ({
      id: model.id,
      name: model.name,
      status: model.status,
      accuracy: formatAccuracy(model.metrics?.final_accuracy, locale),
      validationAccuracy: formatAccuracy(model.metrics?.final_val_accuracy, locale),
    }));
}

export type IssueTitleKey =
  | 'dashboard.issues.titles.videoPrepare'
  | 'dashboard.issues.titles.framesExtract'
  | 'dashboard.issues.titles.detection'
  | 'dashboard.issues.titles.videoAnalyze'
  | 'dashboard.issues.titles.videoRetention'
  | 'dashboard.issues.titles.systemCleanup'
  | 'dashboard.issues.titles.other';

/** The translation key of an Open Issue's title: the failed task type in words. */
export function issueTitleKey(taskType: string): IssueTitleKey {
  switch (taskType) {
    case 'video.prepare':
      return 'dashboard.issues.titles.videoPrepare';
    case 'frames.extract':
      return 'dashboard.issues.titles.framesExtract';
    case 'detection.detect_frames':
      return 'dashboard.issues.titles.detection';
    case 'video.analyze':
      return 'dashboard.issues.titles.videoAnalyze';
    case 'video.retention':
      return 'dashboard.issues.titles.videoRetention';
    case 'system.cleanup':
      return 'dashboard.issues.titles.systemCleanup';
    default:
      return 'dashboard.issues.titles.other';
  }
}

export const PRIORITY_COLOUR: Record<IssuePriority, 'error' | 'warning' | 'default'> = {
  high: 'error',
  medium: 'warning',
  low: 'default',
};

/** Open issues, most urgent first, then newest first. */
export function sortIssues(issues: readonly OpenIssue[]): OpenIssue[] {
  const rank: Record<IssuePriority, number> = { high: 0, medium: 1, low: 2 };
  return [...issues].sort(
    (a, b) =>
      rank[a.priority] - rank[b.priority] || Date.parse(b.reported_at) - Date.parse(a.reported_at),
  );
}
