import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testFlagellarActivity } from '../motion/flagellar-activity.js';
import { HARD_SAMPLE_PARAMS } from './params.js';
import { createSimulation } from './simulation.js';
import type { SimulationTruth, SimulationTrack } from './truth.js';

/** Per-axis mean squared frame step of a track with the true drift removed, µm². */
function meanSquaredStep(truth: SimulationTruth, track: SimulationTrack): number {
  const upp = truth.um_per_pixel;
  const driftPerFrame = [truth.drift.vx_um_per_s / truth.fps, truth.drift.vy_um_per_s / truth.fps];
  let sum = 0;
  let n = 0;
  for (let i = 1; i < track.points.length; i++) {
    const a = track.points[i - 1];
    const b = track.points[i];
    if (!a || !b) continue;
    sum += ((b[1] - a[1]) * upp - (driftPerFrame[0] ?? 0)) ** 2;
    sum += ((b[2] - a[2]) * upp - (driftPerFrame[1] ?? 0)) ** 2;
    n += 2;
  }
  return sum / n;
}

describe('simulated physics of real samples', () => {
  it('keeps the old videos bit for bit when the new physics is off', () => {
    const sim = createSimulation({
      seed: 5,
      frames: 60,
      sperm: 20,
      driftUmPerS: 2,
      blurSigmaPx: 1,
      width: 160,
      height: 120,
    });
    const frames = createHash('sha256');
    for (const i of [0, 31, 59]) frames.update(sim.renderFrame(i).data);
    const points = JSON.stringify(sim.truth.tracks.map((t) => t.points));
    // Checksums of the same call made with the simulator before the new physics existed.
    expect(frames.digest('hex')).toBe(
      'bc493c3b02cc40a3c3ced7e43cb9f1749c3e1317227f2582bfbd82c566b8191e',
    );
    expect(createHash('sha256').update(points).digest('hex')).toBe(
      '5cf0ce025de39be445d3c65192650f03c7247c19696c4e031814af1e953b1310',
    );
  });

  it.each([
    [25, 0.3],
    [100, 0.8],
  ])(
    'moves immotile cells by a random walk of D 0.06 to 0.56 µm²/s at %i fps, %f µm/px',
    (fps, umPerPixel) => {
      const { truth } = createSimulation({
        ...HARD_SAMPLE_PARAMS,
        fps,
        umPerPixel,
        frames: fps * 2,
        sperm: 60,
        mix: [0, 0, 0, 1],
        width: 200,
        height: 160,
        seed: 4,
      });
      const still = truth.tracks.filter((t) => t.points.length > fps);
      expect(still.length).toBeGreaterThan(20);
      // Per-axis step variance 2 D / fps: D averaged over the cells is about the range's middle.
      const d =
        ((still.reduce((s, t) => s + meanSquaredStep(truth, t), 0) / still.length) * fps) / 2;
      expect(d).toBeGreaterThan(0.2);
      expect(d).toBeLessThan(0.45);
    },
  );

  it('drifts every object by one common, slowly varying velocity of about 2.5 µm/s', () => {
    const { truth } = createSimulation({
      ...HARD_SAMPLE_PARAMS,
      frames: 200,
      sperm: 30,
      width: 320,
      height: 240,
      seed: 8,
    });
    expect(truth.drift.speed_um_per_s).toBeGreaterThan(2);
    expect(truth.drift.speed_um_per_s).toBeLessThan(3);
    // Debris (drawn from a separate stream) moves with the same drift as the cells.
    const debris = truth.debris.filter((d) => d.points.length === 200);
    const meanDx =
      debris.reduce((s, d) => s + ((d.points[199]?.[1] ?? 0) - (d.points[0]?.[1] ?? 0)), 0) /
      debris.length;
    expect((meanDx * truth.um_per_pixel * 50) / 199).toBeCloseTo(truth.drift.vx_um_per_s, 0);
  });

  it('makes non-progressive heads beat and immotile heads only diffuse', () => {
    const { truth } = createSimulation({
      ...HARD_SAMPLE_PARAMS,
      frames: 150,
      sperm: 40,
      mix: [0, 0, 1, 1],
      width: 240,
      height: 180,
      seed: 6,
    });
    const upp = truth.um_per_pixel;
    const active = (t: SimulationTrack) =>
      testFlagellarActivity(
        t.points.map(([frame, x, y]) => ({ frame, x: x * upp, y: y * upp })),
        { fps: 50, maxPeriodS: 0.25, significance: 0.001 },
      ).active;
    const long = truth.tracks.filter((t) => t.points.length >= 100);
    const beating = long.filter((t) => t.category === 'Non Progressive');
    const still = long.filter((t) => t.category === 'Immotile');
    expect(beating.length).toBeGreaterThan(10);
    expect(still.length).toBeGreaterThan(10);
    expect(beating.every(active)).toBe(true);
    expect(still.some(active)).toBe(false);
  });

  it('sticks heads to the glass: they stop diffusing, and beating ones rock about their held tip', () => {
    const { truth } = createSimulation({
      ...HARD_SAMPLE_PARAMS,
      driftWanderUmPerS: 0,
      stuckShare: 1,
      frames: 150,
      sperm: 40,
      mix: [0, 0, 1, 1],
      width: 240,
      height: 180,
      seed: 6,
    });
    const upp = truth.um_per_pixel;
    const long = truth.tracks.filter((t) => t.points.length >= 100);
    const beating = long.filter((t) => t.category === 'Non Progressive');
    const still = long.filter((t) => t.category === 'Immotile');
    expect(beating.length).toBeGreaterThan(10);
    expect(still.length).toBeGreaterThan(10);
    // Immotile and stuck: only the stage moves them.
    for (const t of still) expect(meanSquaredStep(truth, t)).toBeLessThan(1e-6);
    const halfHeadUm = (truth.tracks[0]?.head.length_um ?? 0) / 2;
    for (const t of beating) {
      expect(
        testFlagellarActivity(
          t.points.map(([frame, x, y]) => ({ frame, x: x * upp, y: y * upp })),
          { fps: 50, maxPeriodS: 0.25, significance: 0.001 },
        ).active,
      ).toBe(true);
      // Without the drift, the centre stays on an arc within half a head of its rest point.
      const [f0, x0, y0] = t.points[0] ?? [0, 0, 0];
      const spread = Math.max(
        ...t.points.map(([f, x, y]) => {
          const dt = (f - f0) / truth.fps;
          return Math.hypot(
            (x - x0) * upp - truth.drift.vx_um_per_s * dt,
            (y - y0) * upp - truth.drift.vy_um_per_s * dt,
          );
        }),
      );
      expect(spread).toBeLessThan(halfHeadUm);
      expect(spread).toBeGreaterThan(0.05);
    }
  });
});
