import type { PredictionComparison } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  agreementFigures,
  comparisonRows,
  formatScore,
  framesWithDifferentCounts,
} from './comparisonLogic';

const score = (tp: number, fp: number, fn: number) => ({
  true_positives: tp,
  false_positives: fp,
  false_negatives: fn,
  precision: tp + fp === 0 ? null : tp / (tp + fp),
  recall: tp + fn === 0 ? null : tp / (tp + fn),
  f1: 2 * tp + fp + fn === 0 ? null : (2 * tp) / (2 * tp + fp + fn),
});

const comparison: PredictionComparison = {
  match_radius_px: 5,
  frames: 4,
  model: { mean_heads_per_frame: 5.25, total_detections: 21, per_frame_counts: [5, 6, 5, 5] },
  classical: { mean_heads_per_frame: 6, total_detections: 24, per_frame_counts: [6, 6, 6, 6] },
  agreement: score(20, 1, 4),
  annotated: null,
};

describe('comparisonRows', () => {
  it('shows heads per frame and detections of both detectors without annotations', () => {
    expect(comparisonRows(comparison)).toEqual([
      { key: 'meanHeads', model: '5.3', classical: '6.0' },
      { key: 'totalDetections', model: '21', classical: '24' },
    ]);
  });

  it('adds precision, recall and F1 of each against the hand annotations', () => {
    const rows = comparisonRows({
      ...comparison,
      annotated: {
        frame_numbers: [0, 2],
        annotated_heads: 12,
        model: score(10, 0, 2),
        classical: score(12, 3, 0),
      },
    });
    expect(rows.slice(2)).toEqual([
      { key: 'precision', model: '1.000', classical: '0.800' },
      { key: 'recall', model: '0.833', classical: '1.000' },
      { key: 'f1', model: '0.909', classical: '0.889' },
    ]);
  });
});

describe('agreement and per-frame counts', () => {
  it('counts the frames whose head counts differ', () => {
    expect(framesWithDifferentCounts(comparison)).toBe(3);
  });

  it('states heads both found and those only one detector found', () => {
    expect(agreementFigures(comparison)).toEqual({
      f1: '0.889',
      both: 20,
      modelOnly: 1,
      classicalOnly: 4,
      radius: 5,
    });
  });

  it('formats a missing score as null, not zero', () => {
    expect(formatScore(null)).toBeNull();
    expect(formatScore(Number.NaN)).toBeNull();
    expect(formatScore(0)).toBe('0.000');
  });
});
