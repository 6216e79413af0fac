/**
 * Frame renderer: vignetted background, debris, beating tails and head sprites added into a float
 * buffer, then Gaussian noise read from a pre-computed table at a per-frame random offset.
 */
import type { StageDrift } from './brownian.js';
import type { SimCell } from './cells.js';
import type { Debris } from './debris.js';
import { drawDebris } from './debris.js';
import type { RoundCell } from './round-cells.js';
import { drawRoundCells } from './round-cells.js';
import { blurInPlace, gaussianKernel } from './blur.js';
import type { SimulationParams } from './params.js';
import { createRng, gaussian, mixSeed, mulberry32 } from './random.js';
import type { SpriteSet } from './sprites.js';
import { SUBPIXEL, createSpriteSet, defocusedLook, headLook } from './sprites.js';

/**
 * Background grey level before vignetting: mid-grey in phase contrast, light in bright field, near
 * black in dark field.
 */
const BACKGROUND = {
  'phase-contrast': 100,
  'bright-field': 175,
  'phase-contrast-dark': 125,
  'dark-field': 30,
} as const;
/** Tail contrast (grey levels) per pixel of a 1-px line at the head end. */
const TAIL_CONTRAST = -30;
/** Tail contrast per polarity: dark tails except under dark field, which lights every edge. */
const TAIL_CONTRAST_OF = {
  'phase-contrast': TAIL_CONTRAST,
  'bright-field': TAIL_CONTRAST * 1.2,
  'phase-contrast-dark': TAIL_CONTRAST,
  'dark-field': -TAIL_CONTRAST * 0.8,
} as const;
const TAIL_STEP_PX = 0.5;

/** Inputs of the renderer. */
export interface RenderScene {
  readonly params: SimulationParams;
  readonly cells: readonly SimCell[];
  readonly frameCells: readonly (readonly number[])[];
  readonly debris: readonly Debris[];
  readonly drift: StageDrift;
  /** Round cells (none unless the parameters ask for them). */
  readonly roundCells?: readonly RoundCell[];
}

/**
 * Illumination gain per pixel: 1 on average, falling linearly by `gradient` across the field in a
 * random direction. Everything in view (background and objects) is multiplied by it, as the light
 * through a phase-contrast condenser is.
 */
function illuminationGain(p: SimulationParams): Float32Array {
  const { width: w, height: h } = p;
  const rng = createRng(mixSeed(p.seed, 0x111));
  const angle = rng.range(0, 2 * Math.PI);
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const reach = Math.abs(ux) * (w - 1) + Math.abs(uy) * (h - 1);
  const gain = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const along = (ux * (x - (w - 1) / 2) + uy * (y - (h - 1) / 2)) / reach;
      gain[y * w + x] = 1 - p.illuminationGradient * along;
    }
  }
  return gain;
}

function backgroundImage(p: SimulationParams): Float32Array {
  const { width: w, height: h } = p;
  const rng = createRng(mixSeed(p.seed, 0xb6));
  const kx = rng.range(1, 2.5) / w;
  const ky = rng.range(1, 2.5) / h;
  const phase = rng.range(0, 2 * Math.PI);
  const out = new Float32Array(w * h);
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  const norm = 1 / (cx * cx + cy * cy);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const r2 = ((x - cx) ** 2 + (y - cy) ** 2) * norm;
      const shading = 3 * Math.sin(2 * Math.PI * (kx * x + ky * y) + phase);
      out[y * w + x] = BACKGROUND[p.polarity] * (1 - 0.14 * r2) + shading;
    }
  }
  return out;
}

function noiseTable(p: SimulationParams, length: number): Int8Array {
  const random = mulberry32(mixSeed(p.seed, 0x5e));
  const table = new Int8Array(length);
  for (let i = 0; i < length; i++) {
    table[i] = Math.max(-127, Math.min(127, Math.round(gaussian(random) * p.noiseSigma)));
  }
  return table;
}

/** Adds a 1-px beating flagellum behind the head with bilinear splats. */
function drawTail(
  acc: Float32Array,
  w: number,
  h: number,
  cell: SimCell,
  k: number,
  contrast: number,
  startPx: number,
): void {
  const hx = cell.x[k] ?? 0;
  const hy = cell.y[k] ?? 0;
  const dir = cell.tailAngle[k] ?? 0;
  const beat = cell.beat[k] ?? 0;
  const { lengthPx, amplitudePx, wavelengthPx } = cell.tail;
  const midpiecePx = lengthPx * 0.14;
  const ux = Math.cos(dir);
  const uy = Math.sin(dir);
  for (let s = 0; s < lengthPx; s += TAIL_STEP_PX) {
    const along = startPx + s;
    const envelope = 0.25 + 0.75 * (s / lengthPx);
    const lateral = amplitudePx * envelope * Math.sin((2 * Math.PI * s) / wavelengthPx - beat);
    const x = hx + ux * along - uy * lateral;
    const y = hy + uy * along + ux * lateral;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) continue;
    const fx = x - x0;
    const fy = y - y0;
    // The first few micrometres (the midpiece) are darker than the rest of the flagellum.
    const c = contrast * TAIL_STEP_PX * (1 - 0.45 * (s / lengthPx)) * (s < midpiecePx ? 1.5 : 1);
    const i = y0 * w + x0;
    acc[i] = (acc[i] ?? 0) + c * (1 - fx) * (1 - fy);
    acc[i + 1] = (acc[i + 1] ?? 0) + c * fx * (1 - fy);
    acc[i + w] = (acc[i + w] ?? 0) + c * (1 - fx) * fy;
    acc[i + w + 1] = (acc[i + w + 1] ?? 0) + c * fx * fy;
  }
}

/**
 * Adds the head sprite at quantised position (qx, qy) (in 1/SUBPIXEL px) into `acc`, times
 * `weight`.
 */
function addSprite(
  acc: Float32Array,
  w: number,
  h: number,
  set: SpriteSet,
  angle: number,
  qx: number,
  qy: number,
  weight: number,
): void {
  if (weight === 0) return;
  const ix = Math.floor(qx / SUBPIXEL);
  const iy = Math.floor(qy / SUBPIXEL);
  const { radius, size, values } = set.get(angle, qx - ix * SUBPIXEL, qy - iy * SUBPIXEL);
  const j0 = Math.max(0, radius - iy);
  const j1 = Math.min(size, h - iy + radius);
  const i0 = Math.max(0, radius - ix);
  const i1 = Math.min(size, w - ix + radius);
  for (let j = j0; j < j1; j++) {
    const row = (iy - radius + j) * w + ix - radius;
    const srow = j * size;
    if (weight === 1) {
      for (let c = i0; c < i1; c++) acc[row + c] = (acc[row + c] ?? 0) + (values[srow + c] ?? 0);
    } else {
      for (let c = i0; c < i1; c++) {
        acc[row + c] = (acc[row + c] ?? 0) + weight * (values[srow + c] ?? 0);
      }
    }
  }
}

/** Creates a function that renders frame `i` into a fresh 8-bit buffer. */
export function createRenderer(scene: RenderScene): (i: number) => Uint8Array {
  const p = scene.params;
  const { width: w, height: h } = p;
  const pixels = w * h;
  const base = backgroundImage(p);
  const noise = noiseTable(p, Math.max(1 << 20, 2 * pixels));
  const acc = new Float32Array(pixels);
  const look = headLook(p.polarity);
  const sprites = createSpriteSet(look, p.umPerPixel);
  const blurredSprites = createSpriteSet(defocusedLook(look), p.umPerPixel);
  const tailContrast = TAIL_CONTRAST_OF[p.polarity];
  const headHalfPx = look.lengthUm / 2 / p.umPerPixel;
  // With blur, objects go on a zero layer that is blurred before the background is added back;
  // without it they are drawn straight onto the background (the fast default path).
  const blur =
    p.blurSigmaPx > 0
      ? { kernel: gaussianKernel(p.blurSigmaPx), scratch: new Float32Array(pixels) }
      : undefined;
  const gain = p.illuminationGradient > 0 ? illuminationGain(p) : undefined;
  const layered = blur !== undefined || gain !== undefined;

  return (i) => {
    if (layered) acc.fill(0);
    else acc.set(base);
    const ox = scene.drift.offsetX[i] ?? 0;
    const oy = scene.drift.offsetY[i] ?? 0;
    drawDebris(acc, w, h, scene.debris, i, i / p.fps, ox, oy);
    if (scene.roundCells) drawRoundCells(acc, w, h, scene.roundCells, i, scene.drift);
    const ids = scene.frameCells[i] ?? [];
    for (const id of ids) {
      const cell = scene.cells[id];
      if (!cell) continue;
      const contrast = cell.defocused ? tailContrast * 0.4 : tailContrast;
      drawTail(acc, w, h, cell, i - cell.start, contrast, headHalfPx);
    }
    for (const id of ids) {
      const cell = scene.cells[id];
      if (!cell) continue;
      const k = i - cell.start;
      const set = cell.defocused ? blurredSprites : sprites;
      const angle = cell.headAngle[k] ?? 0;
      const x = (cell.x[k] ?? 0) * SUBPIXEL;
      const y = (cell.y[k] ?? 0) * SUBPIXEL;
      if (!cell.stuck) {
        addSprite(acc, w, h, set, angle, Math.round(x), Math.round(y), 1);
        continue;
      }
      // A head held still while the stage drifts would step through the quantised phases at a
      // fixed rate, a line in its motion that no camera makes: it is drawn at its exact position,
      // the four neighbouring phases weighted bilinearly.
      const qx = Math.floor(x);
      const qy = Math.floor(y);
      const fx = x - qx;
      const fy = y - qy;
      addSprite(acc, w, h, set, angle, qx, qy, (1 - fx) * (1 - fy));
      addSprite(acc, w, h, set, angle, qx + 1, qy, fx * (1 - fy));
      addSprite(acc, w, h, set, angle, qx, qy + 1, (1 - fx) * fy);
      addSprite(acc, w, h, set, angle, qx + 1, qy + 1, fx * fy);
    }
    if (blur) blurInPlace(acc, blur.scratch, w, h, blur.kernel);
    if (gain) {
      for (let k = 0; k < pixels; k++) acc[k] = ((acc[k] ?? 0) + (base[k] ?? 0)) * (gain[k] ?? 1);
    } else if (blur) {
      for (let k = 0; k < pixels; k++) acc[k] = (acc[k] ?? 0) + (base[k] ?? 0);
    }
    const out = new Uint8Array(pixels);
    const clamped = new Uint8ClampedArray(out.buffer);
    const offset = Math.floor(mulberry32(mixSeed(p.seed, i + 0x1000))() * (noise.length - pixels));
    for (let k = 0; k < pixels; k++) clamped[k] = (acc[k] ?? 0) + (noise[offset + k] ?? 0);
    return out;
  };
}
