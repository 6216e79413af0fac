import type { SimulatedCell } from './cells.js';
import type { createRandom } from './random.js';
import type { SimulationParams } from './simulation.js';

type Random = ReturnType<typeof createRandom>;

/**
 * Draws frames: grey background with vignetting and static debris, then each visible head as a
 * bright (phase contrast) or dark (bright-field) Gaussian ellipse with a dark halo and a beating tail,
 * then Gaussian noise read at a random offset of a precomputed table.
 */
export function createRenderer(
  params: SimulationParams,
  cells: readonly SimulatedCell[],
  random: Random,
): (frame: number) => Uint8Array {
  const { width: w, height: h, umPerPixel: um } = params;
  const background = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const r2 = ((x - w / 2) / w) ** 2 + ((y - h / 2) / h) ** 2;
      background[y * w + x] = 112 - 30 * r2;
    }
  }
  for (let i = 0; i < params.debris; i++) {
    stampDisc(
      background,
      w,
      h,
      random.range(0, w),
      random.range(0, h),
      random.range(0.6, 1.4) / um,
      -35,
    );
  }
  const noise = new Float32Array(w * h + 65_536);
  for (let i = 0; i < noise.length; i++) noise[i] = random.gaussian() * params.noiseSigma;
  const byFrame = new Map<number, { x: number; y: number; heading: number; t: number }[]>();
  for (const cell of cells) {
    for (const [f, x, y, heading] of cell.path) {
      const list = byFrame.get(f) ?? [];
      list.push({ x: x / um, y: y / um, heading, t: f / params.fps + cell.id });
      byFrame.set(f, list);
    }
  }
  const sign = params.polarity === 'phase-contrast' ? 1 : -1;
  const canvas = new Float32Array(w * h);
  const out = new Uint8Array(w * h);
  return (frame) => {
    canvas.set(background);
    for (const head of byFrame.get(frame) ?? []) {
      drawTail(canvas, w, h, head, um);
      drawHead(canvas, w, h, head, um, sign);
    }
    const offset = Math.floor(random.next() * 65_536);
    for (let i = 0; i < out.length; i++) {
      out[i] = Math.max(0, Math.min(255, Math.round((canvas[i] ?? 0) + (noise[i + offset] ?? 0))));
    }
    return out.slice();
  };
}

function stampDisc(
  img: Float32Array,
  w: number,
  h: number,
  cx: number,
  cy: number,
  r: number,
  amount: number,
): void {
  for (
    let y = Math.max(0, Math.floor(cy - r - 1));
    y <= Math.min(h - 1, Math.ceil(cy + r + 1));
    y++
  ) {
    for (
      let x = Math.max(0, Math.floor(cx - r - 1));
      x <= Math.min(w - 1, Math.ceil(cx + r + 1));
      x++
    ) {
      const d = Math.hypot(x - cx, y - cy);
      if (d <= r) img[y * w + x] = (img[y * w + x] ?? 0) + amount;
      else if (d <= r + 1.5) img[y * w + x] = (img[y * w + x] ?? 0) - amount * 0.3;
    }
  }
}

function drawHead(
  img: Float32Array,
  w: number,
  h: number,
  head: { x: number; y: number; heading: number },
  um: number,
  sign: number,
): void {
  const a = 2.25 / um; // semi-axes of a 4.5 x 3 µm head
  const b = 1.5 / um;
  const cos = Math.cos(head.heading);
  const sin = Math.sin(head.heading);
  const reach = Math.ceil(a * 1.8);
  for (
    let y = Math.max(0, Math.floor(head.y) - reach);
    y <= Math.min(h - 1, Math.floor(head.y) + reach);
    y++
  ) {
    for (
      let x = Math.max(0, Math.floor(head.x) - reach);
      x <= Math.min(w - 1, Math.floor(head.x) + reach);
      x++
    ) {
      const dx = x - head.x;
      const dy = y - head.y;
      const u = (dx * cos + dy * sin) / a;
      const v = (-dx * sin + dy * cos) / b;
      const r2 = u * u + v * v;
      // Bright core and, in phase contrast, a dark halo ring just outside it.
      const core = 85 * Math.exp(-1.4 * r2);
      const halo = sign > 0 ? -22 * Math.exp(-3 * (Math.sqrt(r2) - 1.45) ** 2) : 0;
      img[y * w + x] = (img[y * w + x] ?? 0) + sign * core + halo;
    }
  }
}

function drawTail(
  img: Float32Array,
  w: number,
  h: number,
  head: { x: number; y: number; heading: number; t: number },
  um: number,
): void {
  const length = 35 / um;
  const cos = Math.cos(head.heading);
  const sin = Math.sin(head.heading);
  for (let s = 2.2 / um; s < length; s += 0.7) {
    const wave = (1.5 / um) * (s / length) * Math.sin(2 * Math.PI * (s / (12 / um) - 10 * head.t));
    const x = Math.round(head.x - cos * s - sin * wave);
    const y = Math.round(head.y - sin * s + cos * wave);
    if (x >= 0 && y >= 0 && x < w && y < h) img[y * w + x] = (img[y * w + x] ?? 0) - 14;
  }
}
