import type { View } from './view';

/**
 * The canvas's view (zoom and pan) outside React state: the wheel and a pan change it up to
 * once per pointer event, and re-rendering the whole annotation page (toolbar, cards, list) at
 * that rate cost more than the frame budget at 1,000 boxes. The canvas and the zoom label
 * subscribe; everything else reads the current view when it acts.
 */
export interface ViewStore {
  readonly get: () => View;
  readonly set: (view: View) => void;
  /** Calls `listener` after every change; answers the unsubscribe function. */
  readonly subscribe: (listener: () => void) => () => void;
}

/** A view store starting at `initial`; setting an equal view notifies nobody. */
export function createViewStore(initial: View): ViewStore {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (view) => {
      if (
        view.scale === current.scale &&
        view.offsetX === current.offsetX &&
        view.offsetY === current.offsetY
      )
        return;
      current = view;
      for (const listener of [...listeners]) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
