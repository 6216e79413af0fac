import {
  containsPoint,
  handlePosition,
  HANDLE_RADIUS_PX,
  HANDLES,
  type FrameBox,
  type Handle,
  type ScreenPoint,
} from './geometry';
import type { SpatialIndex } from './spatialIndex';
import { toFrame, toScreen, type View } from './view';

export interface IdentifiedBox extends FrameBox {
  readonly id: string;
}

export type Hit =
  | { readonly kind: 'handle'; readonly id: string; readonly handle: Handle }
  | { readonly kind: 'body'; readonly id: string }
  | { readonly kind: 'none' };

/**
 * What lies under a screen point: first a handle of the selected box (within 8 screen pixels,
 * whatever the zoom), then the topmost box (the last drawn; among nested boxes the smallest,
 * so a small box inside a large one can still be picked). With a spatial index of `boxes` only
 * the boxes of the point's grid cell are looked at; the answer is the same as without.
 */
export function hitTest(
  boxes: readonly IdentifiedBox[],
  selectedId: string | null,
  view: View,
  point: ScreenPoint,
  index?: SpatialIndex,
): Hit {
  const selected = selectedId === null ? undefined : boxes.find((b) => b.id === selectedId);
  if (selected !== undefined)
    for (const handle of HANDLES) {
      const at = toScreen(view, handlePosition(selected, handle));
      if (Math.hypot(at.x - point.x, at.y - point.y) <= HANDLE_RADIUS_PX)
        return { kind: 'handle', id: selected.id, handle };
    }
  const inFrame = toFrame(view, point);
  let best: IdentifiedBox | undefined;
  const consider = (box: IdentifiedBox | undefined) => {
    if (box === undefined || !containsPoint(box, inFrame)) return;
    const area = (box.x2 - box.x1) * (box.y2 - box.y1);
    if (best === undefined || area < (best.x2 - best.x1) * (best.y2 - best.y1)) best = box;
  };
  // Topmost first, so among boxes of equal area the last drawn wins.
  if (index === undefined) for (let i = boxes.length - 1; i >= 0; i--) consider(boxes[i]);
  else for (const i of index.candidatesAt(inFrame)) consider(boxes[i]);
  return best === undefined ? { kind: 'none' } : { kind: 'body', id: best.id };
}

/** The cursor a hit shows. */
export function cursorFor(hit: Hit, adding: boolean): string {
  if (adding) return 'crosshair';
  if (hit.kind === 'body') return 'move';
  if (hit.kind === 'none') return 'default';
  const cursors: Record<Handle, string> = {
    nw: 'nwse-resize',
    se: 'nwse-resize',
    ne: 'nesw-resize',
    sw: 'nesw-resize',
    n: 'ns-resize',
    s: 'ns-resize',
    e: 'ew-resize',
    w: 'ew-resize',
  };
  return cursors[hit.handle];
}
