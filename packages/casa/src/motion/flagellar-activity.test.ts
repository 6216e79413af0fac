import { describe, expect, it } from 'vitest';
import { createRng } from '../simulate/random.js';
import type { FramePoint } from './flagellar-activity.js';
import { testFlagellarActivity } from './flagellar-activity.js';

/** A head diffusing with D µm²/s, seen with white localisation noise of `noiseUm` per axis. */
function randomWalk(seed: number, fps: number, seconds: number, d: number, noiseUm: number) {
  const rng = createRng(seed);
  const step = Math.sqrt((2 * d) / fps);
  let x = 0;
  let y = 0;
  const points: FramePoint[] = [];
  for (let f = 0; f < Math.round(fps * seconds); f++) {
    x += rng.normal(0, step);
    y += rng.normal(0, step);
    points.push({ frame: f, x: x + rng.normal(0, noiseUm), y: y + rng.normal(0, noiseUm) });
  }
  return points;
}

/** The same walk plus a lateral head oscillation of `amplitudeUm` at `hz`. */
function beatingHead(seed: number, fps: number, hz: number, amplitudeUm: number): FramePoint[] {
  const axis = createRng(seed + 1000).range(0, Math.PI);
  return randomWalk(seed, fps, 3, 0.3, 0.05).map((p) => {
    const lateral = amplitudeUm * Math.sin((2 * Math.PI * hz * p.frame) / fps);
    return { ...p, x: p.x - Math.sin(axis) * lateral, y: p.y + Math.cos(axis) * lateral };
  });
}

const options = (fps: number) => ({
  fps,
  maxPeriodS: 0.25,
  significance: 0.001 as const,
  minAmplitudeUm: 0.15,
});

describe('testFlagellarActivity (class c vs d)', () => {
  it.each([25, 50, 100])('calls a pure random walk immotile at %i fps', (fps) => {
    let active = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const d = 0.06 + (0.5 * seed) / 60;
      if (testFlagellarActivity(randomWalk(seed, fps, 3, d, 0.08), options(fps)).active) active++;
    }
    // The test's false-positive rate is 0.1 % by construction; allow sampling slack.
    expect(active).toBeLessThanOrEqual(2);
  });

  it('does not take a long wander for activity: a fast random walk covering micrometres', () => {
    const walk = randomWalk(7, 50, 4, 2, 0.05);
    const last = walk.at(-1);
    expect(Math.hypot(last?.x ?? 0, last?.y ?? 0)).toBeGreaterThan(1);
    expect(testFlagellarActivity(walk, options(50)).active).toBe(false);
  });

  it.each([
    [25, 5],
    [25, 18],
    [50, 4],
    [50, 12],
    [100, 20],
    [100, 7],
  ])('finds a head beating at %i fps, %i Hz, 0.4 µm amplitude', (fps, hz) => {
    for (const seed of [1, 2, 3]) {
      const result = testFlagellarActivity(beatingHead(seed, fps, hz, 0.4), options(fps));
      expect(result.active, `seed ${seed}`).toBe(true);
      expect(result.statistic).toBeGreaterThan(result.threshold);
    }
  });

  it('ignores interpolated gaps: only steps between detected frames count', () => {
    const walk = randomWalk(3, 50, 3, 0.2, 0.05).filter((p) => p.frame % 10 < 6);
    expect(testFlagellarActivity(walk, options(50)).active).toBe(false);
  });

  it('needs enough frames to decide, else no evidence of activity', () => {
    const short = beatingHead(1, 50, 10, 0.5).slice(0, 8);
    expect(testFlagellarActivity(short, options(50)).active).toBe(false);
  });
});
