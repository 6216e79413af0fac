import { describe, expect, it } from 'vitest';
import { scoreFromCounts, scoreHeadPositions } from './score-heads.js';

describe('scoreHeadPositions', () => {
  it('matches one-to-one, nearest pair first, within the radius', () => {
    const truth = [
      { x: 10, y: 10 },
      { x: 14, y: 10 },
      { x: 50, y: 50 },
      { x: 90, y: 90 },
    ];
    const found = [
      { x: 13, y: 10 }, // nearest to (14,10): 1 px; also within 3 px of (10,10)
      { x: 11, y: 10 }, // 1 px from (10,10)
      { x: 12, y: 10 }, // left over once both are taken
      { x: 56, y: 50 }, // 6 px: outside 5 px
      { x: 93, y: 94 }, // exactly 5 px: inside
    ];
    const s = scoreHeadPositions(truth, found, 5);
    expect(s.marked).toBe(4);
    expect(s.found).toBe(5);
    expect(s.matched).toBe(3);
    expect(s.precision).toBeCloseTo(3 / 5, 12);
    expect(s.recall).toBeCloseTo(3 / 4, 12);
    expect(s.f1).toBeCloseTo((2 * 0.6 * 0.75) / 1.35, 12);
  });

  it('does not let one found position serve two marked heads', () => {
    const s = scoreHeadPositions(
      [
        { x: 0, y: 0 },
        { x: 2, y: 0 },
      ],
      [{ x: 1, y: 0 }],
      5,
    );
    expect(s.matched).toBe(1);
    expect(s.recall).toBe(0.5);
    expect(s.precision).toBe(1);
  });

  it('gives F1 0 when nothing matches and handles empty lists', () => {
    expect(scoreHeadPositions([{ x: 0, y: 0 }], [{ x: 20, y: 0 }], 5).f1).toBe(0);
    expect(scoreFromCounts(0, 0, 0)).toMatchObject({ precision: 1, recall: 1, f1: 1 });
  });
});
