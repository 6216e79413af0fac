/**
 * Pre-rendered head images per orientation bucket and sub-pixel phase, so drawing a head is a
 * small additive copy instead of per-pixel shape evaluation.
 */
import type { SimulationPolarity } from './params.js';

/** Number of orientation buckets over a full turn. */
export const ANGLE_BUCKETS = 32;
/** Sub-pixel phases per axis (positions are quantised to 1/SUBPIXEL px). */
export const SUBPIXEL = 4;
const SUPERSAMPLE = 3;

/** Head look: size in µm and contrast in grey levels. */
export interface HeadLook {
  readonly lengthUm: number;
  readonly widthUm: number;
  readonly peak: number;
  readonly halo: number;
  /** Exponent of the head's edge profile: 3 a sharp edge, 2 a soft (defocused) one. */
  readonly edgePower?: number;
}

/**
 * The same head a few micrometres out of the focal plane: half the contrast, spread over a larger,
 * softer-edged area.
 */
export function defocusedLook(look: HeadLook): HeadLook {
  return {
    lengthUm: look.lengthUm * 1.2,
    widthUm: look.widthUm * 1.3,
    peak: look.peak * 0.5,
    halo: look.halo * 0.5,
    edgePower: 2,
  };
}

/** Default head: 4.5 x 3 µm. */
export const HEAD_LENGTH_UM = 4.5;
export const HEAD_WIDTH_UM = 3;

/**
 * Head contrast per polarity. `halo` is taken off in a ring just outside the head: a dark ring
 * around bright phase-contrast heads, a bright one (negative) around dark ones.
 */
export function headLook(polarity: SimulationPolarity): HeadLook {
  const size = { lengthUm: HEAD_LENGTH_UM, widthUm: HEAD_WIDTH_UM };
  switch (polarity) {
    case 'phase-contrast':
      return { ...size, peak: 115, halo: 28 };
    case 'bright-field':
      return { ...size, peak: -65, halo: 0 };
    case 'phase-contrast-dark':
      return { ...size, peak: -60, halo: -30 };
    case 'dark-field':
      return { ...size, peak: 110, halo: 0 };
  }
}

/** A square additive image centred on the head centroid. */
export interface Sprite {
  readonly radius: number;
  readonly size: number;
  readonly values: Float32Array;
}

/** Head intensity at (u, v) µm in head coordinates (u along the head, towards its tip). */
function headValue(look: HeadLook, u: number, v: number): number {
  const a = look.lengthUm / 2;
  const b = look.widthUm / 2;
  const r = Math.sqrt((u / a) ** 2 + (v / b) ** 2);
  // Slightly brighter towards the tip; the dark ring sits just outside the head edge.
  const body = look.peak * Math.exp(-(r ** (look.edgePower ?? 3)) / 0.6) * (0.88 + 0.12 * (u / a));
  const ring = look.halo * Math.exp(-(((r - 1.45) / 0.28) ** 2));
  return body - ring;
}

/** Lazily built sprite cache for one simulation. */
export interface SpriteSet {
  /** Sprite for a head at angle `angle` (radians), sub-pixel phases sx, sy in [0, SUBPIXEL). */
  get(angle: number, sx: number, sy: number): Sprite;
}

/** Creates the sprite cache for a head look at a given scale. */
export function createSpriteSet(look: HeadLook, umPerPixel: number): SpriteSet {
  const radius = Math.ceil(((look.lengthUm / 2) * 1.9) / umPerPixel) + 1;
  const size = 2 * radius + 1;
  const cache = new Map<number, Sprite>();
  const build = (bucket: number, sx: number, sy: number): Sprite => {
    const angle = (bucket / ANGLE_BUCKETS) * 2 * Math.PI;
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    const values = new Float32Array(size * size);
    const ox = sx / SUBPIXEL;
    const oy = sy / SUBPIXEL;
    const step = 1 / SUPERSAMPLE;
    for (let j = 0; j < size; j++) {
      for (let i = 0; i < size; i++) {
        let sum = 0;
        for (let b = 0; b < SUPERSAMPLE; b++) {
          for (let a = 0; a < SUPERSAMPLE; a++) {
            const dx = (i - radius - ox - 0.5 + (a + 0.5) * step) * umPerPixel;
            const dy = (j - radius - oy - 0.5 + (b + 0.5) * step) * umPerPixel;
            sum += headValue(look, dx * c + dy * s, -dx * s + dy * c);
          }
        }
        values[j * size + i] = sum / (SUPERSAMPLE * SUPERSAMPLE);
      }
    }
    return { radius, size, values };
  };
  return {
    get(angle, sx, sy) {
      const turn = angle / (2 * Math.PI);
      const bucket = Math.round((turn - Math.floor(turn)) * ANGLE_BUCKETS) % ANGLE_BUCKETS;
      const key = (bucket * SUBPIXEL + sx) * SUBPIXEL + sy;
      let sprite = cache.get(key);
      if (!sprite) {
        sprite = build(bucket, sx, sy);
        cache.set(key, sprite);
      }
      return sprite;
    },
  };
}
