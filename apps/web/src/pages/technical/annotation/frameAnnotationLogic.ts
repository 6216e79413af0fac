import type { Detection } from '@sarm/contracts';

/** Where the frame stands with the user's data label (spec 2 §2.3 frame annotation page). */
export type LabelPhase = 'idle' | 'settingUp' | 'adding';

/** The text key of the 'Add Frame to Data Label' button for the page's state. */
export function addButtonKey(
  phase: LabelPhase,
  detectionCount: number,
  addedCount: number,
): 'settingUp' | 'adding' | 'noDetections' | 'reAdd' | 'add' {
  if (phase === 'settingUp') return 'settingUp';
  if (phase === 'adding') return 'adding';
  if (detectionCount === 0) return 'noDetections';
  return addedCount > 0 ? 'reAdd' : 'add';
}

/** Which detections of the frame are in the data label. */
export function splitByLabel(detections: readonly Detection[], labelled: ReadonlySet<string>) {
  const added = detections.filter((d) => labelled.has(d.id));
  return { added: added.length, notAdded: detections.length - added.length };
}

const CLASSES = ['sperm', 'cluster', 'small_or_pinhead'] as const;
export type DetectionClass = (typeof CLASSES)[number];

/** The next class of the C shortcut: sperm, cluster, small or pinhead, then sperm again. */
export function nextClass(current: string): DetectionClass {
  const index = CLASSES.findIndex((c) => c === current);
  return CLASSES[(index + 1) % CLASSES.length] ?? 'sperm';
}

/** The id of the box after (or before) the selected one, in reading order, wrapping round. */
export function cycleSelection(
  detections: readonly Detection[],
  selectedId: string | null,
  step: 1 | -1,
): string | null {
  if (detections.length === 0) return null;
  const ordered = [...detections].sort((a, b) => a.y1 - b.y1 || a.x1 - b.x1);
  const index = ordered.findIndex((d) => d.id === selectedId);
  const next = index === -1 ? (step === 1 ? 0 : ordered.length - 1) : index + step;
  return ordered[(next + ordered.length) % ordered.length]?.id ?? null;
}

/** Human words for a box's origin. */
export function sourceKey(source: string): 'engine' | 'model' | 'manual' | 'import' {
  if (source === 'manual' || source === 'model' || source === 'import') return source;
  return 'engine';
}
