import type { Dataset } from '@sarm/contracts';

export interface TechnicalCounts {
  readonly datasets: number;
  readonly frames: number;
  readonly annotated: number;
  /** No model registry exists yet: always 0. */
  readonly models: number;
  /** No prediction runs exist yet: always 0. */
  readonly predictions: number;
}

/** Count cards of the technical dashboard from the dataset list. */
export function technicalCounts(datasets: readonly Dataset[], total: number): TechnicalCounts {
  return {
    datasets: total,
    frames: datasets.reduce((sum, d) => sum + d.stats.totalFrames, 0),
    annotated: datasets.reduce((sum, d) => sum + d.stats.annotatedFrames, 0),
    models: 0,
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
