import type { FrameSize } from './geometry';
import type { View } from './view';

/** A box as the canvas draws it. */
export interface CanvasBox {
  readonly id: string;
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly confidence: number;
  readonly source: string;
  readonly verified: boolean;
  readonly trackId: number | null;
}

/** Box colours by confidence (spec 2 §9): above 0.8 green, 0.6 blue, 0.4 orange, else red. */
export function confidenceColour(confidence: number): string {
  if (confidence > 0.8) return '#2e7d32';
  if (confidence > 0.6) return '#1565c0';
  if (confidence > 0.4) return '#ef6c00';
  return '#c62828';
}

/** The one-letter tag of a box's origin: Engine, Model, Manual (drawn by a person), Import. */
export function sourceTag(source: string): string {
  switch (source) {
    case 'manual':
      return 'M';
    case 'model':
      return 'AI';
    case 'import':
      return 'I';
    default:
      return 'E';
  }
}

// Boxes are immutable values (a change makes a new object), so a tag can be kept per object.
const tagCache = new WeakMap<CanvasBox, string>();

/** The tag drawn above a box: origin, verified tick, track id. */
export function boxTag(box: CanvasBox): string {
  let tag = tagCache.get(box);
  if (tag === undefined) {
    tag = `${sourceTag(box.source)}${box.verified ? '✓' : ''}${box.trackId === null ? '' : ` #${box.trackId}`}`;
    tagCache.set(box, tag);
  }
  return tag;
}

/**
 * A tag is drawn only above a box at least this large on screen: a tag is wider than a smaller
 * box, so at 1,000 boxes on a fitted frame the tags would overlap into noise (and cost a frame).
 */
export const TAG_MIN_WIDTH_PX = 20;
export const TAG_MIN_HEIGHT_PX = 14;
/** Room kept around the viewport so that strokes and tags of boxes at its edge are not cut. */
const CULL_MARGIN_PX = 16;

/** Boxes stroked with one style: one path, one stroke call. Rects are screen x, y, w, h. */
export interface StrokeBatch {
  readonly colour: string;
  readonly lineWidth: number;
  readonly dashed: boolean;
  readonly rects: number[];
}

/** Tags filled with one colour. */
export interface TagBatch {
  readonly colour: string;
  readonly tags: { readonly text: string; readonly x: number; readonly y: number }[];
}

export interface BoxPlan {
  readonly strokes: StrokeBatch[];
  readonly tags: TagBatch[];
  /** How many boxes lie (at least partly) inside the viewport. */
  readonly visible: number;
}

/**
 * Groups the unselected boxes that can be seen into one stroke batch per style and one tag batch
 * per colour, in screen pixels. Drawing 1,000 boxes as 1,000 separately stroked rectangles with
 * style changes between them costs a frame; a dozen batched paths do not. Boxes outside the
 * viewport are skipped, so a zoomed-in view draws only what it shows. `skip` leaves out boxes
 * drawn elsewhere (the selected one, the one being dragged).
 */
export function planBoxes(
  boxes: readonly CanvasBox[],
  view: View,
  viewport: FrameSize,
  skip: (box: CanvasBox) => boolean,
): BoxPlan {
  const strokes = new Map<string, StrokeBatch>();
  const tags = new Map<string, TagBatch>();
  let visible = 0;
  for (const box of boxes) {
    if (skip(box)) continue;
    const x = box.x1 * view.scale + view.offsetX;
    const y = box.y1 * view.scale + view.offsetY;
    const w = (box.x2 - box.x1) * view.scale;
    const h = (box.y2 - box.y1) * view.scale;
    if (
      x + w < -CULL_MARGIN_PX ||
      y + h < -CULL_MARGIN_PX ||
      x > viewport.width + CULL_MARGIN_PX ||
      y > viewport.height + CULL_MARGIN_PX
    )
      continue;
    visible++;
    const colour = confidenceColour(box.confidence);
    const lineWidth = box.verified ? 2 : 1.25;
    const dashed = box.source === 'manual';
    const strokeKey = `${colour}|${lineWidth}|${dashed ? 'd' : 's'}`;
    let stroke = strokes.get(strokeKey);
    if (stroke === undefined) {
      stroke = { colour, lineWidth, dashed, rects: [] };
      strokes.set(strokeKey, stroke);
    }
    stroke.rects.push(x, y, w, h);
    if (w >= TAG_MIN_WIDTH_PX && h >= TAG_MIN_HEIGHT_PX) {
      let tag = tags.get(colour);
      if (tag === undefined) {
        tag = { colour, tags: [] };
        tags.set(colour, tag);
      }
      tag.tags.push({ text: boxTag(box), x: x + 1, y: y - 1 });
    }
  }
  return { strokes: [...strokes.values()], tags: [...tags.values()], visible };
}
