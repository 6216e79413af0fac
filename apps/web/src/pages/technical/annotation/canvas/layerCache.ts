import type { FrameSize } from './geometry';
import type { View } from './view';

/** What the static layer of a drag shows; the layer is redrawn when any of it changes. */
export interface LayerKey {
  readonly image: unknown;
  readonly boxes: readonly unknown[];
  readonly selectedId: string | null;
  /** The box being moved or resized, left out of the layer and drawn on top each frame. */
  readonly movingId: string | null;
  readonly view: View;
  readonly viewport: FrameSize;
}

/**
 * Whether two layer keys show the same picture. The image and the box list are compared by
 * identity: the page makes a new list whenever a box changes (immutable updates), so identity is
 * exact and costs nothing, where a deep comparison of 1,000 boxes would cost what it saves.
 */
export function sameLayer(a: LayerKey, b: LayerKey): boolean {
  return (
    a.image === b.image &&
    a.boxes === b.boxes &&
    a.selectedId === b.selectedId &&
    a.movingId === b.movingId &&
    a.view.scale === b.view.scale &&
    a.view.offsetX === b.view.offsetX &&
    a.view.offsetY === b.view.offsetY &&
    a.viewport.width === b.viewport.width &&
    a.viewport.height === b.viewport.height
  );
}

/**
 * A picture drawn once and reused while its key holds: during a drag everything but the moving
 * box is blitted from here, so a frame costs one image copy and one box whatever the box count.
 * The surface (an offscreen canvas in the browser) is made by `create` and kept across keys.
 */
export class LayerCache<Surface> {
  private key: LayerKey | null = null;
  private surface: Surface | null = null;
  /** How many times the layer was drawn; read by tests and handy when profiling. */
  redraws = 0;

  constructor(private readonly create: (size: FrameSize) => Surface) {}

  /** The layer for `key`, drawn by `draw` only when the key differs from the last one. */
  layerFor(key: LayerKey, draw: (surface: Surface) => void): Surface {
    if (
      this.surface === null ||
      this.key === null ||
      this.key.viewport.width !== key.viewport.width ||
      this.key.viewport.height !== key.viewport.height
    )
      this.surface = this.create(key.viewport);
    else if (sameLayer(this.key, key)) return this.surface;
    draw(this.surface);
    this.redraws++;
    this.key = key;
    return this.surface;
  }

  /** Forgets the picture (the drag ended); the next drag draws afresh. */
  clear(): void {
    this.key = null;
  }
}
