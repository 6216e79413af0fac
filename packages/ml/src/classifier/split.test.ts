import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.js';
import { stratifiedSplit } from './split.js';

const items = (counts: number[]): { label: number; id: number }[] =>
  counts.flatMap((n, label) =>
    Array.from({ length: n }, (_, i) => ({ label, id: label * 100 + i })),
  );

describe('stratifiedSplit', () => {
  it('holds out the same share of every class', () => {
    const { training, validation } = stratifiedSplit(items([10, 20, 5]), 0.2, seededRandom(1));
    const count = (list: { label: number }[], label: number): number =>
      list.filter((s) => s.label === label).length;
    expect([0, 1, 2].map((l) => count(validation, l))).toEqual([2, 4, 1]);
    expect(training).toHaveLength(28);
    const ids = new Set([...training, ...validation].map((s) => s.id));
    expect(ids.size).toBe(35);
  });

  it('holds out at least one and keeps at least one for training', () => {
    expect(stratifiedSplit(items([2, 1]), 0.1, seededRandom(1)).validation).toHaveLength(1);
    expect(stratifiedSplit(items([2]), 1, seededRandom(1)).training).toHaveLength(1);
  });

  it('holds out nothing for a zero share', () => {
    expect(stratifiedSplit(items([4, 4]), 0, seededRandom(1)).validation).toEqual([]);
  });

  it('picks the same items for the same seed and others for another', () => {
    const ids = (seed: number): number[] =>
      stratifiedSplit(items([30]), 0.3, seededRandom(seed)).validation.map((s) => s.id);
    expect(ids(4)).toEqual(ids(4));
    expect(ids(4)).not.toEqual(ids(5));
  });
});
