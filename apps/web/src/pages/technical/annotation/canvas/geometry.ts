/**
 * Geometry of the annotation canvas. Boxes live in frame pixels; the screen (canvas element)
 * has its own pixels. The two spaces are branded so a screen point can never be taken for a
 * frame point by accident.
 */
declare const frameSpace: unique symbol;
declare const screenSpace: unique symbol;

export type FramePoint = { readonly x: number; readonly y: number } & {
  readonly [frameSpace]: true;
};
export type ScreenPoint = { readonly x: number; readonly y: number } & {
  readonly [screenSpace]: true;
};
export const framePoint = (x: number, y: number) => ({ x, y }) as FramePoint;
export const screenPoint = (x: number, y: number) => ({ x, y }) as ScreenPoint;

/** A box in frame pixels, corners ordered (x1 < x2, y1 < y2). */
export interface FrameBox {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

export interface FrameSize {
  readonly width: number;
  readonly height: number;
}

/** Drawn boxes must be over 10 px on both sides; resizing keeps at least 10 px (spec 2 §5). */
export const MIN_BOX_PX = 10;
/** Handle hit radius in screen pixels (spec 2 §9). */
export const HANDLE_RADIUS_PX = 8;

export type Handle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w';
export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

export const boxWidth = (box: FrameBox) => box.x2 - box.x1;
export const boxHeight = (box: FrameBox) => box.y2 - box.y1;

/** The box spanned by two corners, ordered and clamped to the frame. */
export function boxFromCorners(a: FramePoint, b: FramePoint, frame: FrameSize): FrameBox {
  const clampX = (x: number) => Math.min(Math.max(0, x), frame.width);
  const clampY = (y: number) => Math.min(Math.max(0, y), frame.height);
  return {
    x1: clampX(Math.min(a.x, b.x)),
    y1: clampY(Math.min(a.y, b.y)),
    x2: clampX(Math.max(a.x, b.x)),
    y2: clampY(Math.max(a.y, b.y)),
  };
}

/** A drawn box is kept only when both sides are over the minimum. */
export const isDrawable = (box: FrameBox) =>
  boxWidth(box) > MIN_BOX_PX && boxHeight(box) > MIN_BOX_PX;

/** The box moved by (dx, dy), kept whole inside the frame. */
export function moveBox(box: FrameBox, dx: number, dy: number, frame: FrameSize): FrameBox {
  const w = boxWidth(box);
  const h = boxHeight(box);
  const x1 = Math.min(Math.max(0, box.x1 + dx), frame.width - w);
  const y1 = Math.min(Math.max(0, box.y1 + dy), frame.height - h);
  return { x1, y1, x2: x1 + w, y2: y1 + h };
}

/** Where each handle sits on the box, in frame pixels. */
export function handlePosition(box: FrameBox, handle: Handle): FramePoint {
  const cx = (box.x1 + box.x2) / 2;
  const cy = (box.y1 + box.y2) / 2;
  const x = handle.includes('w') ? box.x1 : handle.includes('e') ? box.x2 : cx;
  const y = handle.includes('n') ? box.y1 : handle.includes('s') ? box.y2 : cy;
  return framePoint(x, y);
}

/**
 * The box with one handle dragged to `to`: the opposite side stays, the dragged side stops at
 * the minimum size and at the frame's edge.
 */
export function resizeBox(box: FrameBox, handle: Handle, to: FramePoint, frame: FrameSize) {
  let { x1, y1, x2, y2 } = box;
  if (handle.includes('w')) x1 = Math.min(Math.max(0, to.x), x2 - MIN_BOX_PX);
  if (handle.includes('e')) x2 = Math.max(Math.min(frame.width, to.x), x1 + MIN_BOX_PX);
  if (handle.includes('n')) y1 = Math.min(Math.max(0, to.y), y2 - MIN_BOX_PX);
  if (handle.includes('s')) y2 = Math.max(Math.min(frame.height, to.y), y1 + MIN_BOX_PX);
  return { x1, y1, x2, y2 };
}

export const containsPoint = (box: FrameBox, point: FramePoint) =>
  point.x >= box.x1 && point.x <= box.x2 && point.y >= box.y1 && point.y <= box.y2;

export const sameBox = (a: FrameBox, b: FrameBox) =>
  a.x1 === b.x1 && a.y1 === b.y1 && a.x2 === b.x2 && a.y2 === b.y2;
