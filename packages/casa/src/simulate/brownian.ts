/**
 * Physics shared by every object in view: Brownian motion (a random walk whose per-axis step has
 * standard deviation sqrt(2 D dt)) and the common stage drift. Both are parameterised in µm and
 * seconds, so a simulation at another frame rate or calibration shows the same physics.
 */
import type { SimulationParams } from './params.js';
import type { Rng } from './random.js';

/** A 2-D random walk in pixels, advanced one frame at a time. */
export interface RandomWalk {
  x: number;
  y: number;
  /** Per-axis standard deviation of one frame's step, px. */
  readonly stepPx: number;
}

/** Draws a diffusion coefficient from the simulation's range and returns a walk starting at 0. */
export function newRandomWalk(rng: Rng, p: SimulationParams): RandomWalk {
  const [dMin, dMax] = p.diffusionUm2PerS;
  const d = dMax > 0 ? rng.range(dMin, dMax) : 0;
  return { x: 0, y: 0, stepPx: Math.sqrt((2 * d) / p.fps) / p.umPerPixel };
}

/** Advances a walk by one frame. */
export function stepRandomWalk(walk: RandomWalk, rng: Rng): void {
  if (walk.stepPx === 0) return;
  walk.x += rng.normal(0, walk.stepPx);
  walk.y += rng.normal(0, walk.stepPx);
}

/** The whole random walk of one object over `frames` frames, px (frame 0 at the origin). */
export function randomWalkPath(
  rng: Rng,
  p: SimulationParams,
): { x: Float32Array; y: Float32Array } {
  const walk = newRandomWalk(rng, p);
  const x = new Float32Array(p.frames);
  const y = new Float32Array(p.frames);
  for (let f = 1; f < p.frames; f++) {
    stepRandomWalk(walk, rng);
    x[f] = walk.x;
    y[f] = walk.y;
  }
  return { x, y };
}

/** Stage offset of the field at every frame, px, and its mean velocity. */
export interface StageDrift {
  readonly offsetX: Float64Array;
  readonly offsetY: Float64Array;
}

/**
 * The common drift: a constant velocity `driftX`, `driftY` px per frame (the old model, kept
 * bit-exact: offset = velocity x frame) plus, when `driftWanderUmPerS` > 0, a slow wander of the
 * velocity made of two sinusoids per axis with periods of 3 to 10 s.
 */
export function stageDrift(
  p: SimulationParams,
  driftX: number,
  driftY: number,
  rng: Rng,
): StageDrift {
  const offsetX = new Float64Array(p.frames);
  const offsetY = new Float64Array(p.frames);
  const wander = p.driftWanderUmPerS / p.umPerPixel / p.fps;
  const terms = Array.from({ length: 4 }, () => ({
    period: rng.range(3, 10),
    phase: rng.range(0, 2 * Math.PI),
  }));
  let wx = 0;
  let wy = 0;
  for (let f = 0; f < p.frames; f++) {
    offsetX[f] = driftX * f + wx;
    offsetY[f] = driftY * f + wy;
    if (wander === 0) continue;
    const t = f / p.fps;
    const wave = (k: number): number => {
      const term = terms[k];
      return term ? Math.sin((2 * Math.PI * t) / term.period + term.phase) : 0;
    };
    // Each axis: the mean of two unit sinusoids, so the wander stays within ±wander.
    wx += (wander * (wave(0) + wave(1))) / 2;
    wy += (wander * (wave(2) + wave(3))) / 2;
  }
  return { offsetX, offsetY };
}
