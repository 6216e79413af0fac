/**
 * Bench of the engine's use of frame times: the same simulated motion recorded at a constant
 * 50 fps, with +-30 % jitter on every interval, and with three 200 ms stalls (ten frames dropped
 * each, timestamps kept), analysed with the frames' times and, for the stalls, without them (the
 * engine before it read them: each stall a single 20 ms step). Class shares are pooled over seeds.
 */
import type { WhoMotilityCategory } from '@sarm/contracts';
import { WHO_MOTILITY_CATEGORIES } from '@sarm/contracts';
import { analyzeFrames } from '../analyze/analyze-frames.js';
import type { AnalysisResult } from '../analyze/result.js';
import { resolveSettings } from '../settings.js';
import { createRng, mixSeed } from '../simulate/random.js';
import {
  constantFrameTimes,
  createTimedSimulation,
  jitteredFrameTimes,
  stalledFrameTimes,
} from '../simulate/timed-simulation.js';
import type { GrayFrame } from '../types.js';

/** Seeds of the timing bench, never used by the tests or while choosing the tracker's gates. */
export const TIMING_HELD_OUT_SEEDS = [9101, 9102, 9103] as const;

const FPS = 50;
const FRAMES = 250;
const SPERM = 80;

/** The recordings compared, each against the constant-rate one. */
export type TimingVariant = 'jitter' | 'stalls' | 'stalls, times ignored';

export interface TimingFigures {
  readonly variant: TimingVariant;
  /** Pooled class share minus the constant-rate run's, percentage points. */
  readonly classDifferencePp: Record<WhoMotilityCategory, number>;
  /** Mean VSL and VCL over all tracks relative to the constant-rate run, percent. */
  readonly vslDifferencePercent: number;
  readonly vclDifferencePercent: number;
  readonly tracks: number;
  readonly constantTracks: number;
  /** Frames the engine counted as dropped, summed over the seeds. */
  readonly droppedFrames: number;
}

async function analyzeAt(seed: number, times: readonly number[], keepTimes: boolean) {
  const sim = createTimedSimulation({ sperm: SPERM, seed, fps: FPS }, times);
  function* frames(): Generator<GrayFrame> {
    for (let i = 0; i < times.length; i++) {
      const frame = sim.renderFrame(i);
      yield keepTimes ? frame : { ...frame, time: undefined };
    }
  }
  return analyzeFrames(frames(), sim.info, resolveSettings());
}

function pooled(results: readonly AnalysisResult[]) {
  const tracks = results.flatMap((r) => r.tracks);
  const mean = (key: 'vsl' | 'vcl') =>
    tracks.reduce((s, t) => s + t[key], 0) / Math.max(1, tracks.length);
  const share = (c: WhoMotilityCategory) =>
    (100 * tracks.filter((t) => t.category === c).length) / Math.max(1, tracks.length);
  return { tracks: tracks.length, vsl: mean('vsl'), vcl: mean('vcl'), share };
}

/** Runs every variant on `seeds` and compares each with the constant-rate recordings. */
export async function measureTiming(seeds: readonly number[]): Promise<TimingFigures[]> {
  const runs: Record<'constant' | TimingVariant, AnalysisResult[]> = {
    constant: [],
    jitter: [],
    stalls: [],
    'stalls, times ignored': [],
  };
  const stalled = stalledFrameTimes(FRAMES, FPS, [50, 120, 190], 10);
  for (const seed of seeds) {
    const jittered = jitteredFrameTimes(FRAMES, FPS, 0.3, createRng(mixSeed(seed, 0x7177)));
    runs.constant.push(await analyzeAt(seed, constantFrameTimes(FRAMES, FPS), true));
    runs.jitter.push(await analyzeAt(seed, jittered, true));
    runs.stalls.push(await analyzeAt(seed, stalled, true));
    runs['stalls, times ignored'].push(await analyzeAt(seed, stalled, false));
  }
  const base = pooled(runs.constant);
  const variants: TimingVariant[] = ['jitter', 'stalls', 'stalls, times ignored'];
  return variants.map((variant) => {
    const p = pooled(runs[variant]);
    return {
      variant,
      classDifferencePp: Object.fromEntries(
        WHO_MOTILITY_CATEGORIES.map((c) => [c, p.share(c) - base.share(c)]),
      ) as Record<WhoMotilityCategory, number>,
      vslDifferencePercent: 100 * (p.vsl / base.vsl - 1),
      vclDifferencePercent: 100 * (p.vcl / base.vcl - 1),
      tracks: p.tracks,
      constantTracks: base.tracks,
      droppedFrames: runs[variant].reduce((s, r) => s + r.video.dropped_frames, 0),
    };
  });
}
