import {
  defaultDataLabelName,
  maskConfidenceBand,
  type DataLabel,
  type SegmentationModel,
} from '@sarm/contracts';

/** The mask extraction page starts on this model when the server lists it (spec 2 §9). */
export const MASK_PAGE_DEFAULT_MODEL = 'sam2.1_hiera_large';
/** The alternative the spec names for the page. */
export const MASK_PAGE_ALTERNATIVE_MODEL = 'sam2.1_hiera_base_plus';

/**
 * The model the page starts on: sam2.1_hiera_large when listed, else the one flagged default,
 * else the first; null when there is none.
 */
export function initialMaskModel(
  models: readonly Pick<SegmentationModel, 'id' | 'default'>[],
): string | null {
  const preferred = models.find((model) => model.id === MASK_PAGE_DEFAULT_MODEL);
  if (preferred !== undefined) return preferred.id;
  return (models.find((model) => model.default) ?? models[0])?.id ?? null;
}

/** Spec 2 §4: quality Good above 0.7, else Fair. */
export function maskQuality(confidence: number): 'Good' | 'Fair' {
  return confidence > 0.7 ? 'Good' : 'Fair';
}

/** What the page shows of a generated mask: the rounded percentage and its two bands. */
export function maskSummary(confidence: number): {
  readonly percent: number;
  readonly band: 'High' | 'Medium' | 'Low';
  readonly quality: 'Good' | 'Fair';
} {
  return {
    percent: Math.round(confidence * 100),
    band: maskConfidenceBand(confidence),
    quality: maskQuality(confidence),
  };
}

/** The translation keys of the messages for missing query ids (spec 2 §2.3), first the video's. */
export function missingIdKey(
  videoId: string,
  datasetId: string,
): 'videoRequired' | 'datasetRequired' | null {
  if (videoId.trim() === '') return 'videoRequired';
  if (datasetId.trim() === '') return 'datasetRequired';
  return null;
}

/** Pages of a paged list (at least one). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * The name offered for a new morphology label: the spec's `{userId}_{datasetId}_morphology`, or
 * that name with the first free `_2`, `_3`… suffix when the dataset already has it.
 */
export function suggestedLabelName(
  userId: string,
  datasetId: string,
  existing: readonly Pick<DataLabel, 'name'>[],
): string {
  const base = defaultDataLabelName(userId, datasetId, 'morphology');
  const taken = new Set(existing.map((label) => label.name));
  if (!taken.has(base)) return base;
  let number = 2;
  while (taken.has(`${base}_${number}`)) number += 1;
  return `${base}_${number}`;
}

/**
 * The label the page starts on: the kept choice while it still exists, else the user's
 * conventional morphology label, else the first; null without labels.
 */
export function chooseLabel(
  labels: readonly Pick<DataLabel, 'id' | 'name'>[],
  current: string | null,
  conventionalName: string,
): string | null {
  if (current !== null && labels.some((label) => label.id === current)) return current;
  return (labels.find((label) => label.name === conventionalName) ?? labels[0])?.id ?? null;
}

/** The file name of a download from its content-disposition header, or the fallback. */
export function attachmentName(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** A byte count for people: KB under a megabyte, MB with one decimal above. */
export function byteSize(bytes: number): { readonly value: string; readonly unit: 'KB' | 'MB' } {
  if (bytes < 1024 * 1024)
    return { value: String(Math.max(1, Math.round(bytes / 1024))), unit: 'KB' };
  return { value: (bytes / (1024 * 1024)).toFixed(1), unit: 'MB' };
}
