import type { Dataset } from '@sarm/contracts';

/** Samples a technician may record on, the most recently changed first (today's sample on top). */
export function samplesNewestFirst(datasets: readonly Dataset[]): Dataset[] {
  return datasets
    .filter((dataset) => dataset.status !== 'archived')
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}
