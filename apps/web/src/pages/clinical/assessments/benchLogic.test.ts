import { assessmentFigures } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  agglutinationInput,
  commentsInput,
  counterProgress,
  finishedReplicates,
  firstDisagreement,
  formatDifference,
  perHundredSperm,
  sourceKind,
} from './benchLogic';
import { defaultKeyMap } from './counterKeys';
import { measureKey } from './labelKeys';
import { pressKey, startCounter, type CounterState } from './tallyCounter';

const press = (state: CounterState, key: string, n: number) =>
  Array.from({ length: n }, () => key).reduce(pressKey, state);

describe('bench screens: progress', () => {
  it('reports the replicate being counted and its share of the target', () => {
    const state = press(startCounter('vitality', defaultKeyMap('vitality')), '1', 50);
    expect(counterProgress(state)).toEqual({
      replicate: 1,
      count: 50,
      target: 200,
      percent: 25,
      done: false,
    });
  });

  it('moves to replicate 2 at zero once replicate 1 is done, and lists replicate 1 as done', () => {
    const state = press(startCounter('vitality', defaultKeyMap('vitality')), '2', 200);
    expect(counterProgress(state)).toMatchObject({ replicate: 2, count: 0, done: false });
    expect(finishedReplicates(state)).toEqual([{ number: 1, cells: 200 }]);
  });

  it('shows a full bar once both replicates are done', () => {
    const state = press(startCounter('mar', defaultKeyMap('mar'), 5), '1', 10);
    expect(counterProgress(state)).toMatchObject({
      replicate: 2,
      count: 5,
      percent: 100,
      done: true,
    });
  });

  it('counts round-cell progress in spermatozoa only', () => {
    const start = startCounter('round_cells', defaultKeyMap('round_cells'), 10);
    const state = press(press(start, '2', 4), '1', 3);
    expect(counterProgress(state).count).toBe(3);
  });
});

describe('bench screens: agreement and sources', () => {
  it('names the first disagreeing measure', () => {
    const figures = assessmentFigures({
      module: 'vitality',
      method: 'eosin',
      replicates: [
        { live: 150, dead: 50 },
        { live: 90, dead: 110 },
      ],
      notes: '',
    });
    const disagreement = firstDisagreement(figures);
    expect(disagreement?.measure).toBe('live');
    expect(disagreement?.difference).toBeCloseTo(30);
    expect(measureKey('live')).toBe('assessments.measures.live');
    expect(measureKey('unknown')).toBeNull();
  });

  it('finds no disagreement when the replicates agree', () => {
    const figures = assessmentFigures({
      module: 'mar',
      method: 'mar_igg',
      replicates: [
        { bound: 20, unbound: 180 },
        { bound: 22, unbound: 178 },
      ],
      notes: '',
    });
    expect(firstDisagreement(figures)).toBeNull();
  });

  it('prints whole differences whole and others with one decimal', () => {
    expect(formatDifference(9)).toBe('9');
    expect(formatDifference(4.25)).toBe('4.3');
  });

  it('tells a model-proposed, person-confirmed result apart from a count and an entry', () => {
    expect(sourceKind('model_confirmed')).toBe('modelConfirmed');
    expect(sourceKind('manual_count')).toBe('counted');
    expect(sourceKind('manual_entry')).toBe('entered');
  });

  it('reads ratios per 100 spermatozoa', () => {
    expect(perHundredSperm(0.025)).toBe('2.5');
    expect(perHundredSperm(null)).toBeNull();
  });
});

describe('bench screens: entered modules', () => {
  it('drops the agglutination type at grade 0 and needs one for any other grade', () => {
    expect(agglutinationInput(0, 'A')).toMatchObject({ grade: 0, type: null });
    expect(agglutinationInput(2, null)).toBeNull();
    expect(agglutinationInput(3, 'B')).toEqual({
      module: 'agglutination',
      method: 'wet_preparation',
      grade: 3,
      type: 'B',
      notes: '',
    });
  });

  it('keeps the pellet finding and trims the comment', () => {
    expect(commentsInput('no_sperm', '  seen twice \n')).toEqual({
      module: 'comments',
      method: 'observation',
      pellet: 'no_sperm',
      notes: 'seen twice',
    });
  });
});
