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
