import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../settings.js';
import { createSimulation } from '../simulate/simulation.js';
import { ClassicalDetector } from './classical-detector.js';
import { DarkRoundCellFinder } from './dark-round-cells.js';

describe('DarkRoundCellFinder', () => {
  it('finds the round cells of a bright-field frame and tells dark debris of their size apart', () => {
    const sim = createSimulation({
      polarity: 'bright-field',
      sperm: 40,
      frames: 12,
      seed: 21,
      roundCells: 10,
    });
    const settings = resolveSettings({ umPerPixel: sim.truth.um_per_pixel, polarity: 'dark' });
    const heads = new ClassicalDetector(settings);
    const finder = new DarkRoundCellFinder();
    const last = sim.info.frameCount - 1;
    let cells: ReturnType<DarkRoundCellFinder['find']> = [];
    for (let i = 0; i <= last; i++) {
      const frame = sim.renderFrame(i);
      cells = finder.find(frame, settings, heads.detect(frame, settings));
    }
    const near = (points: readonly [number, number][], x: number, y: number, r: number) =>
      points.some(([px, py]) => Math.hypot(px - x, py - y) <= r);
    const truthCells = sim.truth.round_cells.flatMap((c) => {
      const p = c.points.find((q) => q[0] === last);
      return p ? [[p[1], p[2]] as [number, number]] : [];
    });
    // The generator's larger debris blobs (4.4 to 8 µm across, dark).
    const largeDebris = sim.truth.debris
      .filter((d) => d.radius_px * sim.truth.um_per_pixel >= 2.2)
      .flatMap((d) => {
        const p = d.points.find((q) => q[0] === last);
        return p ? [[p[1], p[2]] as [number, number]] : [];
      });
    expect(largeDebris.length).toBeGreaterThan(0);
    const round = cells.filter((c) => c.judged === 'round_cell');
    const debris = cells.filter((c) => c.judged === 'debris');
    for (const c of round) expect(near(truthCells, c.x, c.y, 4)).toBe(true);
    expect(round.length).toBeGreaterThanOrEqual(truthCells.length - 1);
    for (const c of debris) expect(near(largeDebris, c.x, c.y, 4)).toBe(true);
    expect(debris.length).toBeGreaterThan(0);
  });

  for (const umPerPixel of [0.5, 1.0]) {
    it(`finds the same discs with its box means in WebAssembly as in JavaScript at ${umPerPixel} µm/px`, () => {
      const sim = createSimulation({
        polarity: 'bright-field',
        sperm: 40,
        frames: 9,
        seed: 22,
        roundCells: 10,
        umPerPixel,
      });
      const settings = resolveSettings({ umPerPixel: sim.truth.um_per_pixel, polarity: 'dark' });
      const heads = new ClassicalDetector(settings);
      const [fast, plain] = [new DarkRoundCellFinder(), new DarkRoundCellFinder({ wasm: false })];
      let found = 0;
      for (let i = 0; i < sim.info.frameCount; i++) {
        const frame = sim.renderFrame(i);
        const detections = heads.detect(frame, settings);
        const cells = fast.find(frame, settings, detections);
        expect(cells).toEqual(plain.find(frame, settings, detections));
        found += cells.length;
      }
      expect(found).toBeGreaterThan(0);
    });
  }
});
