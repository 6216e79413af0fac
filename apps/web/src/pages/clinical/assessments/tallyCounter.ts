import {
  DEFAULT_COUNT_TARGET,
  MORPHOLOGY_DEFECTS,
  type CountedModule,
  type MorphologyDefect,
} from '@sarm/contracts';
import {
  COMMIT_KEYS,
  UNDO_KEY,
  categoryOfKey,
  normalizeKey,
  type CounterCategory,
  type CounterKeyMap,
} from './counterKeys';

/**
 * The bench tally counter as a pure state machine: each key press counts one cell in a category
 * until the replicate reaches its target, then the next replicate starts (WHO asks for two of 200
 * cells for vitality, morphology, round cells and MAR). Morphology records one cell with any set
 * of defects: defect keys toggle defects on the pending cell and the commit key records it.
 * The screen only translates key presses into actions and draws the state.
 */

/** WHO: vitality, morphology, round cells and MAR are counted twice and the counts compared. */
export const DEFAULT_REPLICATE_COUNT = 2;

/** One counted cell: a category press, or a morphology cell with its defects (none: normal). */
export type CounterEntry =
  | { readonly kind: 'count'; readonly category: CounterCategory }
  | {
      readonly kind: 'cell';
      readonly defects: readonly MorphologyDefect[];
      /** Set when a model proposed this cell's class on a smear image and the counter decided it. */
      readonly model?: ModelDecision;
    };

/** A model's proposal decided by the counter: kept as proposed (agreed) or corrected. */
export interface ModelDecision {
  readonly id: string;
  readonly name: string;
  readonly agreed: boolean;
}

export type CounterEventType =
  | 'started'
  | 'counted'
  | 'defect_on'
  | 'defect_off'
  | 'undone'
  | 'replicate_done'
  | 'finished'
  /** A key after both replicates were done: the screen flashes a warning. */
  | 'ignored_done'
  /** The normal key while the pending cell carries defects. */
  | 'ignored_pending'
  /** Commit without a defect, or undo with nothing to undo. */
  | 'ignored_empty';

/** What the last action did; `seq` changes on every action so the screen can flash each one. */
export interface CounterEvent {
  readonly type: CounterEventType;
  readonly seq: number;
  readonly category: CounterCategory | null;
}

export interface CounterState {
  readonly module: CountedModule;
  readonly keys: CounterKeyMap;
  /** Cells per replicate (what counts towards it depends on the module, see `countsTowardsTarget`). */
  readonly target: number;
  readonly replicateCount: number;
  /** Replicates that reached the target, in order. */
  readonly finished: readonly (readonly CounterEntry[])[];
  /** The replicate being counted (empty once all are finished). */
  readonly current: readonly CounterEntry[];
  /** Morphology: defects toggled on the cell not yet recorded, in the order they were pressed. */
  readonly pending: readonly MorphologyDefect[];
  readonly event: CounterEvent;
}

export type CounterAction =
  | { readonly type: 'category'; readonly category: CounterCategory }
  | { readonly type: 'commit' }
  | { readonly type: 'undo' }
  | {
      readonly type: 'cell';
      readonly defects: readonly MorphologyDefect[];
      readonly model?: ModelDecision;
    };

/** A fresh counter (also what a recount starts from). */
export function startCounter(
  module: CountedModule,
  keys: CounterKeyMap,
  target: number = DEFAULT_COUNT_TARGET,
  replicateCount: number = DEFAULT_REPLICATE_COUNT,
): CounterState {
  return {
    module,
    keys,
    target: Math.max(1, Math.floor(target)),
    replicateCount: Math.max(1, Math.floor(replicateCount)),
    finished: [],
    current: [],
    pending: [],
    event: { type: 'started', seq: 0, category: null },
  };
}

/** True once every replicate reached its target. */
export const isDone = (state: CounterState): boolean =>
  state.finished.length >= state.replicateCount;

/** The replicate being counted, from 1 (the last one once all are done). */
export const replicateNumber = (state: CounterState): number =>
  Math.min(state.finished.length + 1, state.replicateCount);

/**
 * Whether a cell counts towards the replicate's target: every cell, except in round cells where
 * the target is the spermatozoa and round cells are counted alongside them.
 */
export function countsTowardsTarget(module: CountedModule, entry: CounterEntry): boolean {
  if (module !== 'round_cells') return true;
  return entry.kind === 'count' && entry.category === 'sperm';
}

/** Cells of a replicate that count towards its target. */
export const cellsTowardsTarget = (module: CountedModule, entries: readonly CounterEntry[]) =>
  entries.filter((entry) => countsTowardsTarget(module, entry)).length;

/** The action a key stands for in this counter, or null when the key means nothing here. */
export function counterKeyAction(
  state: Pick<CounterState, 'module' | 'keys'>,
  key: string,
): CounterAction | null {
  if (key === UNDO_KEY) return { type: 'undo' };
  if (state.module === 'morphology' && COMMIT_KEYS.includes(normalizeKey(key)))
    return { type: 'commit' };
  const category = categoryOfKey(state.keys, key);
  return category === null ? null : { type: 'category', category };
}

const defectOf = (category: CounterCategory): MorphologyDefect | null =>
  MORPHOLOGY_DEFECTS.find((defect) => defect === category) ?? null;

/** Defects in the contract's order, each once, so equal sets give equal tallies. */
export const canonicalDefects = (defects: readonly MorphologyDefect[]): MorphologyDefect[] =>
  MORPHOLOGY_DEFECTS.filter((defect) => defects.includes(defect));

function withEvent(
  state: CounterState,
  changes: Partial<Pick<CounterState, 'finished' | 'current' | 'pending'>>,
  type: CounterEventType,
  category: CounterCategory | null = null,
): CounterState {
  return { ...state, ...changes, event: { type, seq: state.event.seq + 1, category } };
}

function record(
  state: CounterState,
  entry: CounterEntry,
  category: CounterCategory | null,
  pending: readonly MorphologyDefect[] = state.pending,
): CounterState {
  if (isDone(state)) return withEvent(state, {}, 'ignored_done', category);
  const current = [...state.current, entry];
  if (cellsTowardsTarget(state.module, current) < state.target)
    return withEvent(state, { current, pending }, 'counted', category);
  const finished = [...state.finished, current];
  if (finished.length >= state.replicateCount)
    return withEvent(state, { finished, current: [], pending: [] }, 'finished', category);
  // Defects already toggled belong to the next cell, the first of the next replicate.
  return withEvent(state, { finished, current: [], pending }, 'replicate_done', category);
}

function undo(state: CounterState): CounterState {
  if (state.pending.length > 0)
    return withEvent(state, { pending: state.pending.slice(0, -1) }, 'undone');
  if (state.current.length > 0)
    return withEvent(state, { current: state.current.slice(0, -1) }, 'undone');
  // Undo right after a replicate closed reopens it: the last key may have been a slip.
  const last = state.finished.at(-1);
  if (last === undefined) return withEvent(state, {}, 'ignored_empty');
  return withEvent(
    state,
    { finished: state.finished.slice(0, -1), current: last.slice(0, -1) },
    'undone',
  );
}

function pressMorphology(state: CounterState, category: CounterCategory): CounterState {
  const defect = defectOf(category);
  if (defect === null) {
    if (state.pending.length > 0) return withEvent(state, {}, 'ignored_pending', category);
    return record(state, { kind: 'cell', defects: [] }, category);
  }
  if (isDone(state)) return withEvent(state, {}, 'ignored_done', category);
  if (state.pending.includes(defect))
    return withEvent(
      state,
      { pending: state.pending.filter((d) => d !== defect) },
      'defect_off',
      category,
    );
  return withEvent(state, { pending: [...state.pending, defect] }, 'defect_on', category);
}

/** The counter after one action (key press, on-screen button or a cell from the images panel). */
export function applyCounterAction(state: CounterState, action: CounterAction): CounterState {
  switch (action.type) {
    case 'undo':
      return undo(state);
    case 'category':
      if (state.module === 'morphology') return pressMorphology(state, action.category);
      return record(state, { kind: 'count', category: action.category }, action.category);
    case 'commit':
      if (state.pending.length === 0) return withEvent(state, {}, 'ignored_empty');
      return record(state, { kind: 'cell', defects: canonicalDefects(state.pending) }, null, []);
    case 'cell':
      // A cell recorded as a whole (e.g. confirmed on an image) leaves the pending cell alone.
      return record(
        state,
        {
          kind: 'cell',
          defects: canonicalDefects(action.defects),
          ...(action.model === undefined ? {} : { model: action.model }),
        },
        null,
      );
  }
}

/** The counter after a key press; unchanged (same object) when the key means nothing here. */
export function pressKey(state: CounterState, key: string): CounterState {
  const action = counterKeyAction(state, key);
  return action === null ? state : applyCounterAction(state, action);
}

/** Morphology: records one cell with the given defects (none: a normal cell). */
export const recordCell = (
  state: CounterState,
  defects: readonly MorphologyDefect[],
  model?: ModelDecision,
): CounterState =>
  applyCounterAction(state, { type: 'cell', defects, ...(model === undefined ? {} : { model }) });

/**
 * What the saved morphology says of a model: the cells it proposed and the counter confirmed or
 * corrected (null when no cell came from a model).
 */
export function modelAssistance(
  entries: readonly CounterEntry[],
): { model_id: string; model_name: string; confirmed: number; corrected: number } | null {
  const decided = entries.flatMap((entry) =>
    entry.kind === 'cell' && entry.model !== undefined ? [entry.model] : [],
  );
  const first = decided[0];
  if (first === undefined) return null;
  const confirmed = decided.filter((decision) => decision.agreed).length;
  return {
    model_id: first.id,
    model_name: first.name,
    confirmed,
    corrected: decided.length - confirmed,
  };
}

/**
 * Cells of one replicate per category, as shown beside each key. Morphology counts a cell under
 * every defect it carries, and under normal when it carries none.
 */
export function categoryTally(entries: readonly CounterEntry[]): Map<CounterCategory, number> {
  const tally = new Map<CounterCategory, number>();
  const add = (category: CounterCategory) => tally.set(category, (tally.get(category) ?? 0) + 1);
  for (const entry of entries) {
    if (entry.kind === 'count') add(entry.category);
    else if (entry.defects.length === 0) add('normal');
    else entry.defects.forEach(add);
  }
  return tally;
}
