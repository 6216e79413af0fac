import { framePoint, HANDLES, handlePosition, type FrameBox, type FrameSize } from './geometry';
import { toScreen, type View } from './view';

/** A box as the canvas draws it. */
export interface CanvasBox extends FrameBox {
  readonly id: string;
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

export interface Scene {
  readonly frame: FrameSize;
  readonly image: CanvasImageSource | null;
  readonly boxes: readonly CanvasBox[];
  readonly selectedId: string | null;
  /** A box being drawn or dragged, drawn over the others. */
  readonly preview: FrameBox | null;
  readonly view: View;
  readonly viewport: FrameSize;
}

/**
 * Draws the frame and its boxes. Tags (origin, verified tick, track id) are drawn only when the
 * box is large enough on screen to carry them, which keeps 300+ boxes legible and cheap.
 */
export function drawScene(context: CanvasRenderingContext2D, scene: Scene): void {
  const { view, viewport } = scene;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillStyle = '#111';
  context.fillRect(0, 0, viewport.width, viewport.height);
  context.setTransform(view.scale, 0, 0, view.scale, view.offsetX, view.offsetY);
  context.imageSmoothingEnabled = view.scale < 2;
  if (scene.image !== null)
    context.drawImage(scene.image, 0, 0, scene.frame.width, scene.frame.height);
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.font = '11px sans-serif';
  context.textBaseline = 'bottom';
  let selected: CanvasBox | undefined;
  for (const box of scene.boxes) {
    if (box.id === scene.selectedId) {
      selected = box;
      continue;
    }
    drawBox(context, view, box, false);
  }
  if (selected !== undefined) drawBox(context, view, selected, true);
  if (scene.preview !== null) {
    const a = toScreen(view, framePoint(scene.preview.x1, scene.preview.y1));
    const b = toScreen(view, framePoint(scene.preview.x2, scene.preview.y2));
    context.setLineDash([6, 4]);
    context.strokeStyle = '#00B4D8';
    context.lineWidth = 2;
    context.strokeRect(a.x, a.y, b.x - a.x, b.y - a.y);
    context.setLineDash([]);
  }
}

function drawBox(context: CanvasRenderingContext2D, view: View, box: CanvasBox, selected: boolean) {
  const x = box.x1 * view.scale + view.offsetX;
  const y = box.y1 * view.scale + view.offsetY;
  const w = (box.x2 - box.x1) * view.scale;
  const h = (box.y2 - box.y1) * view.scale;
  const colour = confidenceColour(box.confidence);
  context.strokeStyle = selected ? '#00B4D8' : colour;
  context.lineWidth = selected ? 3 : box.verified ? 2 : 1.25;
  if (box.source === 'manual') context.setLineDash([5, 3]);
  context.strokeRect(x, y, w, h);
  context.setLineDash([]);
  if (w >= 12 && h >= 10) {
    const tag = `${sourceTag(box.source)}${box.verified ? '✓' : ''}${box.trackId === null ? '' : ` #${box.trackId}`}`;
    context.fillStyle = colour;
    context.fillText(tag, x + 1, y - 1);
  }
  if (!selected) return;
  context.fillStyle = '#fff';
  context.strokeStyle = '#0077B6';
  context.lineWidth = 1.5;
  for (const handle of HANDLES) {
    const at = toScreen(view, handlePosition(box, handle));
    context.fillRect(at.x - 4, at.y - 4, 8, 8);
    context.strokeRect(at.x - 4, at.y - 4, 8, 8);
  }
}
