/**
 * Marker-based watershed on the gradient magnitude of the presmoothed image: foreground markers at
 * the foreground seeds, background markers at the border / background seeds, flooded in order of
 * increasing gradient; a pixel takes the label of the flood that reaches it first.
 */
import type { PromptModel } from './prompt-model.js';

/** Gradient magnitude (central differences) of the smoothed image. */
export function gradientMagnitude(model: PromptModel): Float32Array {
  const { width, height, smooth } = model;
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const gx =
        (smooth[y * width + Math.min(width - 1, x + 1)] ?? 0) -
        (smooth[y * width + Math.max(0, x - 1)] ?? 0);
      const gy =
        (smooth[Math.min(height - 1, y + 1) * width + x] ?? 0) -
        (smooth[Math.max(0, y - 1) * width + x] ?? 0);
      out[p] = Math.hypot(gx, gy) / 2;
    }
  }
  return out;
}

/** Binary heap of pixel indices keyed by a priority (ties broken by insertion order). */
class PixelHeap {
  private keys: number[] = [];
  private items: number[] = [];
  private order: number[] = [];
  private counter = 0;
  get size(): number {
    return this.items.length;
  }
  push(item: number, key: number): void {
    this.keys.push(key);
    this.items.push(item);
    this.order.push(this.counter++);
    let i = this.items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  pop(): number {
    const top = this.items[0] ?? -1;
    const last = this.items.length - 1;
    this.swap(0, last);
    this.keys.pop();
    this.items.pop();
    this.order.pop();
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.items.length && this.less(l, m)) m = l;
      if (r < this.items.length && this.less(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
    return top;
  }
  private less(a: number, b: number): boolean {
    const ka = this.keys[a] ?? 0;
    const kb = this.keys[b] ?? 0;
    return ka < kb || (ka === kb && (this.order[a] ?? 0) < (this.order[b] ?? 0));
  }
  private swap(a: number, b: number): void {
    for (const arr of [this.keys, this.items, this.order]) {
      const t = arr[a] ?? 0;
      arr[a] = arr[b] ?? 0;
      arr[b] = t;
    }
  }
}

/** Returns 1 where the foreground flood wins. */
export function watershedMask(model: PromptModel): Uint8Array {
  const { width, height, seeds } = model;
  const n = width * height;
  const grad = gradientMagnitude(model);
  const label = new Uint8Array(n);
  const heap = new PixelHeap();
  for (let p = 0; p < n; p++) {
    const s = seeds[p] ?? 0;
    if (s !== 0) label[p] = s;
  }
  const offsets = [1, -1, width, -width];
  const enqueueNeighbours = (p: number): void => {
    const x = p % width;
    for (let d = 0; d < 4; d++) {
      if ((d === 0 && x === width - 1) || (d === 1 && x === 0)) continue;
      const q = p + (offsets[d] ?? 0);
      if (q < 0 || q >= n || label[q] !== 0) continue;
      heap.push(q * 4 + (label[p] === 1 ? 1 : 2), grad[q] ?? 0);
    }
  };
  for (let p = 0; p < n; p++) if (label[p] !== 0) enqueueNeighbours(p);
  while (heap.size > 0) {
    const item = heap.pop();
    const q = item >> 2;
    if (label[q] !== 0) continue;
    label[q] = item & 3;
    enqueueNeighbours(q);
  }
  const out = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (label[p] === 1) out[p] = 1;
  return out;
}
