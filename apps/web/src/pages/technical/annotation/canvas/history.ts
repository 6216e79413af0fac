import type { FrameBox } from './geometry';

/** A change a person made on the frame, with what is needed to undo and redo it. */
export type Change =
  | {
      readonly kind: 'create';
      readonly id: string;
      readonly box: FrameBox;
      readonly className: string;
    }
  | {
      readonly kind: 'delete';
      readonly id: string;
      readonly box: FrameBox;
      readonly className: string;
    }
  | {
      readonly kind: 'move';
      readonly id: string;
      readonly before: FrameBox;
      readonly after: FrameBox;
    }
  | {
      readonly kind: 'reclassify';
      readonly id: string;
      readonly before: string;
      readonly after: string;
    };

export interface History {
  readonly done: readonly Change[];
  readonly undone: readonly Change[];
}

export const emptyHistory: History = { done: [], undone: [] };
/** Older changes are forgotten beyond this many. */
export const HISTORY_LIMIT = 200;

/** Records a change; a new change clears what could be redone. */
export const record = (history: History, change: Change): History => ({
  done: [...history.done, change].slice(-HISTORY_LIMIT),
  undone: [],
});

/** The change that undoes `change` (what the server must be asked to do). */
export function inverse(change: Change): Change {
  switch (change.kind) {
    case 'create':
      return { ...change, kind: 'delete' };
    case 'delete':
      return { ...change, kind: 'create' };
    case 'move':
      return { ...change, before: change.after, after: change.before };
    case 'reclassify':
      return { ...change, before: change.after, after: change.before };
  }
}

/** Takes the last change off for undoing; answers the change to apply (its inverse). */
export function undo(history: History): { history: History; apply: Change } | null {
  const last = history.done.at(-1);
  if (last === undefined) return null;
  return {
    history: { done: history.done.slice(0, -1), undone: [...history.undone, last] },
    apply: inverse(last),
  };
}

/** Takes the last undone change back; answers the change to apply again. */
export function redo(history: History): { history: History; apply: Change } | null {
  const last = history.undone.at(-1);
  if (last === undefined) return null;
  return {
    history: { done: [...history.done, last], undone: history.undone.slice(0, -1) },
    apply: last,
  };
}

/**
 * A box re-created on the server (undoing a delete, redoing a create) gets a new id: every
 * recorded change of the old id now refers to the new one.
 */
export function renameBox(history: History, from: string, to: string): History {
  const rename = (change: Change): Change => (change.id === from ? { ...change, id: to } : change);
  return { done: history.done.map(rename), undone: history.undone.map(rename) };
}
