import { framePoint, HANDLES, handlePosition, type FrameBox, type FrameSize } from './geometry';
import {
  boxTag,
  confidenceColour,
  planBoxes,
  TAG_MIN_HEIGHT_PX,
  TAG_MIN_WIDTH_PX,
} from './scenePlan';
import type { CanvasBox } from './scenePlan';
import { toScreen, type View } from './view';

export { confidenceColour, sourceTag, type CanvasBox } from './scenePlan';

export interface Scene {
  readonly frame: FrameSize;
  readonly image: CanvasImageSource | null;
  readonly boxes: readonly CanvasBox[];
  readonly selectedId: string | null;
  /** A box being drawn, drawn dashed over the others. */
  readonly preview: FrameBox | null;
  readonly view: View;
  readonly viewport: FrameSize;
}

/**
 * Draws the frame and its boxes. Tags (origin, verified tick, track id) are drawn only when the
 * box is large enough on screen to carry them, which keeps 1,000 boxes legible and cheap.
 */
export function drawScene(context: CanvasRenderingContext2D, scene: Scene): void {
  drawStaticLayer(context, scene, null);
  drawOverlay(context, scene, null);
}

/**
 * Everything that does not move during a drag: the frame, every box but `movingId`, and the
 * selected box when it is not the one moving. Drawn once per drag into a cached layer.
 */
export function drawStaticLayer(
  context: CanvasRenderingContext2D,
  scene: Scene,
  movingId: string | null,
): void {
  const { view, viewport } = scene;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillStyle = '#111';
  context.fillRect(0, 0, viewport.width, viewport.height);
  context.setTransform(view.scale, 0, 0, view.scale, view.offsetX, view.offsetY);
  context.imageSmoothingEnabled = view.scale < 2;
  if (scene.image !== null)
    context.drawImage(scene.image, 0, 0, scene.frame.width, scene.frame.height);
  context.setTransform(1, 0, 0, 1, 0, 0);
  const plan = planBoxes(
    scene.boxes,
    view,
    viewport,
    (box) => box.id === scene.selectedId || box.id === movingId,
  );
  for (const batch of plan.strokes) {
    context.strokeStyle = batch.colour;
    context.lineWidth = batch.lineWidth;
    context.setLineDash(batch.dashed ? [5, 3] : []);
    context.beginPath();
    const r = batch.rects;
    for (let i = 0; i < r.length; i += 4)
      context.rect(r[i] ?? 0, r[i + 1] ?? 0, r[i + 2] ?? 0, r[i + 3] ?? 0);
    context.stroke();
  }
  context.setLineDash([]);
  context.font = '11px sans-serif';
  context.textBaseline = 'bottom';
  for (const batch of plan.tags) {
    context.fillStyle = batch.colour;
    for (const tag of batch.tags) context.fillText(tag.text, tag.x, tag.y);
  }
  if (scene.selectedId !== movingId) {
    const selected = scene.boxes.find((b) => b.id === scene.selectedId);
    if (selected !== undefined) drawBox(context, view, selected, true);
  }
}

/**
 * What changes on every pointer move: the box being moved or resized (`moving`, at its
 * dragged position) and the dashed preview of a box being drawn.
 */
export function drawOverlay(
  context: CanvasRenderingContext2D,
  scene: Scene,
  moving: CanvasBox | null,
): void {
  const { view } = scene;
  context.setTransform(1, 0, 0, 1, 0, 0);
  if (moving !== null) {
    context.font = '11px sans-serif';
    context.textBaseline = 'bottom';
    drawBox(context, view, moving, moving.id === scene.selectedId);
  }
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
  if (w >= TAG_MIN_WIDTH_PX && h >= TAG_MIN_HEIGHT_PX) {
    context.fillStyle = colour;
    context.fillText(boxTag(box), x + 1, y - 1);
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
