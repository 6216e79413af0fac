import { describe, expect, it } from 'vitest';
import type { WhoMotilityCategory } from '@sarm/contracts';
import { WHO_MOTILITY_CATEGORIES } from '@sarm/contracts';
import { createSimulation } from './simulation.js';
import type { SimulationTruth } from './truth.js';
import { MIN_TRACK_FRAMES, classifyTrueTrack } from './truth.js';

function vslUmPerS(truth: SimulationTruth, points: [number, number, number][]): number {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || last[0] === first[0]) return 0;
  const dist = Math.hypot(last[1] - first[1], last[2] - first[2]) * truth.um_per_pixel;
  return dist / ((last[0] - first[0]) / truth.fps);
}

function inViewShares(truth: SimulationTruth): Record<WhoMotilityCategory, number> {
  const totals = new Map<WhoMotilityCategory, number>();
  for (const t of truth.tracks)
    totals.set(t.category, (totals.get(t.category) ?? 0) + t.points.length);
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  const share = (c: WhoMotilityCategory): number => (totals.get(c) ?? 0) / all;
  return {
    'Rapid Progressive': share('Rapid Progressive'),
    'Slow Progressive': share('Slow Progressive'),
    'Non Progressive': share('Non Progressive'),
    Immotile: share('Immotile'),
  };
}

describe('createSimulation', () => {
  it('is deterministic per seed', () => {
    const a = createSimulation({ seed: 7, frames: 20 });
    const b = createSimulation({ seed: 7, frames: 20 });
    const c = createSimulation({ seed: 8, frames: 20 });
    expect(JSON.stringify(a.truth)).toBe(JSON.stringify(b.truth));
    const same = (x: Uint8Array, y: Uint8Array): boolean => Buffer.from(x).equals(Buffer.from(y));
    expect(same(a.renderFrame(13).data, b.renderFrame(13).data)).toBe(true);
    expect(same(a.renderFrame(3).data, b.renderFrame(3).data)).toBe(true);
    expect(same(a.renderFrame(13).data, c.renderFrame(13).data)).toBe(false);
    expect(same(a.renderFrame(13).data, a.renderFrame(12).data)).toBe(false);
  });

  it.each([30, 100])('keeps the mean count within 10 %% of %i sperm', (sperm) => {
    const { truth } = createSimulation({ sperm, seed: 3 });
    expect(Math.abs(truth.expected.mean_count_per_frame - sperm) / sperm).toBeLessThan(0.1);
    const mean = truth.per_frame.reduce((s, f) => s + f.count, 0) / truth.frames;
    expect(mean).toBeCloseTo(truth.expected.mean_count_per_frame, 3);
    const area = truth.width * truth.height * truth.um_per_pixel ** 2;
    expect(truth.expected.concentration_million_per_ml).toBeCloseTo((mean / (area * 20)) * 1e6, 3);
  });

  it('keeps the class mix of cells in view within 8 pp of the requested mix', () => {
    const mix = [0.35, 0.15, 0.15, 0.35] as const;
    for (const seed of [1, 2]) {
      const shares = inViewShares(createSimulation({ sperm: 60, seed }).truth);
      WHO_MOTILITY_CATEGORIES.forEach((c, i) =>
        expect(Math.abs(shares[c] - (mix[i] ?? 0))).toBeLessThan(0.08),
      );
    }
    const e = createSimulation({ seed: 1 }).truth.expected;
    const d = e.motility_distribution;
    expect(
      d['Rapid Progressive'] + d['Slow Progressive'] + d['Non Progressive'] + d.Immotile,
    ).toBeCloseTo(100, 1);
    expect(e.progressive_percent).toBeCloseTo(d['Rapid Progressive'] + d['Slow Progressive'], 1);
  });

  it('gives every class the kinematics of its WHO label', () => {
    for (const seed of [1, 5]) {
      const { truth } = createSimulation({ sperm: 80, seed });
      for (const t of truth.tracks) {
        if (t.points.length < 10) continue;
        const vsl = vslUmPerS(truth, t.points);
        if (t.category === 'Rapid Progressive') expect(vsl).toBeGreaterThanOrEqual(25);
        else if (t.category === 'Slow Progressive') {
          expect(vsl).toBeGreaterThanOrEqual(5);
          expect(vsl).toBeLessThan(25);
        } else if (t.category === 'Non Progressive') expect(vsl).toBeLessThan(5);
        else expect(vsl).toBe(0);
      }
    }
  });

  it('keeps debris out of the tracks and points inside the frame', () => {
    const { truth } = createSimulation({ debris: 30, seed: 2 });
    expect(truth.debris).toHaveLength(30);
    const ids = new Set(truth.tracks.map((t) => t.id));
    expect(ids.size).toBe(truth.tracks.length);
    for (const d of truth.debris) {
      expect(d.radius_px).toBeLessThanOrEqual(8);
      const onTrack = truth.tracks.some((t) =>
        t.points.every((p) => Math.hypot(p[1] - d.x_px, p[2] - d.y_px) < 0.5),
      );
      expect(onTrack).toBe(false);
    }
    for (const t of truth.tracks) {
      for (const [, x, y] of t.points) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(truth.height - 1);
      }
    }
  });

  it('gives debris per-frame points that drift with the stage and are drawn there', () => {
    const sim = createSimulation({ sperm: 0, debris: 40, driftUmPerS: 20, frames: 50, seed: 6 });
    const { truth } = sim;
    const frame = sim.renderFrame(40);
    const background = frame.data.reduce((s, v) => s + v, 0) / frame.data.length;
    let blobs = 0;
    for (const d of truth.debris) {
      const first = d.points[0];
      const last = d.points.at(-1);
      if (!first || !last || first[0] !== 0 || last[0] !== 49) continue;
      // 20 µm/s for 49 frames at 0.5 µm per pixel, plus at most 0.6 px of wobble.
      const moved = Math.hypot(last[1] - first[1], last[2] - first[2]);
      expect(Math.abs(moved - (20 * 49) / 50 / 0.5)).toBeLessThan(0.7);
      const at40 = d.points.find((p) => p[0] === 40);
      if (d.radius_px >= 4 && at40) {
        const v = frame.data[Math.round(at40[2]) * frame.width + Math.round(at40[1])] ?? 0;
        expect(background - v).toBeGreaterThan(20);
        blobs += 1;
      }
    }
    expect(blobs).toBeGreaterThan(0);
    expect(truth.tracks).toHaveLength(0);
  });

  it("classifies the expected distribution by each track's true VSL", () => {
    const { truth } = createSimulation({ sperm: 60, seed: 9 });
    const counted = truth.tracks.filter((t) => t.points.length >= MIN_TRACK_FRAMES);
    const tally = new Map<WhoMotilityCategory, number>();
    for (const t of counted) {
      expect(t.vsl_um_per_s).toBeCloseTo(vslUmPerS(truth, t.points), 2);
      const c = classifyTrueTrack(t.vsl_um_per_s, t.category);
      tally.set(c, (tally.get(c) ?? 0) + 1);
    }
    for (const c of WHO_MOTILITY_CATEGORIES) {
      const pct = (100 * (tally.get(c) ?? 0)) / counted.length;
      expect(truth.expected.motility_distribution[c]).toBeCloseTo(pct, 1);
    }
    expect(classifyTrueTrack(30, 'Slow Progressive')).toBe('Rapid Progressive');
    expect(classifyTrueTrack(2, 'Rapid Progressive')).toBe('Non Progressive');
    expect(classifyTrueTrack(0.5, 'Immotile')).toBe('Immotile');
  });

  it.each([
    ['phase-contrast', 1],
    ['bright-field', -1],
    ['phase-contrast-dark', -1],
    ['dark-field', 1],
  ] as const)('draws %s heads with the right polarity at the truth positions', (polarity, sign) => {
    const sim = createSimulation({ polarity, seed: 4, frames: 30, debris: 0 });
    const frame = sim.renderFrame(20);
    const { width, data } = frame;
    let sum = 0;
    let n = 0;
    for (let i = 0; i < data.length; i += 7) {
      sum += data[i] ?? 0;
      n += 1;
    }
    const background = sum / n;
    const heads = sim.truth.tracks.flatMap((t) => t.points.filter((p) => p[0] === 20));
    expect(heads.length).toBeGreaterThan(20);
    let agree = 0;
    for (const [, x, y] of heads) {
      const v = data[Math.round(y) * width + Math.round(x)] ?? 0;
      if (sign * (v - background) > 25) agree += 1;
    }
    expect(agree / heads.length).toBeGreaterThan(0.9);
  });

  it('blurs heads on request without moving them or blurring the noise', () => {
    const base = { seed: 4, frames: 12, debris: 0, sperm: 20 };
    const sharp = createSimulation(base);
    const blurred = createSimulation({ ...base, blurSigmaPx: 1.5 });
    expect(JSON.stringify(blurred.truth.tracks)).toBe(JSON.stringify(sharp.truth.tracks));
    const a = sharp.renderFrame(10);
    const b = blurred.renderFrame(10);
    const heads = sharp.truth.tracks.flatMap((t) => t.points.filter((p) => p[0] === 10));
    let peakSharp = 0;
    let peakBlurred = 0;
    for (const [, x, y] of heads) {
      const i = Math.round(y) * a.width + Math.round(x);
      peakSharp += a.data[i] ?? 0;
      peakBlurred += b.data[i] ?? 0;
    }
    // A blurred head spreads its light: a lower peak, yet still above the background.
    expect(peakBlurred).toBeLessThan(peakSharp - 10 * heads.length);
    expect(peakBlurred / heads.length).toBeGreaterThan(110);
    // Pixel noise is added after the blur, so neighbouring background pixels still differ as much.
    const roughness = (d: Uint8Array): number => {
      let sum = 0;
      for (let k = 0; k < 2000; k++) sum += Math.abs((d[k + 1] ?? 0) - (d[k] ?? 0));
      return sum / 2000;
    };
    expect(roughness(b.data)).toBeGreaterThan(0.8 * roughness(a.data));
  });

  it('records each head orientation along its direction of travel', () => {
    const { truth } = createSimulation({ sperm: 60, seed: 12, mix: [1, 0, 0, 0] });
    expect(truth.expected.min_track_frames).toBe(MIN_TRACK_FRAMES);
    let aligned = 0;
    let rapid = 0;
    for (const t of truth.tracks) {
      const first = t.points[0];
      const later = t.points[24];
      if (!first || !later || later[0] - first[0] !== 24) continue;
      rapid += 1;
      const travel = Math.atan2(later[2] - first[2], later[1] - first[1]);
      const diff = Math.abs(
        Math.atan2(Math.sin(travel - t.head.angle_rad), Math.cos(travel - t.head.angle_rad)),
      );
      if (diff < 0.8) aligned += 1;
      expect(Math.abs(t.head.angle_rad)).toBeLessThanOrEqual(Math.PI);
    }
    expect(rapid).toBeGreaterThan(20);
    expect(aligned / rapid).toBeGreaterThan(0.9);
  });

  it('rejects invalid parameters and frame indices', () => {
    expect(() => createSimulation({ width: 0 })).toThrow(RangeError);
    expect(() => createSimulation({ mix: [0, 0, 0, 0] })).toThrow(/mix/);
    expect(() => createSimulation({ blurSigmaPx: -1 })).toThrow(/blurSigmaPx/);
    expect(() => createSimulation({ frames: 5 }).renderFrame(5)).toThrow(RangeError);
  });
});
