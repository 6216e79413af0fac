import { describe, expect, it } from 'vitest';
import { createRng } from '../simulate/random.js';
import type { Rng } from '../simulate/random.js';
import { effectiveCellCount } from './counting.js';
import { chiSquareUpperQuantile, poissonInterval, wilsonInterval } from './intervals.js';

function poisson(rng: Rng, mean: number): number {
  // Knuth's method on chunks of at most 30 (a sum of Poissons is Poisson), so exp(-mean) never
  // underflows.
  if (mean > 30) return poisson(rng, 30) + poisson(rng, mean - 30);
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rng.next();
  while (p > limit) {
    k++;
    p *= rng.next();
  }
  return k;
}

describe('chiSquareUpperQuantile', () => {
  it('matches tabulated quantiles within 2.5 %', () => {
    const close = (value: number, table: number) => Math.abs(value / table - 1);
    expect(close(chiSquareUpperQuantile(1, 0.05), 3.841)).toBeLessThan(0.025);
    expect(close(chiSquareUpperQuantile(5, 0.001), 20.515)).toBeLessThan(0.015);
    expect(close(chiSquareUpperQuantile(24, 0.001), 51.179)).toBeLessThan(0.01);
  });
});

describe('wilsonInterval', () => {
  it('holds the true share in at least 90 % of repeated samples (n 20 to 300)', () => {
    const rng = createRng(12);
    let covered = 0;
    const trials = 3000;
    for (let i = 0; i < trials; i++) {
      const n = 20 + rng.int(280);
      const p = [0.05, 0.15, 0.35, 0.5][i % 4] ?? 0.5;
      let k = 0;
      for (let j = 0; j < n; j++) if (rng.next() < p) k++;
      const [low, high] = wilsonInterval(k, n);
      if (p >= low && p <= high) covered++;
    }
    expect(covered / trials).toBeGreaterThan(0.93);
  });

  it('stays inside [0, 1] and is wide for no data', () => {
    expect(wilsonInterval(0, 10)[0]).toBe(0);
    expect(wilsonInterval(10, 10)[1]).toBeCloseTo(1, 9);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });
});

describe('poissonInterval', () => {
  it.each([3, 20, 150])('covers a Poisson mean of %i in at least 90 percent of samples', (mean) => {
    const rng = createRng(mean);
    let covered = 0;
    for (let i = 0; i < 2000; i++) {
      const [low, high] = poissonInterval(poisson(rng, mean));
      if (mean >= low && mean <= high) covered++;
    }
    expect(covered / 2000).toBeGreaterThan(0.93);
  });
});

/**
 * A field of view over a well-mixed sample: cells placed as a Poisson process in a strip around the
 * field, some still, some swimming through it. Counting per frame and the cells' times in view
 * give the concentration interval, which must hold the true density.
 */
function countField(rng: Rng, density: number, frames: number, swimmingShare: number) {
  const field = 100;
  const margin = 400;
  const area = (field + 2 * margin) ** 2;
  const cells = poisson(rng, density * area);
  const counts = new Array<number>(frames).fill(0);
  const inView: number[] = [];
  for (let c = 0; c < cells; c++) {
    let x = rng.range(-margin, field + margin);
    let y = rng.range(-margin, field + margin);
    const swims = rng.next() < swimmingShare;
    const speed = swims ? rng.range(1, 6) : 0;
    const heading = rng.range(0, 2 * Math.PI);
    let seen = 0;
    for (let f = 0; f < frames; f++) {
      if (x >= 0 && x < field && y >= 0 && y < field) {
        counts[f] = (counts[f] ?? 0) + 1;
        seen++;
      }
      x += speed * Math.cos(heading);
      y += speed * Math.sin(heading);
    }
    if (seen > 0) inView.push(seen);
  }
  const cellFrames = counts.reduce((a, b) => a + b, 0);
  const n = effectiveCellCount(cellFrames, frames, inView);
  const mean = cellFrames / frames;
  const [low, high] = poissonInterval(n);
  const perCell = n > 0 ? mean / n : 0;
  return { truth: density * field * field, low: low * perCell, high: high * perCell, n };
}

describe('concentration interval from correlated frames', () => {
  it.each([0, 0.5, 1])(
    'holds the true density in at least 90 percent of fields (swimming share %s)',
    (share) => {
      const rng = createRng(Math.round(share * 10) + 1);
      let covered = 0;
      const trials = 300;
      for (let i = 0; i < trials; i++) {
        const r = countField(rng, 0.004, 60, share);
        if (r.truth >= r.low && r.truth <= r.high) covered++;
      }
      expect(covered / trials).toBeGreaterThan(0.9);
    },
  );

  it('counts a still field as its cells in view, and more cells when they swim through', () => {
    expect(effectiveCellCount(40 * 100, 100, new Array<number>(40).fill(100))).toBeCloseTo(40);
    expect(effectiveCellCount(40 * 100, 100, new Array<number>(400).fill(10))).toBeCloseTo(400);
    // No tracks: the cautious assumption that each cell stayed all along.
    expect(effectiveCellCount(40 * 100, 100, [])).toBeCloseTo(40);
  });
});
