import { describe, expect, it } from 'vitest';
import { createRng } from '../simulate/random.js';
import type { FramePoint } from './flagellar-activity.js';
import { gammaRatioTail, testFlagellarActivity } from './flagellar-activity.js';

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

/**
 * A still head on compressed video: its centroid error (`noisePx` per axis, in pixels of
 * `umPerPixel`) is smooth in time, white noise smoothed over `smoothS` (blocks carried from frame to
 * frame by inter-frame prediction, neighbours' tails and passing swimmers pulling the centroid over
 * several frames), so its steps stay correlated over many lags; a slow diffusion on top, and
 * centroids on a 1/16 pixel grid.
 */
function stillHeadCompressed(
  seed: number,
  fps: number,
  umPerPixel: number,
  noisePx: number,
  smoothS = 0.04,
): FramePoint[] {
  const rng = createRng(seed);
  const frames = 3 * fps;
  const sigma = Math.max(0.5, smoothS * fps);
  const reach = Math.ceil(3 * sigma);
  const kernel = Array.from({ length: 2 * reach + 1 }, (_, i) =>
    Math.exp(-0.5 * ((i - reach) / sigma) ** 2),
  );
  const norm = Math.sqrt(kernel.reduce((s, k) => s + k * k, 0));
  const smooth = () => {
    const white = Array.from({ length: frames + 2 * reach }, () => rng.normal(0, 1));
    return Array.from(
      { length: frames },
      (_, f) =>
        (kernel.reduce((s, k, i) => s + k * (white[f + i] ?? 0), 0) / norm) * noisePx * umPerPixel,
    );
  };
  const ex = smooth();
  const ey = smooth();
  const step = Math.sqrt((2 * 0.02) / fps);
  const q = umPerPixel / 16;
  let wx = 0;
  let wy = 0;
  const points: FramePoint[] = [];
  for (let f = 0; f < frames; f++) {
    wx += rng.normal(0, step);
    wy += rng.normal(0, step);
    points.push({
      frame: f,
      x: Math.round((wx + (ex[f] ?? 0)) / q) * q,
      y: Math.round((wy + (ey[f] ?? 0)) / q) * q,
    });
  }
  return points;
}

/** `base` plus a lateral head oscillation of `amplitudeUm` at `hz`. */
function withBeat(base: FramePoint[], seed: number, fps: number, hz: number, amplitudeUm: number) {
  const axis = createRng(seed + 1000).range(0, Math.PI);
  const phase = createRng(seed + 2000).range(0, 2 * Math.PI);
  return base.map((p) => {
    const lateral = amplitudeUm * Math.sin((2 * Math.PI * hz * p.frame) / fps + phase);
    return { ...p, x: p.x - Math.sin(axis) * lateral, y: p.y + Math.cos(axis) * lateral };
  });
}

const options = (fps: number) => ({ fps, maxPeriodS: 0.25, significance: 0.001 as const });

/** RMS of the positions about their mean, µm. */
function rms(points: readonly FramePoint[]): number {
  const mx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const my = points.reduce((s, p) => s + p.y, 0) / points.length;
  return Math.sqrt(
    points.reduce((s, p) => s + (p.x - mx) ** 2 + (p.y - my) ** 2, 0) / points.length,
  );
}

describe('gammaRatioTail', () => {
  it('is the F law of a bin over its background: exact values', () => {
    // a = 1: P(U > cV) = (1 + c)^-b.
    expect(gammaRatioTail(0.5, 1, 4)).toBeCloseTo(1.5 ** -4, 12);
    // a = 2, b = 1: (1 + c)^-1 (1 + c / (1 + c)).
    expect(gammaRatioTail(1, 2, 1)).toBeCloseTo(0.5 * 1.5, 12);
    expect(gammaRatioTail(0, 2, 8)).toBe(1);
  });
});

describe('testFlagellarActivity (class c vs d)', () => {
  it.each([25, 50, 100])('calls a pure random walk immotile at %i fps', (fps) => {
    let active = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const d = 0.06 + (0.5 * seed) / 60;
      if (testFlagellarActivity(randomWalk(seed, fps, 3, d, 0.08), options(fps)).active) active++;
    }
    // The test's family-wise false-positive rate is 0.1 %; allow sampling slack.
    expect(active).toBeLessThanOrEqual(2);
  });

  it.each([
    [25, 0.3],
    [25, 0.8],
    [50, 0.5],
    [50, 0.8],
    [100, 0.3],
    [100, 0.5],
  ])(
    'calls a still head with temporally correlated localisation noise immotile (%i fps, %f µm/px)',
    (fps, umPerPixel) => {
      let active = 0;
      for (let seed = 1; seed <= 30; seed++) {
        const head = stillHeadCompressed(seed, fps, umPerPixel, 0.5);
        // The jitter is as large as a weak beat's and far from white: neither its size nor its
        // memory may count as activity.
        expect(rms(head)).toBeGreaterThan(0.1);
        if (testFlagellarActivity(head, options(fps)).active) active++;
      }
      expect(active).toBeLessThanOrEqual(1);
    },
  );

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
      const result = testFlagellarActivity(
        withBeat(randomWalk(seed, fps, 3, 0.3, 0.05), seed, fps, hz, 0.4),
        options(fps),
      );
      expect(result.active, `seed ${seed}`).toBe(true);
      // The line's frequency is the beat's, or its alias below the Nyquist frequency (within the
      // three-bin window, bins of about 0.5 Hz).
      const alias = Math.abs(hz - fps * Math.round(hz / fps));
      expect(result.evidence).toBe('beat');
      expect(Math.abs(result.frequencyHz - alias)).toBeLessThanOrEqual(1);
    }
  });

  it.each([
    [25, 0.3, 9],
    [25, 0.8, 6],
    [50, 0.5, 15],
    [50, 0.3, 5],
    [100, 0.8, 11],
    [100, 0.5, 19],
  ])(
    'finds a beat of 0.5 µm or one pixel (twice the noise) on the same correlated noise (%i fps, %f µm/px, %i Hz)',
    (fps, umPerPixel, hz) => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const head = withBeat(
          stillHeadCompressed(seed, fps, umPerPixel, 0.5),
          seed,
          fps,
          hz,
          Math.max(0.5, umPerPixel),
        );
        expect(testFlagellarActivity(head, options(fps)).active, `seed ${seed}`).toBe(true);
      }
    },
  );

  it.each([
    [25, 0.8, 2],
    [50, 0.5, 1.2],
    [100, 0.3, 3],
  ])(
    'finds a head circling 1.5 µm at %i fps (%f µm/px, %f Hz) on correlated noise: a rotation',
    (fps, umPerPixel, hz) => {
      for (const seed of [1, 2, 3]) {
        const sense = seed % 2 === 0 ? 1 : -1;
        const head = stillHeadCompressed(seed, fps, umPerPixel, 0.5).map((p) => {
          const angle = (sense * 2 * Math.PI * hz * p.frame) / fps + seed;
          return { ...p, x: p.x + 1.5 * Math.cos(angle), y: p.y + 1.5 * Math.sin(angle) };
        });
        const result = testFlagellarActivity(head, options(fps));
        expect(result, `seed ${seed}`).toMatchObject({ active: true, evidence: 'rotation' });
        expect(Math.abs(result.frequencyHz - hz)).toBeLessThanOrEqual(1);
      }
    },
  );

  it.each([25, 50, 100])(
    'calls a still head whose correlated jitter runs mostly along one axis immotile (%i fps)',
    (fps) => {
      let active = 0;
      for (let seed = 1; seed <= 30; seed++) {
        // An elongated head: its centroid jitters along its long axis (30 degrees) far more.
        const head = stillHeadCompressed(seed, fps, 0.5, 0.8).map((p, i, all) => {
          const q = all[(i + 7) % all.length] ?? p;
          const along = p.x;
          const across = 0.2 * q.y;
          return {
            ...p,
            x: along * Math.cos(0.5) - across * Math.sin(0.5),
            y: along * Math.sin(0.5) + across * Math.cos(0.5),
          };
        });
        if (testFlagellarActivity(head, options(fps)).active) active++;
      }
      expect(active).toBeLessThanOrEqual(1);
    },
  );

  it('ignores interpolated gaps: a walk seen in 6 of every 10 frames stays immotile', () => {
    const walk = randomWalk(3, 50, 3, 0.2, 0.05).filter((p) => p.frame % 10 < 6);
    expect(testFlagellarActivity(walk, options(50)).active).toBe(false);
  });

  it('needs enough frames to decide, else no evidence of activity', () => {
    const short = withBeat(randomWalk(1, 50, 3, 0.3, 0.05), 1, 50, 10, 0.5).slice(0, 8);
    expect(testFlagellarActivity(short, options(50))).toMatchObject({
      active: false,
      evidence: 'none',
    });
  });

  it('reads long tracks quickly (segments keep the cost linear in the track length)', () => {
    const long = withBeat(randomWalk(5, 50, 120, 0.3, 0.05), 5, 50, 8, 0.4);
    const start = performance.now();
    expect(testFlagellarActivity(long, options(50)).active).toBe(true);
    expect(performance.now() - start).toBeLessThan(500);
  });
  it("takes no line of the video's coding pattern for a beat, and still finds beats elsewhere", () => {
    const fps = 50;
    // "P B B B": the three B frames of every four put a still head's centroid 0.3 µm aside.
    const coded = (points: FramePoint[]) =>
      points.map((p) => (p.frame % 4 === 0 ? p : { ...p, x: p.x + 0.25, y: p.y - 0.17 }));
    const withPattern = { ...options(fps), codingPeriodFrames: 4 };
    let unaware = 0;
    let aware = 0;
    let beats = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const still = coded(randomWalk(seed, fps, 3, 0.05, 0.08));
      if (testFlagellarActivity(still, options(fps)).active) unaware++;
      if (testFlagellarActivity(still, withPattern).active) aware++;
      const beating = coded(withBeat(randomWalk(seed, fps, 3, 0.05, 0.08), seed, fps, 8, 0.3));
      if (testFlagellarActivity(beating, withPattern).active) beats++;
    }
    expect(unaware).toBeGreaterThanOrEqual(10);
    expect(aware).toBeLessThanOrEqual(1);
    expect(beats).toBeGreaterThanOrEqual(19);
  });
});
