import type { DetectionScore } from '@sarm/contracts';
import { matchCentres, type PixelBox } from '@sarm/ml';

/** Matched counts summed over frames. */
export interface SummedCounts {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

/** Fresh zero counts to add frames to. */
export const emptyCounts = (): SummedCounts => ({
  truePositives: 0,
  falsePositives: 0,
  falseNegatives: 0,
});

/**
 * Adds one frame's matching to `total`: `found` (highest confidence first) is matched one to one
 * to the nearest free centre of `reference` within `radiusPx` (the ml package's matching).
 */
export function addFrameMatch(
  total: SummedCounts,
  found: readonly { x: number; y: number; confidence: number }[],
  reference: readonly PixelBox[],
  radiusPx: number,
): void {
  const counts = matchCentres(found, reference, radiusPx);
  total.truePositives += counts.truePositives;
  total.falsePositives += counts.falsePositives;
  total.falseNegatives += counts.falseNegatives;
}

const ratio = (numerator: number, denominator: number) =>
  denominator === 0 ? null : numerator / denominator;

/** Precision, recall and F1 of summed counts; each `null` where nothing was there to divide by. */
export function detectionScoreOf(counts: SummedCounts): DetectionScore {
  const { truePositives: tp, falsePositives: fp, falseNegatives: fn } = counts;
  return {
    true_positives: tp,
    false_positives: fp,
    false_negatives: fn,
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    f1: ratio(2 * tp, 2 * tp + fp + fn),
  };
}
