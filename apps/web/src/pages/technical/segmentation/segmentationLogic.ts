import { MORPHOLOGY_CLASSES, type MaskPoint, type MorphologyClass } from '@sarm/contracts';
import type { KeyPress } from '../annotation/canvas/keymap';

/** Every keyboard command of the segmentation tool (spec 2 §2.3). */
export type SegmentationCommand =
  | 'foreground'
  | 'background'
  | 'autoSuggest'
  | 'undo'
  | 'reset'
  | 'generate'
  | 'save'
  | 'previousCrop'
  | 'nextCrop'
  | 'help';

/** A command, or the choice of a class by its digit (1 normal … 6 unknown, in MORPHOLOGY_CLASSES order). */
export type SegmentationAction = SegmentationCommand | { readonly chooseClass: MorphologyClass };

/** The shortcuts in the order the help dialog lists them. */
export const SEGMENTATION_SHORTCUTS: readonly {
  readonly action: SegmentationCommand | 'classes';
  readonly keys: string;
}[] = [
  { action: 'foreground', keys: 'F' },
  { action: 'background', keys: 'B' },
  { action: 'autoSuggest', keys: 'A' },
  { action: 'undo', keys: 'Z' },
  { action: 'reset', keys: 'R' },
  { action: 'generate', keys: 'G' },
  { action: 'classes', keys: `1–${MORPHOLOGY_CLASSES.length}` },
  { action: 'save', keys: 'S' },
  { action: 'previousCrop', keys: '←' },
  { action: 'nextCrop', keys: '→' },
  { action: 'help', keys: '? / /' },
];

const KEYS: Record<string, SegmentationCommand> = {
  f: 'foreground',
  b: 'background',
  a: 'autoSuggest',
  z: 'undo',
  r: 'reset',
  g: 'generate',
  s: 'save',
  arrowleft: 'previousCrop',
  arrowright: 'nextCrop',
  '?': 'help',
  '/': 'help',
};

/** The action of a key press; none with Ctrl, Cmd or Alt (spec: ignored with ctrl/meta). */
export function segmentationActionFor(press: KeyPress): SegmentationAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  const digit = /^[1-9]$/.test(press.key) ? MORPHOLOGY_CLASSES[Number(press.key) - 1] : undefined;
  if (digit !== undefined) return { chooseClass: digit };
  return KEYS[press.key.toLowerCase()] ?? null;
}

/** A click on the displayed crop as a point in crop pixels (the display may be scaled). */
export function cropPoint(
  click: { x: number; y: number },
  display: { width: number; height: number },
  crop: { width: number; height: number },
  label: 0 | 1,
): MaskPoint {
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);
  return {
    x: clamp((click.x / display.width) * crop.width, crop.width - 0.5),
    y: clamp((click.y / display.height) * crop.height, crop.height - 0.5),
    label,
  };
}

/** The crop index after a step, kept within the page's crops; null when there are none. */
export function stepCrop(current: number | null, step: -1 | 1, count: number): number | null {
  if (count === 0) return null;
  if (current === null) return step === 1 ? 0 : count - 1;
  return Math.min(Math.max(current + step, 0), count - 1);
}
