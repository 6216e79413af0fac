import type { ReviewStatus, ReviewUnit } from '@sarm/contracts';

export type ChipColour = 'default' | 'success' | 'error' | 'warning' | 'info';

/** Chip colour of a review status. */
export function statusColour(status: ReviewStatus): ChipColour {
  switch (status) {
    case 'approved':
      return 'success';
    case 'rejected':
      return 'error';
    case 'needsCorrection':
      return 'warning';
    case 'pending':
      return 'info';
  }
}

/** Only pending units can be decided, only by reviewers (spec 2 §4). */
export const canDecide = (unit: ReviewUnit, canReview: boolean) =>
  canReview && unit.status === 'pending';

/** Rejected and needs-correction units offer Edit, which opens the frame's annotation page. */
export const canEdit = (unit: ReviewUnit) =>
  unit.status === 'rejected' || unit.status === 'needsCorrection';

/** The annotation page of a unit's frame. */
export function annotationPath(unit: ReviewUnit): string {
  const params = new URLSearchParams({
    frameId: unit.frame_id,
    videoId: unit.video_id,
    datasetId: unit.dataset_id,
  });
  return `/finetune/annotation/detection/frame?${params.toString()}`;
}

/** Share of each status in percent of the total, rounded; zeros when nothing is there. */
export function statusShares(counts: Record<ReviewStatus, number>): Record<ReviewStatus, number> {
  const total = counts.pending + counts.approved + counts.rejected + counts.needsCorrection;
  const share = (n: number) => (total === 0 ? 0 : Math.round((100 * n) / total));
  return {
    pending: share(counts.pending),
    approved: share(counts.approved),
    rejected: share(counts.rejected),
    needsCorrection: share(counts.needsCorrection),
  };
}

/** Review table page sizes (spec 2 §9). */
export const REVIEW_PAGE_SIZES = [5, 10, 25, 50] as const;
