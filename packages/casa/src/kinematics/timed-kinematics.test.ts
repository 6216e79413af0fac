import { describe, expect, it } from 'vitest';
import { createRng } from '../simulate/random.js';
import { constantFrameTimes, jitteredFrameTimes } from '../simulate/timed-simulation.js';
import type { TimedPoint } from './kinematics.js';
import { computeKinematics } from './kinematics.js';
import { computeKinematicsAtTimes, resampleAtRate, toPointsAtTimes } from './timed-kinematics.js';

/** A head swimming at 60 µm/s along x, beating sideways at 12 Hz with 2 µm amplitude. */
const swimmer = (t: number): TimedPoint => ({
  t,
  x: 60 * t,
  y: 2 * Math.sin(2 * Math.PI * 12 * t),
});

describe('resampleAtRate', () => {
  it('gives back a constant-rate track unchanged', () => {
    const points = constantFrameTimes(20, 50).map(swimmer);
    const resampled = resampleAtRate(points, 50);
    expect(resampled).toHaveLength(20);
    resampled.forEach((p, i) => {
      expect(p.x).toBeCloseTo(points[i]?.x ?? NaN, 9);
      expect(p.y).toBeCloseTo(points[i]?.y ?? NaN, 9);
    });
  });

  it('interpolates uneven samples at k / fps inside the track', () => {
    const points = [0, 0.013, 0.05, 0.061].map((t) => ({ t, x: 100 * t, y: 0 }));
    const resampled = resampleAtRate(points, 50);
    expect(resampled.map((p) => p.t)).toEqual([0, 0.02, 0.04, 0.06]);
    expect(resampled[2]?.x).toBeCloseTo(4, 9);
  });
});

describe('computeKinematicsAtTimes', () => {
  const constant = constantFrameTimes(150, 50).map(swimmer);
  const reference = computeKinematics(constant, 9);

  it('equals computeKinematics on a constant-rate track', () => {
    const same = computeKinematicsAtTimes(constant, resampleAtRate(constant, 50), 9);
    for (const key of ['vcl', 'vsl', 'vap', 'alh_mean', 'bcf', 'mad'] as const) {
      expect(same[key]).toBeCloseTo(reference[key], 6);
    }
  });

  it('measures VCL, VSL and VAP within 2 % of the constant rate on +-30 % jittered times', () => {
    for (const seed of [1, 2, 3]) {
      const real = jitteredFrameTimes(150, 50, 0.3, createRng(seed)).map(swimmer);
      const timed = computeKinematicsAtTimes(real, resampleAtRate(real, 50), 9);
      for (const key of ['vcl', 'vsl', 'vap'] as const) {
        expect(Math.abs(timed[key] / reference[key] - 1)).toBeLessThan(0.02);
      }
    }
  });

  it('measures a track across a 200 ms stall over the real elapsed time', () => {
    const times = constantFrameTimes(150, 50).filter((_, k) => k <= 60 || k > 70);
    const real = times.map(swimmer);
    const timed = computeKinematicsAtTimes(real, resampleAtRate(real, 50), 9);
    expect(timed.duration_s).toBeCloseTo(reference.duration_s, 9);
    expect(Math.abs(timed.vsl / reference.vsl - 1)).toBeLessThan(0.01);
    expect(Math.abs(timed.vap / reference.vap - 1)).toBeLessThan(0.02);
    // By frame count the stall reads as one 20 ms step: the head seems 7 % faster.
    const byIndex = computeKinematics(
      real.map((p, i) => ({ ...p, t: i / 50 })),
      9,
    );
    expect(byIndex.vsl / reference.vsl - 1).toBeGreaterThan(0.05);
  });
});

describe('toPointsAtTimes', () => {
  it('fills a missed frame at its own time', () => {
    const points = toPointsAtTimes(
      [
        [0, 0, 0],
        [2, 10, 0],
      ],
      [0, 0.03, 0.04],
      0.5,
    );
    expect(points).toHaveLength(3);
    expect(points[1]?.t).toBe(0.03);
    expect(points[1]?.x).toBeCloseTo(3.75, 9);
  });
});
