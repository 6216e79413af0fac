/**
 * Simulated recordings whose frames are taken at given times (a browser recording's jitter and
 * stalls). The physics runs on a fine clock, `stepsPerFrame` steps per nominal frame, and each
 * frame shows the scene at the step nearest its time: cells move by the time elapsed, not by the
 * frame count. Two recordings from the same parameters and clock show the same motion, whatever
 * their frame times, so an analysis of one can be compared with the other.
 */
import type { GrayFrame, Seconds } from '../types.js';
import { frameIndex, seconds } from '../types.js';
import type { SimulationParams } from './params.js';
import { DEFAULT_SIMULATION_PARAMS } from './params.js';
import type { Rng } from './random.js';
import type { Simulation } from './simulation.js';
import { createSimulation } from './simulation.js';

/** Physics steps per nominal frame unless told: 2 ms at 50 fps. */
const DEFAULT_STEPS_PER_FRAME = 10;

/** A simulated recording at given frame times. */
export interface TimedSimulation extends Simulation {
  /** Each frame's time, s: the requested time rounded to the physics clock (what frames carry). */
  readonly frameTimes: readonly Seconds[];
  /** The simulation on the fine clock behind it (its truth is in fine steps). */
  readonly physics: Simulation;
}

/**
 * Creates a simulation whose frame `i` is taken at `frameTimesS[i]` seconds (increasing, from 0),
 * `params.fps` being the nominal rate the frames carry in `info`. Rendered frames carry their
 * `time`. Throws RangeError when the times do not increase or the physics clock is too fast.
 */
export function createTimedSimulation(
  params: Partial<SimulationParams>,
  frameTimesS: readonly number[],
  stepsPerFrame: number = DEFAULT_STEPS_PER_FRAME,
): TimedSimulation {
  const fps = params.fps ?? DEFAULT_SIMULATION_PARAMS.fps;
  const physicsFps = fps * stepsPerFrame;
  const steps = frameTimesS.map((t) => Math.round(t * physicsFps));
  steps.forEach((step, i) => {
    if (step < 0 || (i > 0 && step <= (steps[i - 1] ?? -1))) {
      throw new RangeError(`Frame times must increase from 0 (frame ${i} at ${frameTimesS[i]} s)`);
    }
  });
  const physics = createSimulation({
    ...params,
    fps: physicsFps,
    frames: (steps[steps.length - 1] ?? 0) + 1,
  });
  const frameTimes = steps.map((step) => seconds(step / physicsFps));
  const last = frameTimes[frameTimes.length - 1] ?? 0;
  return {
    info: {
      ...physics.info,
      fps,
      frameCount: steps.length,
      durationS: last + 1 / fps,
    },
    truth: physics.truth,
    physics,
    frameTimes,
    renderFrame(i): GrayFrame {
      const step = steps[i];
      const time = frameTimes[i];
      if (step === undefined || time === undefined) {
        throw new RangeError(`Frame ${i} is outside the recording (0..${steps.length - 1})`);
      }
      return { ...physics.renderFrame(step), index: frameIndex(i), time };
    },
  };
}

/** `frames` times at a constant rate: k / fps. */
export function constantFrameTimes(frames: number, fps: number): number[] {
  return Array.from({ length: frames }, (_, k) => k / fps);
}

/**
 * `frames` times whose every interval is the nominal one times a uniform factor in
 * [1 - jitter, 1 + jitter] (0.3: +-30 %), as a camera or browser whose clock wobbles.
 */
export function jitteredFrameTimes(
  frames: number,
  fps: number,
  jitter: number,
  rng: Rng,
): number[] {
  const times = [0];
  for (let k = 1; k < frames; k++) {
    times.push((times[k - 1] ?? 0) + (1 + rng.range(-jitter, jitter)) / fps);
  }
  return times;
}

/**
 * The times of a constant-rate recording of `frames` frames with `missing` frames dropped after
 * each frame index in `stallsAfter` (a stall: the recording hiccups, the frames after it keep
 * their real times).
 */
export function stalledFrameTimes(
  frames: number,
  fps: number,
  stallsAfter: readonly number[],
  missing: number,
): number[] {
  const dropped = new Set<number>();
  for (const after of stallsAfter) for (let k = 1; k <= missing; k++) dropped.add(after + k);
  return constantFrameTimes(frames, fps).filter((_, k) => !dropped.has(k));
}
