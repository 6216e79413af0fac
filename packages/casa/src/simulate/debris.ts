/** Debris: dark round dots and a few larger blobs that barely move. Never part of the truth tracks. */
import type { Rng } from './random.js';

/** One debris particle; position is where it rests (it wobbles by a fraction of a pixel). */
export interface Debris {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly radiusPx: number;
  /** Grey-level change at the centre (negative = dark). */
  readonly contrast: number;
  readonly wobblePx: number;
  readonly wobbleFreq: number;
  readonly phase: number;
  /** Brownian displacement per frame, px; absent when diffusion is off. */
  readonly walk?: { readonly x: Float32Array; readonly y: Float32Array };
}

/**
 * Draws `count` debris particles: mostly small dark dots, some tiny bright specks and about one in
 * eight a larger dark blob. All are round and either much smaller or much darker than a head, so an
 * ideal detector can tell them apart.
 */
export function createDebris(
  rng: Rng,
  count: number,
  width: number,
  height: number,
  upp: number,
): Debris[] {
  const out: Debris[] = [];
  for (let i = 0; i < count; i++) {
    const kind = rng.next();
    const blob = kind < 0.12;
    const bright = !blob && kind > 0.8;
    // Bright specks stay below 1.6 µm across (a head is 4.5 x 3 µm).
    const radiusUm = blob ? rng.range(2.2, 4) : bright ? rng.range(0.4, 0.8) : rng.range(0.5, 1.5);
    out.push({
      id: i + 1,
      x: rng.range(0, width - 1),
      y: rng.range(0, height - 1),
      radiusPx: radiusUm / upp,
      contrast: blob ? -rng.range(45, 70) : bright ? rng.range(30, 55) : -rng.range(25, 55),
      wobblePx: rng.range(0.05, 0.3),
      wobbleFreq: rng.range(0.1, 0.5),
      phase: rng.range(0, 2 * Math.PI),
    });
  }
  return out;
}

/** Centre of a debris particle at frame `frame` (time `t`, s) with stage offset (ox, oy) px. */
export function debrisCentre(
  d: Debris,
  frame: number,
  t: number,
  ox: number,
  oy: number,
): { x: number; y: number } {
  const a = 2 * Math.PI * d.wobbleFreq * t + d.phase;
  const x = d.x + ox + d.wobblePx * Math.cos(a);
  const y = d.y + oy + d.wobblePx * Math.sin(1.3 * a);
  if (!d.walk) return { x, y };
  return { x: x + (d.walk.x[frame] ?? 0), y: y + (d.walk.y[frame] ?? 0) };
}

/** Adds the debris at frame `frame` (time `t`, s) with stage offset (ox, oy) px into `acc`. */
export function drawDebris(
  acc: Float32Array,
  width: number,
  height: number,
  debris: readonly Debris[],
  frame: number,
  t: number,
  ox: number,
  oy: number,
): void {
  for (const d of debris) {
    const { x: cx, y: cy } = debrisCentre(d, frame, t, ox, oy);
    const reach = d.radiusPx + 1.5;
    const x0 = Math.max(0, Math.floor(cx - reach));
    const x1 = Math.min(width - 1, Math.ceil(cx + reach));
    const y0 = Math.max(0, Math.floor(cy - reach));
    const y1 = Math.min(height - 1, Math.ceil(cy + reach));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const r = Math.hypot(x - cx, y - cy);
        // Soft-edged disc: full contrast inside, linear fall-off over about one pixel.
        const cover = Math.min(1, Math.max(0, d.radiusPx + 0.5 - r));
        if (cover > 0) {
          const i = y * width + x;
          acc[i] = (acc[i] ?? 0) + d.contrast * cover;
        }
      }
    }
  }
}
