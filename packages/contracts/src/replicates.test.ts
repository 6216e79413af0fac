import { describe, expect, it } from 'vitest';
import {
  compareReplicateCounts,
  compareReplicatePercentages,
  whoTableDifference200,
} from './replicates.js';

describe('WHO replicate acceptance', () => {
  it('accepts two counts whose difference is within 1.96·√sum and refuses a larger one', () => {
    // Sum 400: limit 1.96 × 20 = 39.2.
    expect(compareReplicateCounts(219, 181)).toEqual({
      difference: 38,
      acceptableDifference: 39.2,
      agree: true,
    });
    expect(compareReplicateCounts(220, 180).agree).toBe(false);
  });

  it.each([
    [0, 1],
    [1, 2],
    [2, 3],
    [4, 4],
    [6, 5],
    [10, 6],
    [15, 7],
    [20, 8],
    [30, 9],
    [50, 10],
    [70, 9],
    [80, 8],
    [86, 7],
    [90, 6],
    [94, 5],
    [97, 4],
    [98, 3],
    [99, 2],
    [100, 1],
  ])('reads WHO Table 2.1 at an average of %d %%: %d points', (average, difference) => {
    expect(whoTableDifference200(average)).toBe(difference);
  });

  it('judges two 200-cell percentages by the WHO table: 45 and 55 agree, 44 and 56 do not', () => {
    const at50 = compareReplicatePercentages(
      { percent: 45, assessed: 200 },
      { percent: 55, assessed: 200 },
    );
    expect(at50).toEqual({ difference: 10, acceptableDifference: 10, agree: true });
    const wider = compareReplicatePercentages(
      { percent: 44, assessed: 200 },
      { percent: 56, assessed: 200 },
    );
    expect(wider?.agree).toBe(false);
  });

  it('uses the binomial formula for other numbers of cells', () => {
    // 100 + 100 at an average of 10 %: 1.96·√(10·90·(2/100)) = 8.32.
    const small = compareReplicatePercentages(
      { percent: 6, assessed: 100 },
      { percent: 14, assessed: 100 },
    );
    expect(small?.acceptableDifference).toBeCloseTo(8.316, 2);
    expect(small?.agree).toBe(true);
  });

  it('cannot compare percentages of a replicate that assessed nothing', () => {
    expect(
      compareReplicatePercentages({ percent: 0, assessed: 0 }, { percent: 40, assessed: 50 }),
    ).toBeNull();
  });
});
