import { describe, expect, it } from 'vitest';
import { createRng } from '../simulate/random.js';
import type { MicronTrack } from './drift.js';
import { estimateDrift } from './drift.js';

/**
 * Tracks of a field drifting at (vx, vy) µm/s plus a slow wander: immotile cells diffusing,
 * non-progressive cells beating on the spot, swimmers at 10 to 60 µm/s in random directions.
 */
function field(seed: number, fps: number, vx: number, vy: number): MicronTrack[] {
  const rng = createRng(seed);
  const frames = fps * 4;
  const drift = (f: number): [number, number] => {
    const t = f / fps;
    return [vx * t + 0.3 * Math.sin(t), vy * t - 0.3 * Math.cos(t / 2)];
  };
  const tracks: MicronTrack[] = [];
  for (let i = 0; i < 40; i++) {
    const kind = i % 4;
    const first = rng.int(frames / 2);
    const length = frames - first - rng.int(frames / 4);
    const step = Math.sqrt((2 * rng.range(0.06, 0.56)) / fps);
    const speed = kind === 3 ? rng.range(10, 60) : 0;
    const heading = rng.range(0, 2 * Math.PI);
    const hz = rng.range(4, 20);
    let wx = 0;
    let wy = 0;
    const x: number[] = [];
    const y: number[] = [];
    for (let k = 0; k < length; k++) {
      const f = first + k;
      wx += rng.normal(0, step);
      wy += rng.normal(0, step);
      const beat = kind === 2 ? 0.8 * Math.sin((2 * Math.PI * hz * f) / fps) : 0;
      const [dx, dy] = drift(f);
      x.push(wx + dx + (speed * f * Math.cos(heading)) / fps + beat);
      y.push(wy + dy + (speed * f * Math.sin(heading)) / fps);
    }
    tracks.push({ firstFrame: first, x, y });
  }
  return tracks;
}

const trueMean = (fps: number, vx: number, vy: number): [number, number] => {
  const t = (fps * 4 - 1) / fps;
  return [vx + (0.3 * Math.sin(t)) / t, vy + (-0.3 * Math.cos(t / 2) + 0.3) / t];
};

describe('estimateDrift', () => {
  it.each([
    [25, 2.1, -1.5],
    [50, -3, 0.5],
    [100, 0.4, 2.8],
    [50, 0, 0],
  ])('recovers the drift within 0.5 µm/s at %i fps (%f, %f µm/s)', (fps, vx, vy) => {
    for (const seed of [1, 2, 3]) {
      const { estimate } = estimateDrift(field(seed, fps, vx, vy), {
        fps,
        frames: fps * 4,
        slowProgressiveUmPerS: 5,
        smoothingS: 1,
      });
      const [tx, ty] = trueMean(fps, vx, vy);
      expect(Math.hypot(estimate.vx_um_per_s - tx, estimate.vy_um_per_s - ty)).toBeLessThan(0.5);
      expect(estimate.tracks_used).toBeGreaterThanOrEqual(20);
    }
  });

  it('finds a drift faster than the progression threshold from the most common velocity', () => {
    const { estimate } = estimateDrift(field(4, 50, 7, 0), {
      fps: 50,
      frames: 200,
      slowProgressiveUmPerS: 5,
      smoothingS: 1,
    });
    const [tx, ty] = trueMean(50, 7, 0);
    expect(Math.hypot(estimate.vx_um_per_s - tx, estimate.vy_um_per_s - ty)).toBeLessThan(0.5);
  });

  it('removes nothing when fewer than three tracks could carry the drift', () => {
    const few = field(5, 50, 2, 2).slice(0, 2);
    const drift = estimateDrift(few, {
      fps: 50,
      frames: 200,
      slowProgressiveUmPerS: 5,
      smoothingS: 1,
    });
    expect(drift.estimate).toEqual({
      vx_um_per_s: 0,
      vy_um_per_s: 0,
      speed_um_per_s: 0,
      tracks_used: 0,
    });
    expect(drift.offsetX.every((v) => v === 0)).toBe(true);
  });
});
