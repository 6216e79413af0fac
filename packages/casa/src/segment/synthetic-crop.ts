/**
 * Synthetic phase-contrast-like sperm crops with known head masks, for the segmenter's tests and
 * benchmark. A bright elliptical head with a faint dark halo, a thin curved tail leaving the rear
 * end of the head, a few debris blobs, optical blur, then sensor noise. Seeded and deterministic.
 */
import { blurInPlace, gaussianKernel } from '../simulate/blur.js';
import { createRng } from '../simulate/random.js';
import type { GrayImage, PixelBox } from './types.js';

export interface SyntheticCropOptions {
  readonly size?: number;
  /** Sensor noise standard deviation, grey levels. Default: uniform in [6, 10]. */
  readonly noiseSigma?: number;
  /** Optical blur standard deviation, pixels. Default: uniform in [0.8, 1.2]. */
  readonly blurSigma?: number;
  /** Number of debris blobs. Default 2 or 3. */
  readonly debris?: number;
}

export interface SyntheticCrop {
  readonly image: GrayImage;
  /** 1 where the pixel centre lies inside the head ellipse. */
  readonly headMask: Uint8Array;
  readonly head: {
    readonly cx: number;
    readonly cy: number;
    readonly a: number;
    readonly b: number;
    readonly theta: number;
  };
  /** Tight box of the head mask (what a detector would report). */
  readonly headBox: PixelBox;
  /** Tail centre line, from the head outwards. */
  readonly tail: readonly { x: number; y: number }[];
  /** 1 where a pixel is on the tail line (within its half-width plus 0.5 px). */
  readonly tailMask: Uint8Array;
}

const SUPERSAMPLE = 4;

/** Renders one crop for `seed`. */
export function syntheticCrop(seed: number, options: SyntheticCropOptions = {}): SyntheticCrop {
  const rng = createRng(seed);
  const size = options.size ?? 128;
  const width = size;
  const height = size;
  const n = width * height;

  const background = rng.range(95, 125);
  const headContrast = rng.range(60, 90);
  const haloContrast = rng.range(8, 16);
  const tailContrast = rng.next() < 0.5 ? rng.range(25, 40) : -rng.range(20, 35);
  const noiseSigma = options.noiseSigma ?? rng.range(6, 10);
  const blurSigma = options.blurSigma ?? rng.range(0.8, 1.2);

  const cx = width / 2 + rng.range(-6, 6);
  const cy = height / 2 + rng.range(-6, 6);
  const a = rng.range(8, 10);
  const b = rng.range(5.5, 6.8);
  const theta = rng.range(0, 2 * Math.PI);
  const ca = Math.cos(theta);
  const sa = Math.sin(theta);
  const radius = (x: number, y: number): number => {
    const dx = x - cx;
    const dy = y - cy;
    const u = dx * ca + dy * sa;
    const v = -dx * sa + dy * ca;
    return Math.sqrt((u / a) ** 2 + (v / b) ** 2);
  };

  // Tail: starts at the rear end of the head, heads away with a slowly turning direction.
  const tail: { x: number; y: number }[] = [];
  let tx = cx - ca * a * 0.9;
  let ty = cy - sa * a * 0.9;
  let heading = theta + Math.PI;
  let curvature = rng.range(-0.03, 0.03);
  const tailLength = rng.range(45, 70);
  for (let s = 0; s <= tailLength; s += 0.5) {
    tail.push({ x: tx, y: ty });
    curvature += rng.normal(0, 0.002);
    heading += curvature * 0.5;
    tx += Math.cos(heading) * 0.5;
    ty += Math.sin(heading) * 0.5;
  }
  const tailHalfWidth = rng.range(0.6, 1.0);

  const debris: { x: number; y: number; r: number; c: number }[] = [];
  const debrisCount = options.debris ?? 2 + rng.int(2);
  for (let k = 0; k < debrisCount; k++) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const x = rng.range(8, width - 8);
      const y = rng.range(8, height - 8);
      if (Math.hypot(x - cx, y - cy) < 28) continue;
      if (tail.some((p) => Math.hypot(p.x - x, p.y - y) < 10)) continue;
      const c = (rng.next() < 0.6 ? 1 : -1) * rng.range(30, 80);
      debris.push({ x, y, r: rng.range(2, 5), c });
      break;
    }
  }

  const layer = new Float32Array(n);
  const headMask = new Uint8Array(n);
  const tailMask = new Uint8Array(n);
  const meanAxis = (a + b) / 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (radius(x, y) <= 1) headMask[i] = 1;
      // Head coverage by supersampling.
      let cover = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const px = x - 0.5 + (sx + 0.5) / SUPERSAMPLE;
          const py = y - 0.5 + (sy + 0.5) / SUPERSAMPLE;
          if (radius(px, py) <= 1) cover++;
        }
      }
      cover /= SUPERSAMPLE * SUPERSAMPLE;
      const r = radius(x, y);
      const outside = Math.max(0, (r - 1) * meanAxis);
      const halo = r > 1 ? -haloContrast * Math.exp(-((outside - 1.2) ** 2) / 2) : 0;
      let tailDist = Infinity;
      for (const p of tail) {
        const d = Math.hypot(p.x - x, p.y - y);
        if (d < tailDist) tailDist = d;
      }
      const tailCover = Math.min(1, Math.max(0, tailHalfWidth + 0.5 - tailDist));
      if (tailDist <= tailHalfWidth + 0.5) tailMask[i] = 1;
      let v = cover * headContrast + (1 - cover) * (tailCover * tailContrast + halo);
      for (const d of debris) {
        const dd = Math.hypot(d.x - x, d.y - y);
        v += d.c * Math.min(1, Math.max(0, d.r + 0.5 - dd));
      }
      layer[i] = v;
    }
  }
  blurInPlace(layer, new Float32Array(n), width, height, gaussianKernel(blurSigma));

  // Mild illumination gradient, then noise.
  const gx = rng.range(-0.08, 0.08);
  const gy = rng.range(-0.08, 0.08);
  const data = new Uint8Array(n);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const v =
        background +
        gx * (x - width / 2) +
        gy * (y - height / 2) +
        (layer[i] ?? 0) +
        rng.normal(0, noiseSigma);
      data[i] = Math.min(255, Math.max(0, Math.round(v)));
    }
  }

  let x1 = width;
  let y1 = height;
  let x2 = -1;
  let y2 = -1;
  for (let i = 0; i < n; i++) {
    if (headMask[i] !== 1) continue;
    const x = i % width;
    const y = (i - x) / width;
    x1 = Math.min(x1, x);
    y1 = Math.min(y1, y);
    x2 = Math.max(x2, x);
    y2 = Math.max(y2, y);
  }

  return {
    image: { width, height, data },
    headMask,
    head: { cx, cy, a, b, theta },
    headBox: { x1, y1, x2, y2 },
    tail,
    tailMask,
  };
}
