import { WHO_MOTILITY_CATEGORIES, type WhoMotilityCategory } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../settings.js';
import { createRng } from '../simulate/random.js';
import {
  constantFrameTimes,
  createTimedSimulation,
  jitteredFrameTimes,
  stalledFrameTimes,
} from '../simulate/timed-simulation.js';
import type { GrayFrame } from '../types.js';
import { analyzeFrames } from './analyze-frames.js';
import type { AnalysisResult, TrackResult } from './result.js';

const FPS = 50;

/** A simulated recording rendered at the given frame times (rendering is half an analysis' cost). */
function renderAt(params: { sperm: number; seed: number }, times: readonly number[]) {
  const sim = createTimedSimulation({ ...params, fps: FPS }, times);
  const frames = Array.from({ length: times.length }, (_, i): GrayFrame => sim.renderFrame(i));
  return { frames, info: sim.info };
}

/** Analyses a rendered recording, with or without the frames' times. */
async function analyzeRendered(
  { frames, info }: ReturnType<typeof renderAt>,
  keepTimes = true,
): Promise<AnalysisResult> {
  const given = keepTimes ? frames : frames.map((frame) => ({ ...frame, time: undefined }));
  return analyzeFrames(given, info, resolveSettings());
}

/** Analyses a simulated recording at the given frame times. */
async function analyzeAt(
  params: { sperm: number; seed: number },
  times: readonly number[],
): Promise<AnalysisResult> {
  return analyzeRendered(renderAt(params, times));
}

/** The tracks of two runs that start at the first frame on the same head (within 1 µm). */
function pairsAtStart(a: readonly TrackResult[], b: readonly TrackResult[]) {
  const start = (t: TrackResult) => (t.points[0]?.[0] === 0 ? t.points[0] : undefined);
  return a.flatMap((t) => {
    const p = start(t);
    const match = b.find((u) => {
      const q = start(u);
      return p !== undefined && q !== undefined && Math.hypot(q[1] - p[1], q[2] - p[2]) < 2;
    });
    return match === undefined ? [] : [[t, match] as const];
  });
}

/** Class shares, percent, over the tracks of several runs together. */
function pooledShares(results: readonly AnalysisResult[]): Record<WhoMotilityCategory, number> {
  const tracks = results.flatMap((r) => r.tracks);
  const share = (c: WhoMotilityCategory) =>
    (100 * tracks.filter((t) => t.category === c).length) / tracks.length;
  return Object.fromEntries(WHO_MOTILITY_CATEGORIES.map((c) => [c, share(c)])) as Record<
    WhoMotilityCategory,
    number
  >;
}

const largestGap = (
  a: Record<WhoMotilityCategory, number>,
  b: Record<WhoMotilityCategory, number>,
) => Math.max(...WHO_MOTILITY_CATEGORIES.map((c) => Math.abs(a[c] - b[c])));

describe('analyzeFrames on frames with their own times', () => {
  it('gives a constant-rate stream with timestamps the same result as without', async () => {
    const rendered = renderAt({ sperm: 20, seed: 5 }, constantFrameTimes(60, FPS));
    const timed = await analyzeRendered(rendered);
    const untimed = await analyzeRendered(rendered, false);
    expect(timed.tracks).toEqual(untimed.tracks);
    expect(timed.motility).toEqual(untimed.motility);
    expect(timed.video).toMatchObject({ timing: 'constant', dropped_frames: 0 });
  });

  it('measures VCL, VSL and VAP within 2 % of the constant-rate run under +-30 % jitter', async () => {
    const params = { sperm: 40, seed: 11 };
    const constant = await analyzeAt(params, constantFrameTimes(150, FPS));
    const jittered = await analyzeAt(params, jitteredFrameTimes(150, FPS, 0.3, createRng(111)));
    expect(jittered.video.timing).toBe('variable');
    expect(jittered.video.dropped_frames).toBe(0);
    const pairs = pairsAtStart(constant.tracks, jittered.tracks);
    expect(pairs.length).toBeGreaterThan(30);
    for (const key of ['vcl', 'vsl', 'vap'] as const) {
      const before = pairs.reduce((s, [a]) => s + a[key], 0);
      const after = pairs.reduce((s, [, b]) => s + b[key], 0);
      expect(Math.abs(after / before - 1), key).toBeLessThan(0.02);
    }
  });

  it('keeps the WHO class shares within 3 points through three 200 ms stalls', async () => {
    const seeds = [11, 12];
    const stalled = stalledFrameTimes(250, FPS, [50, 120, 190], 10);
    const constant: AnalysisResult[] = [];
    const timed: AnalysisResult[] = [];
    const byIndex: AnalysisResult[] = [];
    for (const seed of seeds) {
      constant.push(await analyzeAt({ sperm: 80, seed }, constantFrameTimes(250, FPS)));
      const rendered = renderAt({ sperm: 80, seed }, stalled);
      timed.push(await analyzeRendered(rendered));
      byIndex.push(await analyzeRendered(rendered, false));
    }
    expect(largestGap(pooledShares(timed), pooledShares(constant))).toBeLessThan(3);
    // Spaced by the average rate, each stall reads as one 20 ms jump: the shares move.
    expect(largestGap(pooledShares(byIndex), pooledShares(constant))).toBeGreaterThan(3);
    expect(timed[0]?.video).toMatchObject({
      timing: 'variable',
      frames: 220,
      dropped_frames: 30,
      dropped_over_limit: true,
      max_dropped_share: 0.05,
    });
    expect(timed[0]?.video.dropped_share).toBeCloseTo(30 / 250, 9);
    expect(timed[0]?.video.max_gap_s).toBeCloseTo(0.22, 9);
    expect(timed[0]?.video.duration_s).toBeCloseTo(5, 9);
    // Six analyses of 250 frames: seconds alone, minutes beside the rest of the suite.
  }, 180_000);
});
