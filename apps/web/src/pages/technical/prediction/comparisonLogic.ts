import type { DetectionScore, PredictionComparison } from '@sarm/contracts';

/**
 * CSS colours of the two detectors' boxes on the sample frames; the server draws its boxes in
 * the same RGB values (services/prediction/detector-comparison.ts).
 */
export const COMPARISON_COLOURS = {
  model: 'rgb(0, 200, 255)',
  classical: 'rgb(255, 0, 200)',
} as const;

export type ComparisonRowKey = 'meanHeads' | 'totalDetections' | 'precision' | 'recall' | 'f1';

/** One figure of the comparison table, formatted for the trained model and the classical one. */
export interface ComparisonRow {
  readonly key: ComparisonRowKey;
  readonly model: string | null;
  readonly classical: string | null;
}

/** A score (0-1) with three decimals; `null` when it could not be computed. */
export const formatScore = (value: number | null | undefined): string | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : value.toFixed(3);

const oneDecimal = (value: number | null): string | null =>
  value === null || !Number.isFinite(value) ? null : value.toFixed(1);

const SCORE_KEYS = ['precision', 'recall', 'f1'] as const;

/**
 * The table rows: heads per frame and detections of both detectors, then, when the video has
 * hand-annotated frames, each detector's precision, recall and F1 against them.
 */
export function comparisonRows(comparison: PredictionComparison): ComparisonRow[] {
  const rows: ComparisonRow[] = [
    {
      key: 'meanHeads',
      model: oneDecimal(comparison.model.mean_heads_per_frame),
      classical: oneDecimal(comparison.classical.mean_heads_per_frame),
    },
    {
      key: 'totalDetections',
      model: String(comparison.model.total_detections),
      classical: String(comparison.classical.total_detections),
    },
  ];
  const annotated = comparison.annotated;
  if (annotated === null) return rows;
  const scoreOf = (score: DetectionScore, key: (typeof SCORE_KEYS)[number]) =>
    formatScore(score[key]);
  for (const key of SCORE_KEYS)
    rows.push({
      key,
      model: scoreOf(annotated.model, key),
      classical: scoreOf(annotated.classical, key),
    });
  return rows;
}

/** On how many frames the two detectors counted a different number of heads. */
export function framesWithDifferentCounts(comparison: PredictionComparison): number {
  const classical = comparison.classical.per_frame_counts;
  return comparison.model.per_frame_counts.filter((n, i) => n !== classical[i]).length;
}

/** What the agreement line says: heads both found, only the model, only the classical one. */
export function agreementFigures(comparison: PredictionComparison) {
  const { agreement } = comparison;
  return {
    f1: formatScore(agreement.f1),
    both: agreement.true_positives,
    modelOnly: agreement.false_positives,
    classicalOnly: agreement.false_negatives,
    radius: comparison.match_radius_px,
  };
}
