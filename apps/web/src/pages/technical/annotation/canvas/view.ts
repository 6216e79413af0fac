import {
  framePoint,
  screenPoint,
  type FramePoint,
  type FrameSize,
  type ScreenPoint,
} from './geometry';

/** How the frame is shown: screen = frame * scale + offset. */
export interface View {
  readonly scale: number;
  readonly offsetX: number;
  readonly offsetY: number;
}

export const MIN_SCALE = 0.05;
export const MAX_SCALE = 32;

export const toScreen = (view: View, point: FramePoint): ScreenPoint =>
  screenPoint(point.x * view.scale + view.offsetX, point.y * view.scale + view.offsetY);

export const toFrame = (view: View, point: ScreenPoint): FramePoint =>
  framePoint((point.x - view.offsetX) / view.scale, (point.y - view.offsetY) / view.scale);

/** The whole frame inside the viewport, centred. */
export function fitView(frame: FrameSize, viewport: FrameSize): View {
  const scale = Math.min(viewport.width / frame.width, viewport.height / frame.height);
  return {
    scale,
    offsetX: (viewport.width - frame.width * scale) / 2,
    offsetY: (viewport.height - frame.height * scale) / 2,
  };
}

/** One frame pixel per screen pixel, centred on the viewport's centre. */
export function actualSizeView(view: View, viewport: FrameSize): View {
  return zoomAt(view, 1 / view.scale, screenPoint(viewport.width / 2, viewport.height / 2));
}

/** Zooms by `factor` keeping the frame point under `anchor` where it is on screen. */
export function zoomAt(view: View, factor: number, anchor: ScreenPoint): View {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale * factor));
  const under = toFrame(view, anchor);
  return {
    scale,
    offsetX: anchor.x - under.x * scale,
    offsetY: anchor.y - under.y * scale,
  };
}

export const panBy = (view: View, dx: number, dy: number): View => ({
  ...view,
  offsetX: view.offsetX + dx,
  offsetY: view.offsetY + dy,
});

/** The zoom factor of one wheel event: a notch (100 px of delta) zooms by 1.2. */
export const wheelFactor = (deltaY: number) => Math.pow(1.2, -deltaY / 100);
