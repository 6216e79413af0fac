import { describe, expect, it } from 'vitest';
import { DEFAULT_TRAIN_OPTIONS } from '@sarm/ml';
import { compareDetectors, type FrameFinding } from './detector-comparison.js';
import type { StoredBox } from './prediction-files.js';

/** A 6 x 6 px box centred on (x, y). */
const box = (x: number, y: number): StoredBox => [x - 3, y - 3, x + 3, y + 3, 0.9];
const finding = (...boxes: StoredBox[]): FrameFinding => ({ count: boxes.length, boxes });

describe('compareDetectors', () => {
  it('counts heads both found, and those only one of them found, within the radius', () => {
    const comparison = compareDetectors({
      frames: [
        // Both at (10, 10); the model 3 px off at (40, 44) still agrees; (80, 80) only the model.
        {
          frame: 0,
          model: finding(box(10, 10), box(40, 44), box(80, 80)),
          classical: finding(box(10, 10), box(40, 41)),
        },
        // The classical head at (20, 20) is 8 px from the model's: outside 5 px.
        { frame: 1, model: finding(box(28, 20)), classical: finding(box(20, 20)) },
      ],
      annotated: new Map(),
      radiusPx: 5,
    });
    expect(comparison.agreement).toMatchObject({
      true_positives: 2,
      false_positives: 2,
      false_negatives: 1,
    });
    expect(comparison.agreement.f1).toBeCloseTo(4 / 7, 9);
    expect(comparison.model.per_frame_counts).toEqual([3, 1]);
    expect(comparison.classical.per_frame_counts).toEqual([2, 1]);
    expect(comparison.model.mean_heads_per_frame).toBe(2);
    expect(comparison.annotated).toBeNull();
  });

  it('scores each detector against the annotated frames only', () => {
    const truth = [
      { x1: 7, y1: 7, x2: 13, y2: 13 },
      { x1: 47, y1: 47, x2: 53, y2: 53 },
    ];
    const comparison = compareDetectors({
      frames: [
        { frame: 0, model: finding(box(10, 10), box(50, 50)), classical: finding(box(10, 10)) },
        { frame: 1, model: finding(box(90, 90)), classical: finding() },
      ],
      annotated: new Map([[0, truth]]),
      radiusPx: 5,
    });
    expect(comparison.annotated).toMatchObject({ frame_numbers: [0], annotated_heads: 2 });
    expect(comparison.annotated?.model).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    expect(comparison.annotated?.classical).toMatchObject({ precision: 1, recall: 0.5 });
  });

  it('leaves ratios without a denominator null instead of inventing a score', () => {
    const comparison = compareDetectors({
      frames: [{ frame: 0, model: finding(), classical: finding() }],
      annotated: new Map(),
    });
    expect(comparison.agreement).toMatchObject({ precision: null, recall: null, f1: null });
    expect(comparison.match_radius_px).toBe(DEFAULT_TRAIN_OPTIONS.matchRadiusPx);
  });
});
