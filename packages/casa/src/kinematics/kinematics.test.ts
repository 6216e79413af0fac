import { describe, expect, it } from 'vitest';
import { averagePath, computeKinematics, detrendedJitter, toTimedPoints } from './kinematics.js';

const line = (n: number, vx: number, fps: number) =>
  Array.from({ length: n }, (_, i) => ({ t: i / fps, x: (vx * i) / fps, y: 0 }));

describe('computeKinematics', () => {
  it('gives VCL = VSL = VAP and 100 % LIN/STR/WOB on a straight line', () => {
    const k = computeKinematics(line(11, 30, 10), 3);
    expect(k.vcl).toBeCloseTo(30);
    expect(k.vsl).toBeCloseTo(30);
    expect(k.vap).toBeCloseTo(30);
    expect(k.lin).toBeCloseTo(100);
    expect(k.str).toBeCloseTo(100);
    expect(k.wob).toBeCloseTo(100);
    expect(k.alh_max).toBeCloseTo(0);
    expect(k.mad).toBeCloseTo(0);
    expect(k.bcf).toBe(0);
  });

  it('measures a zig-zag by hand: VCL from the legs, VSL from the ends, ALH and BCF from the crossings', () => {
    // x advances 1 µm per frame, y alternates +1/-1: each leg is sqrt(1 + 4) long.
    const fps = 10;
    const pts = Array.from({ length: 21 }, (_, i) => ({
      t: i / fps,
      x: i,
      y: i % 2 === 0 ? 1 : -1,
    }));
    const k = computeKinematics(pts, 3);
    const duration = 2;
    expect(k.vcl).toBeCloseTo((20 * Math.sqrt(5)) / duration, 6);
    expect(k.vsl).toBeCloseTo(20 / duration, 6);
    expect(k.lin).toBeCloseTo((100 * 10) / (10 * Math.sqrt(5)), 4);
    // The 3-point average path zig-zags between y = +1/3 and -1/3 (the ends keep y = 1): 20 legs of
    // sqrt(1 + (2/3)^2) = sqrt(13)/3 each.
    const vap = (20 * Math.sqrt(13)) / 3 / duration;
    expect(k.vap).toBeCloseTo(vap, 6);
    expect(k.str).toBeCloseTo((100 * 10) / vap, 4);
    expect(k.wob).toBeCloseTo((100 * vap) / k.vcl, 4);
    // The 3-point average path runs near y = ±1/3; lateral distance about 4/3 -> ALH about 8/3.
    expect(k.alh_max).toBeGreaterThan(2);
    expect(k.alh_max).toBeLessThan(4);
    // Every step crosses the average path: 20 crossings in 2 s.
    expect(k.bcf).toBeGreaterThanOrEqual(18 / duration);
    // Turning angle each step: 2 * atan(2) = 126.87 degrees.
    expect(k.mad).toBeCloseTo((2 * Math.atan(2) * 180) / Math.PI, 4);
  });

  it('returns zeros for a single point', () => {
    expect(computeKinematics([{ t: 0, x: 1, y: 1 }], 5).vcl).toBe(0);
  });
});

describe('helpers', () => {
  it('averages with a window that shrinks at the ends', () => {
    const avg = averagePath(
      [
        { t: 0, x: 0, y: 0 },
        { t: 1, x: 3, y: 0 },
        { t: 2, x: 0, y: 0 },
      ],
      3,
    );
    expect(avg.map((p) => p.x)).toEqual([0, 1, 0]);
  });

  it('fills missed frames by linear interpolation and converts to µm and seconds', () => {
    const timed = toTimedPoints(
      [
        [0, 0, 0],
        [2, 4, 2],
      ],
      50,
      0.5,
    );
    expect(timed).toEqual([
      { t: 0, x: 0, y: 0 },
      { t: 0.02, x: 1, y: 0.5 },
      { t: 0.04, x: 2, y: 1 },
    ]);
  });

  it('measures jitter about the straight trend, not the progression', () => {
    expect(detrendedJitter(line(20, 50, 10))).toBeCloseTo(0);
    const circle = Array.from({ length: 40 }, (_, i) => ({
      t: i,
      x: 2 * Math.cos(i / 3),
      y: 2 * Math.sin(i / 3),
    }));
    expect(detrendedJitter(circle)).toBeGreaterThan(1);
  });
});
