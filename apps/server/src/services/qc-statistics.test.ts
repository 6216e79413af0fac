import { describe, expect, it } from 'vitest';
import {
  blandAltman,
  controlLimits,
  pearsonCorrelation,
  westgardViolations,
} from './qc-statistics.js';

/** Bland & Altman, Lancet 1986: peak expiratory flow (l/min), first reading of each meter. */
const WRIGHT = [
  494, 395, 516, 434, 476, 557, 413, 442, 650, 433, 417, 656, 267, 478, 178, 423, 427,
];
const MINI_WRIGHT = [
  512, 430, 520, 428, 500, 600, 364, 380, 658, 445, 432, 626, 260, 477, 259, 350, 451,
];

describe('blandAltman', () => {
  it('reproduces the published PEFR example: bias −2.1, SD 38.8, limits −78 to 74', () => {
    const pairs = WRIGHT.map((test, i) => ({ test, reference: MINI_WRIGHT[i] ?? 0 }));
    const result = blandAltman(pairs);
    expect(result.n).toBe(17);
    expect(result.meanBias).toBeCloseTo(-2.12, 2);
    expect(result.sdOfDifferences).toBeCloseTo(38.77, 1);
    expect(result.lowerLimit).toBeCloseTo(-2.12 - 1.96 * 38.77, 0);
    expect(result.upperLimit).toBeCloseTo(-2.12 + 1.96 * 38.77, 0);
    expect(result.correlation).toBeGreaterThan(0.94);
  });

  it('computes bias, limits and r of a small hand-worked example', () => {
    const result = blandAltman([
      { reference: 10, test: 12 },
      { reference: 20, test: 21 },
      { reference: 30, test: 33 },
      { reference: 40, test: 42 },
    ]);
    expect(result.meanBias).toBe(2);
    expect(result.sdOfDifferences).toBeCloseTo(Math.sqrt(2 / 3), 10);
    expect(result.lowerLimit).toBeCloseTo(2 - 1.96 * Math.sqrt(2 / 3), 10);
    expect(result.upperLimit).toBeCloseTo(2 + 1.96 * Math.sqrt(2 / 3), 10);
    expect(result.correlation).toBeCloseTo(510 / Math.sqrt(500 * 522), 10);
  });

  it('answers nulls where too few pairs define a figure', () => {
    expect(blandAltman([])).toEqual({
      n: 0,
      meanBias: null,
      sdOfDifferences: null,
      lowerLimit: null,
      upperLimit: null,
      correlation: null,
    });
    const one = blandAltman([{ reference: 5, test: 7 }]);
    expect(one.meanBias).toBe(2);
    expect(one.lowerLimit).toBeNull();
    expect(pearsonCorrelation([1, 2, 3], [4, 4, 4])).toBeNull();
  });
});

describe('westgardViolations (mean 100, SD 10)', () => {
  const rules = (values: number[]) => westgardViolations(values, 100, 10);

  it('flags 1-3s on a point beyond 3 SD on either side, not at 2.9 SD', () => {
    expect(rules([100, 131, 100, 69])).toEqual([[], ['1-3s'], [], ['1-3s']]);
    expect(rules([129, 71])).toEqual([[], ['R-4s']]);
  });

  it('flags 2-2s on two consecutive points beyond 2 SD on the same side', () => {
    expect(rules([100, 121, 122])).toEqual([[], [], ['2-2s']]);
    expect(rules([79, 78])).toEqual([[], ['2-2s']]);
  });

  it('does not flag 2-2s when the two points are not consecutive or only one exceeds 2 SD', () => {
    expect(rules([121, 100, 122])).toEqual([[], [], []]);
    expect(rules([121, 119])).toEqual([[], []]);
  });

  it('flags R-4s when consecutive points exceed 2 SD on opposite sides', () => {
    expect(rules([121, 78])).toEqual([[], ['R-4s']]);
    expect(rules([78, 121])).toEqual([[], ['R-4s']]);
  });

  it('does not flag R-4s for a range over 4 SD when one point is within 2 SD', () => {
    expect(rules([125, 81])).toEqual([[], []]);
  });

  it('flags several rules on one point and none without a positive SD', () => {
    expect(rules([121, 132])).toEqual([[], ['1-3s', '2-2s']]);
    expect(westgardViolations([1, 1000], 1, 0)).toEqual([[], []]);
  });
});

describe('controlLimits', () => {
  const runs = [10, 12, 11, 9, 10, 13, 8, 10, 11, 10, 40, 41];

  it('uses the entered target when there is one', () => {
    expect(controlLimits(runs.slice(0, 3), 10, { mean: 10, sd: 1 })).toEqual({
      source: 'target',
      mean: 10,
      sd: 1,
    });
  });

  it('uses the first runs (at least 10) and nothing until there are enough', () => {
    expect(controlLimits(runs.slice(0, 9), 10, null).source).toBe('insufficient');
    const limits = controlLimits(runs, 5, null);
    expect(limits.source).toBe('baseline');
    expect(limits.mean).toBeCloseTo(10.4, 10);
    expect(limits.sd).toBeCloseTo(1.4298, 3);
  });
});
