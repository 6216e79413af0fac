/** Every keyboard action of the annotation page. */
export type AnnotationAction =
  | 'addBox'
  | 'cancel'
  | 'delete'
  | 'undo'
  | 'redo'
  | 'nextBox'
  | 'previousBox'
  | 'nudgeLeft'
  | 'nudgeRight'
  | 'nudgeUp'
  | 'nudgeDown'
  | 'nudgeLeftFar'
  | 'nudgeRightFar'
  | 'nudgeUpFar'
  | 'nudgeDownFar'
  | 'cycleClass'
  | 'verify'
  | 'fit'
  | 'actualSize'
  | 'zoomIn'
  | 'zoomOut'
  | 'carryToTrack'
  | 'splitTrack'
  | 'mergeTrack'
  | 'nextFrame'
  | 'addToLabel'
  | 'help';

export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

/** The shortcuts, in the order the help dialog lists them. */
export const SHORTCUTS: readonly { readonly action: AnnotationAction; readonly keys: string }[] = [
  { action: 'addBox', keys: 'N' },
  { action: 'cancel', keys: 'Esc' },
  { action: 'delete', keys: 'Delete / Backspace' },
  { action: 'undo', keys: 'Ctrl+Z' },
  { action: 'redo', keys: 'Ctrl+Shift+Z / Ctrl+Y' },
  { action: 'nextBox', keys: 'Tab' },
  { action: 'previousBox', keys: 'Shift+Tab' },
  { action: 'nudgeLeft', keys: '← ↑ → ↓' },
  { action: 'nudgeLeftFar', keys: 'Shift+← ↑ → ↓' },
  { action: 'cycleClass', keys: 'C' },
  { action: 'verify', keys: 'V' },
  { action: 'fit', keys: 'F' },
  { action: 'actualSize', keys: '1' },
  { action: 'zoomIn', keys: '+' },
  { action: 'zoomOut', keys: '-' },
  { action: 'carryToTrack', keys: 'T' },
  { action: 'splitTrack', keys: 'S' },
  { action: 'mergeTrack', keys: 'M' },
  { action: 'nextFrame', keys: 'J' },
  { action: 'addToLabel', keys: 'L' },
  { action: 'help', keys: '?' },
];

const ARROWS: Record<string, readonly [AnnotationAction, AnnotationAction]> = {
  ArrowLeft: ['nudgeLeft', 'nudgeLeftFar'],
  ArrowRight: ['nudgeRight', 'nudgeRightFar'],
  ArrowUp: ['nudgeUp', 'nudgeUpFar'],
  ArrowDown: ['nudgeDown', 'nudgeDownFar'],
};

const PLAIN: Record<string, AnnotationAction> = {
  n: 'addBox',
  escape: 'cancel',
  delete: 'delete',
  backspace: 'delete',
  c: 'cycleClass',
  v: 'verify',
  f: 'fit',
  '1': 'actualSize',
  '+': 'zoomIn',
  '=': 'zoomIn',
  '-': 'zoomOut',
  t: 'carryToTrack',
  s: 'splitTrack',
  m: 'mergeTrack',
  j: 'nextFrame',
  l: 'addToLabel',
  '?': 'help',
  '/': 'help',
};

/** The action of a key press, or null. Ctrl and Cmd only combine with undo and redo. */
export function actionFor(press: KeyPress): AnnotationAction | null {
  const key = press.key.toLowerCase();
  if (press.ctrlKey || press.metaKey) {
    if (key === 'z') return press.shiftKey ? 'redo' : 'undo';
    if (key === 'y') return 'redo';
    return null;
  }
  if (press.altKey) return null;
  if (press.key === 'Tab') return press.shiftKey ? 'previousBox' : 'nextBox';
  const arrow = ARROWS[press.key];
  if (arrow !== undefined) return press.shiftKey ? arrow[1] : arrow[0];
  return PLAIN[key] ?? null;
}

/** Shortcuts are ignored while the person types in a field. */
export function isTypingTarget(target: { tagName?: string; isContentEditable?: boolean } | null) {
  if (target === null) return false;
  const tag = (target.tagName ?? '').toUpperCase();
  return (
    tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable === true
  );
}

/** Nudge distance in frame pixels of a nudge action, or null. */
export function nudgeOf(action: AnnotationAction): { dx: number; dy: number } | null {
  const step: Partial<Record<AnnotationAction, { dx: number; dy: number }>> = {
    nudgeLeft: { dx: -1, dy: 0 },
    nudgeRight: { dx: 1, dy: 0 },
    nudgeUp: { dx: 0, dy: -1 },
    nudgeDown: { dx: 0, dy: 1 },
    nudgeLeftFar: { dx: -10, dy: 0 },
    nudgeRightFar: { dx: 10, dy: 0 },
    nudgeUpFar: { dx: 0, dy: -10 },
    nudgeDownFar: { dx: 0, dy: 10 },
  };
  return step[action] ?? null;
}
