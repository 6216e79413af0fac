/** Seeded synthetic phase-contrast (or bright-field) sperm video with ground truth. */
import type { GrayFrame, VideoInfo } from '../types.js';
import { frameIndex } from '../types.js';
import { randomWalkPath } from './brownian.js';
import { createDebris } from './debris.js';
import { simulateCells } from './kinematics.js';
import type { SimulationParams } from './params.js';
import { resolveSimulationParams } from './params.js';
import { createRng, mixSeed } from './random.js';
import { createRenderer } from './render.js';
import { createRoundCells } from './round-cells.js';
import { headLook } from './sprites.js';
import type { SimulationTruth } from './truth.js';
import { buildTruth } from './truth.js';

export { DEFAULT_SIMULATION_PARAMS } from './params.js';
export type { SimulationParams } from './params.js';
export type { SimulationTruth } from './truth.js';

/** A simulated video: its info, a lazy frame renderer and the ground truth known up front. */
export interface Simulation {
  readonly info: VideoInfo;
  /** Renders frame `i` (0-based) into a fresh buffer; same seed and index give the same bytes. */
  renderFrame(i: number): GrayFrame;
  readonly truth: SimulationTruth;
}

/**
 * Creates a simulation. All motion is simulated at creation, so `truth` is complete immediately;
 * frames are rendered on demand, in any order. Throws RangeError for invalid parameters.
 */
export function createSimulation(partial: Partial<SimulationParams> = {}): Simulation {
  const params = resolveSimulationParams(partial);
  const { width, height, fps, frames, umPerPixel: upp } = params;
  const look = headLook(params.polarity);
  const headRadiusPx = ((look.lengthUm / 2) * 1.4) / upp;
  const motion = simulateCells(params, createRng(params.seed), headRadiusPx);
  const still = createDebris(
    createRng(mixSeed(params.seed, 0xdeb)),
    params.debris,
    width,
    height,
    upp,
  );
  const walkRng = createRng(mixSeed(params.seed, 0xdeb0b));
  const debris =
    params.diffusionUm2PerS[1] > 0
      ? still.map((d) => ({ ...d, walk: randomWalkPath(walkRng, params) }))
      : still;
  // Their own random stream, so the other objects of a seed stay as they were.
  const roundCells = createRoundCells(createRng(mixSeed(params.seed, 0x20c)), params, look);
  const truth = buildTruth(
    params,
    motion.cells,
    debris,
    { lengthUm: look.lengthUm, widthUm: look.widthUm },
    motion.drift,
    roundCells,
  );
  const render = createRenderer({
    params,
    cells: motion.cells,
    frameCells: motion.frameCells,
    debris,
    drift: motion.drift,
    roundCells,
  });
  const info: VideoInfo = {
    width,
    height,
    fps,
    frameCount: frames,
    durationS: frames / fps,
    codec: 'rawvideo',
    container: 'simulation',
  };
  return {
    info,
    truth,
    renderFrame(i) {
      if (!Number.isInteger(i) || i < 0 || i >= frames) {
        throw new RangeError(`Frame ${i} is outside the simulation (0..${frames - 1})`);
      }
      return { index: frameIndex(i), width, height, data: render(i) };
    },
  };
}
