import { assessmentFigures } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { defaultKeyMap } from './counterKeys';
import { counterAssessmentInput } from './counterInput';
import {
  applyCounterAction,
  categoryTally,
  cellsTowardsTarget,
  isDone,
  modelAssistance,
  pressKey,
  recordCell,
  replicateNumber,
  startCounter,
  type CounterState,
} from './tallyCounter';

const press = (state: CounterState, ...keys: string[]) => keys.reduce(pressKey, state);
const times = (key: string, n: number) => Array.from({ length: n }, () => key);

describe('tally counter: vitality', () => {
  const start = () => startCounter('vitality', defaultKeyMap('vitality'), 10);

  it('counts live on 1 and dead on 2 and ignores keys without a category', () => {
    const state = press(start(), '1', '1', '2', 'x', 'ArrowUp');
    const tally = categoryTally(state.current);
    expect(tally.get('live')).toBe(2);
    expect(tally.get('dead')).toBe(1);
    expect(state.current).toHaveLength(3);
  });

  it('returns the same state for a key that means nothing, so the screen can ignore it', () => {
    const state = start();
    expect(pressKey(state, 'q')).toBe(state);
  });

  it('closes replicate 1 at the target and starts replicate 2', () => {
    const state = press(start(), ...times('1', 6), ...times('2', 4));
    expect(state.event.type).toBe('replicate_done');
    expect(state.finished).toHaveLength(1);
    expect(state.current).toHaveLength(0);
    expect(replicateNumber(state)).toBe(2);
    expect(isDone(state)).toBe(false);
  });

  it('is done after the second replicate and ignores further keys with a flag', () => {
    const done = press(start(), ...times('1', 10), ...times('2', 10));
    expect(done.event.type).toBe('finished');
    expect(isDone(done)).toBe(true);
    const after = pressKey(done, '1');
    expect(after.event.type).toBe('ignored_done');
    expect(after.event.seq).toBe(done.event.seq + 1);
    expect(after.finished).toEqual(done.finished);
  });

  it('undo removes the last key of the replicate being counted', () => {
    const state = press(start(), '1', '2', 'Backspace');
    expect(state.current).toEqual([{ kind: 'count', category: 'live' }]);
    expect(state.event.type).toBe('undone');
  });

  it('undo right after a replicate closed reopens it without its last cell', () => {
    const closed = press(start(), ...times('1', 10));
    const reopened = pressKey(closed, 'Backspace');
    expect(reopened.finished).toHaveLength(0);
    expect(reopened.current).toHaveLength(9);
    expect(replicateNumber(reopened)).toBe(1);
  });

  it('undo with nothing counted changes nothing but reports it', () => {
    const state = pressKey(start(), 'Backspace');
    expect(state.event.type).toBe('ignored_empty');
    expect(state.current).toHaveLength(0);
  });

  it('uses the default target of 200 cells per replicate', () => {
    const state = startCounter('vitality', defaultKeyMap('vitality'));
    const almost = press(state, ...times('1', 199));
    expect(almost.finished).toHaveLength(0);
    expect(pressKey(almost, '2').finished).toHaveLength(1);
  });

  it('honours changed keys', () => {
    const state = startCounter(
      'vitality',
      [
        { category: 'live', key: 'l' },
        { category: 'dead', key: 'd' },
      ],
      10,
    );
    const counted = press(state, 'L', 'd', '1');
    expect(categoryTally(counted.current).get('live')).toBe(1);
    expect(categoryTally(counted.current).get('dead')).toBe(1);
    expect(counted.current).toHaveLength(2);
  });
});

describe('tally counter: morphology', () => {
  const start = () => startCounter('morphology', defaultKeyMap('morphology'), 5);

  it('records a normal cell at once on the normal key', () => {
    const state = press(start(), '1');
    expect(state.current).toEqual([{ kind: 'cell', defects: [] }]);
  });

  it('toggles defects on the pending cell and records them as one cell on Enter', () => {
    const state = press(start(), '2', '4', '3', '3', 'Enter');
    expect(state.current).toEqual([{ kind: 'cell', defects: ['head', 'tail'] }]);
    expect(state.pending).toEqual([]);
  });

  it('records the pending cell on Space too', () => {
    const state = press(start(), '5', ' ');
    expect(state.current).toEqual([{ kind: 'cell', defects: ['erc'] }]);
  });

  it('refuses the normal key while the pending cell carries defects', () => {
    const state = press(start(), '2', '1');
    expect(state.event.type).toBe('ignored_pending');
    expect(state.current).toHaveLength(0);
    expect(state.pending).toEqual(['head']);
  });

  it('commits nothing when no defect is pending', () => {
    const state = press(start(), 'Enter');
    expect(state.event.type).toBe('ignored_empty');
    expect(state.current).toHaveLength(0);
  });

  it('undo pops the last defect of the pending cell before any recorded cell', () => {
    const state = press(start(), '1', '2', '4', 'Backspace');
    expect(state.pending).toEqual(['head']);
    expect(state.current).toHaveLength(1);
    const again = press(state, 'Backspace', 'Backspace');
    expect(again.pending).toEqual([]);
    expect(again.current).toHaveLength(0);
  });

  it('records a cell programmatically with its defects, once each, leaving the pending cell', () => {
    const pending = press(start(), '3');
    const state = recordCell(pending, ['tail', 'head', 'tail']);
    expect(state.current).toEqual([{ kind: 'cell', defects: ['head', 'tail'] }]);
    expect(state.pending).toEqual(['midpiece']);
  });

  it('counts every cell towards the target, normal or not', () => {
    const state = press(start(), '1', '2', 'Enter', '1', '3', '4', 'Enter', '1');
    expect(state.finished).toHaveLength(1);
    expect(cellsTowardsTarget('morphology', state.finished[0] ?? [])).toBe(5);
  });

  it('tallies a cell under every defect it carries', () => {
    const state = press(start(), '1', '2', '3', 'Enter', '2', 'Enter');
    const tally = categoryTally(state.current);
    expect(tally.get('normal')).toBe(1);
    expect(tally.get('head')).toBe(2);
    expect(tally.get('midpiece')).toBe(1);
    expect(tally.get('tail')).toBeUndefined();
  });

  it('ignores defect keys once done', () => {
    const done = press(startCounter('morphology', defaultKeyMap('morphology'), 1), '1', '1');
    expect(isDone(done)).toBe(true);
    const after = pressKey(done, '2');
    expect(after.event.type).toBe('ignored_done');
    expect(after.pending).toEqual([]);
  });
});

describe('tally counter: round cells and MAR', () => {
  it('counts only spermatozoa towards the round-cell target', () => {
    const start = startCounter('round_cells', defaultKeyMap('round_cells'), 3);
    const state = press(start, '2', '3', '1', '2', '1');
    expect(state.finished).toHaveLength(0);
    const closed = pressKey(state, '1');
    expect(closed.finished).toHaveLength(1);
    expect(closed.finished[0]).toHaveLength(6);
  });

  it('counts bound and unbound motile spermatozoa towards the MAR target', () => {
    const start = startCounter('mar', defaultKeyMap('mar'), 4);
    const state = press(start, '1', '2', '2', '2');
    expect(state.event.type).toBe('replicate_done');
  });

  it('ignores the commit key outside morphology', () => {
    const start = startCounter('mar', defaultKeyMap('mar'), 4);
    expect(pressKey(start, 'Enter')).toBe(start);
  });
});

describe('tally counter: the contract input', () => {
  it('gives two vitality replicates whose figures judge their agreement', () => {
    const start = startCounter('vitality', defaultKeyMap('vitality'));
    const done = press(
      start,
      ...times('1', 120),
      ...times('2', 80),
      ...times('1', 60),
      ...times('2', 140),
    );
    const input = counterAssessmentInput(done, 'eosin_nigrosin');
    expect(input).toEqual({
      module: 'vitality',
      method: 'eosin_nigrosin',
      replicates: [
        { live: 120, dead: 80 },
        { live: 60, dead: 140 },
      ],
      notes: '',
    });
    if (input === null) throw new Error('no input');
    const figures = assessmentFigures(input);
    expect(figures.main?.percent).toBe(45);
    expect(figures.replicates_agree).toBe(false);
  });

  it('groups morphology cells by their set of defects', () => {
    const start = startCounter('morphology', defaultKeyMap('morphology'), 10);
    const state = applyCounterAction(
      press(start, '1', '1', '2', 'Enter', '4', '2', 'Enter', '2', 'Enter'),
      { type: 'cell', defects: ['erc'] },
    );
    expect(counterAssessmentInput(state, 'papanicolaou')).toEqual({
      module: 'morphology',
      method: 'papanicolaou',
      replicates: [
        {
          normal: 2,
          abnormal: [
            { defects: ['head'], count: 2 },
            { defects: ['head', 'tail'], count: 1 },
            { defects: ['erc'], count: 1 },
          ],
        },
      ],
      notes: '',
      model_assisted: null,
    });
  });

  it('maps round-cell keys to spermatozoa and peroxidase-positive and -negative cells', () => {
    const start = startCounter('round_cells', defaultKeyMap('round_cells'), 10);
    const input = counterAssessmentInput(press(start, '1', '1', '2', '3', '3'), 'peroxidase');
    expect(input).toMatchObject({
      replicates: [{ sperm: 2, peroxidase_positive: 1, peroxidase_negative: 2 }],
    });
  });

  it('refuses a method of another module and an empty counter', () => {
    const start = startCounter('mar', defaultKeyMap('mar'), 10);
    expect(counterAssessmentInput(start, 'mar_igg')).toBeNull();
    expect(counterAssessmentInput(pressKey(start, '1'), 'eosin')).toBeNull();
    expect(counterAssessmentInput(pressKey(start, '1'), 'mar_igg')).toMatchObject({
      replicates: [{ bound: 1, unbound: 0 }],
    });
  });
});

describe('model-assisted morphology cells', () => {
  it('counts the cells a model proposed as confirmed or corrected, and forgets an undone one', () => {
    const model = { id: 'm1', name: 'Morph v2' };
    let state = startCounter('morphology', defaultKeyMap('morphology'));
    state = recordCell(state, ['head'], { ...model, agreed: true });
    state = recordCell(state, [], { ...model, agreed: false });
    state = recordCell(state, ['tail'], { ...model, agreed: false });
    state = recordCell(state, ['tail']);
    expect(modelAssistance(state.current)).toEqual({
      model_id: 'm1',
      model_name: 'Morph v2',
      confirmed: 1,
      corrected: 2,
    });
    state = applyCounterAction(state, { type: 'undo' });
    state = applyCounterAction(state, { type: 'undo' });
    expect(modelAssistance(state.current)?.corrected).toBe(1);
    expect(
      modelAssistance(startCounter('morphology', defaultKeyMap('morphology')).current),
    ).toBeNull();
  });
});
