import { describe, expect, it } from 'vitest';
import { createSimulation } from './simulation.js';

describe('round cells in the simulator', () => {
  const params = { sperm: 20, frames: 200, seed: 11, debris: 10 };
  const sim = createSimulation({ ...params, roundCells: 12 });

  it('leaves the sperm and debris of a seed as they were', () => {
    const plain = createSimulation(params);
    expect(sim.truth.tracks).toEqual(plain.truth.tracks);
    expect(sim.truth.debris).toEqual(plain.truth.debris);
    expect(plain.truth.round_cells).toEqual([]);
    expect(plain.truth.expected.round_cells_mean_count_per_frame).toBe(0);
  });

  it('draws 7 to 15 µm cells that do not overlap when placed', () => {
    const cells = sim.truth.round_cells;
    expect(cells).toHaveLength(12);
    for (const c of cells) {
      expect(c.diameter_um).toBeGreaterThanOrEqual(7);
      expect(c.diameter_um).toBeLessThanOrEqual(15);
    }
    for (const a of cells) {
      for (const b of cells) {
        const pa = a.points[0];
        const pb = b.points[0];
        if (a.id >= b.id || !pa || !pb || pa[0] !== 0 || pb[0] !== 0) continue;
        expect(Math.hypot(pa[1] - pb[1], pa[2] - pb[2])).toBeGreaterThan(a.radius_px + b.radius_px);
      }
    }
  });

  it('moves them as slowly as spheres of their size diffuse (Stokes-Einstein, under 1 µm/s)', () => {
    const upp = sim.truth.um_per_pixel;
    for (const c of sim.truth.round_cells) {
      const first = c.points[0];
      const last = c.points.at(-1);
      if (!first || !last || last[0] - first[0] < 100) continue;
      const seconds = (last[0] - first[0]) / sim.truth.fps;
      const speed = (Math.hypot(last[1] - first[1], last[2] - first[2]) * upp) / seconds;
      expect(speed).toBeLessThan(1);
    }
  });

  it('draws them in the frames: brighter than the background under phase contrast', () => {
    const plain = createSimulation({ ...params, frames: 1 });
    const withCells = createSimulation({ ...params, frames: 1, roundCells: 12 });
    const a = plain.renderFrame(0).data;
    const b = withCells.renderFrame(0).data;
    for (const c of withCells.truth.round_cells) {
      const p = c.points[0];
      if (!p) continue;
      const i = Math.round(p[2]) * withCells.info.width + Math.round(p[1]);
      expect((b[i] ?? 0) - (a[i] ?? 0)).toBeGreaterThan(20);
    }
  });
});
