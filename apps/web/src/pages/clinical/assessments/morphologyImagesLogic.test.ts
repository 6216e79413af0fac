import type { MorphologyCellProposal } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { defaultKeyMap } from './counterKeys';
import {
  allDecided,
  initialCellStep,
  stepCellKey,
  zoomRegion,
  type CellStepState,
} from './morphologyImagesLogic';

const keys = defaultKeyMap('morphology');
const cell = (defects: MorphologyCellProposal['defects']): MorphologyCellProposal => ({
  x: 10,
  y: 10,
  width: 10,
  height: 8,
  defects,
  modelClass: 'head_defect',
  confidence: 0.8,
});
const proposals = [cell(['head']), cell([]), cell(['tail'])];

function press(state: CellStepState, ...pressed: string[]) {
  let current = state;
  const decided: unknown[] = [];
  for (const key of pressed) {
    const result = stepCellKey(current, key, keys, proposals);
    if (result === null) throw new Error(`key ${key} ignored`);
    current = result.state;
    if (result.decided !== null) decided.push(result.decided);
  }
  return { state: current, decided };
}

describe('stepCellKey', () => {
  it("accepts an untouched cell's proposal with Enter or 'a'", () => {
    const { state, decided } = press(initialCellStep, 'Enter', 'a');
    expect(decided).toEqual([['head'], []]);
    expect(state.index).toBe(2);
  });

  it('toggles defects with the counter keys and records the set with Enter', () => {
    const { state, decided } = press(initialCellStep, '2', '4', '2', '3', 'Enter');
    expect(decided).toEqual([['midpiece', 'tail']]);
    expect(state.decisions).toEqual([{ proposal: 0, defects: ['midpiece', 'tail'] }]);
  });

  it('decides a cell normal at once with the normal key', () => {
    expect(press(initialCellStep, '1').decided).toEqual([[]]);
  });

  it("records a touched cell's empty set as normal, not the proposal", () => {
    expect(press(initialCellStep, '2', '2', 'Enter').decided).toEqual([[]]);
  });

  it('lets other keys through and stops after the last cell', () => {
    expect(stepCellKey(initialCellStep, 'x', keys, proposals)).toBeNull();
    const { state } = press(initialCellStep, 'a', 'a', 'a');
    expect(allDecided(state, proposals)).toBe(true);
    expect(stepCellKey(state, 'Enter', keys, proposals)).toBeNull();
  });
});

describe('zoomRegion', () => {
  it('centres a square three times the box on the cell, inside the image', () => {
    expect(zoomRegion({ x: 50, y: 50, width: 10, height: 6 }, { width: 200, height: 100 })).toEqual(
      {
        x: 40,
        y: 38,
        side: 30,
      },
    );
    expect(
      zoomRegion({ x: 0, y: 0, width: 10, height: 10 }, { width: 200, height: 100 }),
    ).toMatchObject({
      x: 0,
      y: 0,
    });
  });
});
