/** Binary-mask helpers: IoU, connected components holding seeds, hole filling. */

/** Intersection over union of two 0/1 masks of the same size (1 when both are empty). */
export function maskIoU(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`maskIoU: size mismatch ${a.length} vs ${b.length}`);
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    const av = (a[i] ?? 0) !== 0;
    const bv = (b[i] ?? 0) !== 0;
    if (av && bv) inter++;
    if (av || bv) union++;
  }
  return union === 0 ? 1 : inter / union;
}

/** Number of set pixels. */
export function maskArea(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) if ((mask[i] ?? 0) !== 0) n++;
  return n;
}

/**
 * Keeps only the 4-connected components of `mask` that contain one of the `seeds` (pixel indices).
 * Returns a new mask.
 */
export function keepSeededComponents(
  mask: Uint8Array,
  width: number,
  height: number,
  seeds: readonly number[],
): Uint8Array {
  const out = new Uint8Array(mask.length);
  const stack = new Int32Array(mask.length);
  let top = 0;
  for (const s of seeds) {
    if (s < 0 || s >= mask.length || mask[s] !== 1 || out[s] === 1) continue;
    out[s] = 1;
    stack[top++] = s;
    while (top > 0) {
      const p = stack[--top] ?? 0;
      const x = p % width;
      const y = (p - x) / width;
      if (x > 0) top = visit(p - 1, mask, out, stack, top);
      if (x < width - 1) top = visit(p + 1, mask, out, stack, top);
      if (y > 0) top = visit(p - width, mask, out, stack, top);
      if (y < height - 1) top = visit(p + width, mask, out, stack, top);
    }
  }
  return out;
}

function visit(
  q: number,
  mask: Uint8Array,
  out: Uint8Array,
  stack: Int32Array,
  top: number,
): number {
  if (mask[q] === 1 && out[q] === 0) {
    out[q] = 1;
    stack[top] = q;
    return top + 1;
  }
  return top;
}

/** Fills the holes of `mask` in place: background pixels not 4-connected to the image border. */
export function fillHoles(mask: Uint8Array, width: number, height: number): Uint8Array {
  const outside = new Uint8Array(mask.length);
  const inverse = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) inverse[i] = mask[i] === 1 ? 0 : 1;
  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
  for (let y = 0; y < height; y++) border.push(y * width, y * width + width - 1);
  const reached = keepSeededComponents(inverse, width, height, border);
  outside.set(reached);
  for (let i = 0; i < mask.length; i++) if (outside[i] === 0) mask[i] = 1;
  return mask;
}
