import { useEffect, useRef } from 'react';
import { isTypingTarget, type KeyPress } from './canvas/keymap';

/**
 * Runs the action a key press maps to, window-wide: not while the person types in a field, not
 * for keys typed inside an open dialog (they belong to the dialog).
 */
export function useShortcutKeys<A>(
  actionFor: (press: KeyPress) => A | null,
  run: (action: A) => void,
): void {
  const runRef = useRef(run);
  runRef.current = run;
  const actionRef = useRef(actionFor);
  actionRef.current = actionFor;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target instanceof HTMLElement ? event.target : null)) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"]') !== null)
        return;
      const action = actionRef.current(event);
      if (action === null) return;
      event.preventDefault();
      runRef.current(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
