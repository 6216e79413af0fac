import type { CountedModule, MorphologyDefect } from '@sarm/contracts';
import { useCallback, useEffect, useState } from 'react';
import { beepFor } from './counterBeep';
import type { CounterKeyMap } from './counterKeys';
import {
  applyCounterAction,
  counterKeyAction,
  startCounter,
  type CounterAction,
  type CounterState,
  type ModelDecision,
} from './tallyCounter';

/** Inputs that take no typed text: keys pressed while one of them has the focus are the counter's. */
const NON_TEXT_INPUTS: readonly string[] = [
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
];

/**
 * Keys typed into a text field or an open menu or dialog belong there, not to the counter (the
 * method select and the key dialog live on the same page). A focused switch, tab or closed select
 * does not: the counter keeps counting after the sound is switched off.
 */
function belongsElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.includes(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target.closest('[role="dialog"], [role="listbox"], [role="menu"]') !== null;
}

/** The counter state of one module, the keyboard while `active`, and a beep per key unless muted. */
export function useTallyCounter(
  module: CountedModule,
  keys: CounterKeyMap,
  active: boolean,
  muted: boolean,
) {
  const [state, setState] = useState<CounterState>(() => startCounter(module, keys));
  const dispatch = useCallback(
    (action: CounterAction) => setState((current) => applyCounterAction(current, action)),
    [],
  );
  const restart = useCallback(() => setState(startCounter(module, keys)), [module, keys]);
  const recordCell = useCallback(
    (defects: readonly MorphologyDefect[], model?: ModelDecision) =>
      dispatch({ type: 'cell', defects, ...(model === undefined ? {} : { model }) }),
    [dispatch],
  );

  // New keys apply to the count in progress; nothing counted is lost.
  useEffect(() => setState((current) => ({ ...current, keys })), [keys]);

  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
      if (belongsElsewhere(event.target)) return;
      const action = counterKeyAction({ module, keys }, event.key);
      if (action === null) return;
      // Stops Space scrolling the page and Enter or Space pressing a focused button as well.
      event.preventDefault();
      dispatch(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [active, module, keys, dispatch]);

  const { seq, type } = state.event;
  useEffect(() => {
    if (!muted && seq > 0) beepFor(type);
  }, [seq, type, muted]);

  return { state, dispatch, restart, recordCell };
}
