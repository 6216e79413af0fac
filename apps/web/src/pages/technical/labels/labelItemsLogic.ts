import type { DataLabel, DataLabelItem } from '@sarm/contracts';

/** Items of a detection label grouped by frame, in the order the items came. */
export interface FrameGroup {
  readonly frameId: string;
  readonly frameNumber: number;
  readonly videoId: string;
  readonly videoName: string;
  readonly items: readonly DataLabelItem[];
}

export function groupItemsByFrame(items: readonly DataLabelItem[]): FrameGroup[] {
  const groups = new Map<string, FrameGroup>();
  for (const item of items) {
    const group = groups.get(item.frame_id);
    groups.set(item.frame_id, {
      frameId: item.frame_id,
      frameNumber: item.frame_number,
      videoId: item.video_id,
      videoName: item.video_name,
      items: [...(group?.items ?? []), item],
    });
  }
  return [...groups.values()];
}

/** Chip colour of a confidence in the data-label screens (spec 2 §9). */
export function confidenceChipColour(confidence: number): 'success' | 'primary' | 'warning' {
  if (confidence > 0.8) return 'success';
  if (confidence > 0.6) return 'primary';
  return 'warning';
}

/** Item page sizes (spec 2 §9). */
export const ITEM_PAGE_SIZES = [10, 20, 50, 100] as const;

/** The data labels page's counters over the labels listed: items in them and frames awaiting review. */
export function datasetLabelCounters(labels: readonly DataLabel[]) {
  return {
    items: labels.reduce((sum, label) => sum + label.item_count, 0),
    pending: labels.reduce((sum, label) => sum + label.review_counts.pending, 0),
  };
}
