/**
 * Generated training data with exact ground truth: bright elliptical heads with a soft edge on a
 * noisy, unevenly lit background, plus small round debris that is not a head.
 */
import { normal, seededRandom } from './random.js';
import type { DetectionSample, PixelBox } from './types.js';

/** Size and content of generated frames. */
export interface EllipseSampleOptions {
  readonly count: number;
  readonly width: number;
  readonly height: number;
  readonly seed: number;
  /** Heads per frame, drawn uniformly from this range (inclusive). */
  readonly heads: readonly [number, number];
  /** Debris particles per frame, drawn uniformly from this range (inclusive). */
  readonly debris: readonly [number, number];
  readonly noiseSigma: number;
}

const DEFAULTS: EllipseSampleOptions = {
  count: 24,
  width: 64,
  height: 64,
  seed: 1,
  heads: [2, 6],
  debris: [0, 2],
  noiseSigma: 6,
};

/** `count` frames with head boxes; the same options give the same bytes. */
export function generateEllipseSamples(
  options: Partial<EllipseSampleOptions> = {},
): DetectionSample[] {
  const o = { ...DEFAULTS, ...options };
  const random = seededRandom(o.seed);
  const between = (lo: number, hi: number): number => lo + random() * (hi - lo);
  const samples: DetectionSample[] = [];
  for (let n = 0; n < o.count; n += 1) {
    const { width: w, height: h } = o;
    const field = new Float32Array(w * h);
    const base = between(70, 130);
    const gx = between(-0.3, 0.3);
    const gy = between(-0.3, 0.3);
    for (let y = 0; y < h; y += 1) {
      for (let x = 0; x < w; x += 1) field[y * w + x] = base + gx * (x - w / 2) + gy * (y - h / 2);
    }
    const boxes: PixelBox[] = [];
    const heads = Math.floor(between(o.heads[0], o.heads[1] + 1));
    for (let i = 0; i < heads; i += 1) {
      const a = between(3.5, 5);
      const b = between(2, 3);
      const cx = between(4, w - 4);
      const cy = between(4, h - 4);
      const angle = between(0, Math.PI);
      const contrast = between(35, 80);
      const box = paintEllipse(field, w, h, { cx, cy, a, b, angle, contrast });
      boxes.push(box);
    }
    const debris = Math.floor(between(o.debris[0], o.debris[1] + 1));
    for (let i = 0; i < debris; i += 1) {
      const r = between(0.8, 1.3);
      paintEllipse(field, w, h, {
        cx: between(2, w - 2),
        cy: between(2, h - 2),
        a: r,
        b: r,
        angle: 0,
        contrast: between(30, 60),
      });
    }
    const data = new Uint8Array(w * h);
    for (let i = 0; i < data.length; i += 1) {
      data[i] = Math.round(
        Math.min(255, Math.max(0, (field[i] ?? 0) + o.noiseSigma * normal(random))),
      );
    }
    samples.push({ frame: { width: w, height: h, data }, boxes });
  }
  return samples;
}

interface Ellipse {
  cx: number;
  cy: number;
  a: number;
  b: number;
  angle: number;
  contrast: number;
}

/** Adds a soft-edged ellipse and answers its bounding box (clipped to the frame). */
function paintEllipse(field: Float32Array, w: number, h: number, e: Ellipse): PixelBox {
  const cos = Math.cos(e.angle);
  const sin = Math.sin(e.angle);
  const halfW = Math.sqrt((e.a * cos) ** 2 + (e.b * sin) ** 2);
  const halfH = Math.sqrt((e.a * sin) ** 2 + (e.b * cos) ** 2);
  const x0 = Math.max(0, Math.floor(e.cx - halfW - 1));
  const x1 = Math.min(w - 1, Math.ceil(e.cx + halfW + 1));
  const y0 = Math.max(0, Math.floor(e.cy - halfH - 1));
  const y1 = Math.min(h - 1, Math.ceil(e.cy + halfH + 1));
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      // Pixel centres sit at x + 0.5 in the continuous coordinates of the boxes.
      const dx = x + 0.5 - e.cx;
      const dy = y + 0.5 - e.cy;
      const u = (dx * cos + dy * sin) / e.a;
      const v = (-dx * sin + dy * cos) / e.b;
      const r = Math.sqrt(u * u + v * v);
      const cover = Math.min(1, Math.max(0, (1.2 - r) / 0.4));
      field[y * w + x] = (field[y * w + x] ?? 0) + e.contrast * cover;
    }
  }
  return {
    x1: Math.max(0, e.cx - halfW),
    y1: Math.max(0, e.cy - halfH),
    x2: Math.min(w, e.cx + halfW),
    y2: Math.min(h, e.cy + halfH),
  };
}
