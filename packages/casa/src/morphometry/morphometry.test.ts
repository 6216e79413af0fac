import { describe, expect, it } from 'vitest';
import type { BlobMoments } from './morphometry.js';
import { computeMorphometry, medianMorphometry } from './morphometry.js';

/** Moments of the pixels of a filled axis-aligned ellipse. */
function ellipseMoments(a: number, b: number): BlobMoments {
  const m = { area: 0, boundary: 0, sx: 0, sy: 0, sxx: 0, syy: 0, sxy: 0 };
  const inside = (x: number, y: number) => (x / a) ** 2 + (y / b) ** 2 <= 1;
  for (let y = -b - 1; y <= b + 1; y++) {
    for (let x = -a - 1; x <= a + 1; x++) {
      if (!inside(x, y)) continue;
      m.area++;
      m.sx += x;
      m.sy += y;
      m.sxx += x * x;
      m.syy += y * y;
      m.sxy += x * y;
      if (!inside(x + 1, y) || !inside(x - 1, y) || !inside(x, y + 1) || !inside(x, y - 1))
        m.boundary++;
    }
  }
  return m;
}

describe('computeMorphometry', () => {
  it('recovers the axes, area and ellipticity of a 20 x 12 px ellipse at 0.25 µm/px', () => {
    const m = computeMorphometry(ellipseMoments(10, 6), 0.25);
    expect(m.length_um).toBeCloseTo(5, 0);
    expect(m.width_um).toBeCloseTo(3, 0);
    expect(m.area_um2).toBeCloseTo(Math.PI * 2.5 * 1.5, 0);
    expect(m.ellipticity).toBeGreaterThan(1.5);
    expect(m.ellipticity).toBeLessThan(1.8);
    // A pixel-chain boundary under-counts the true perimeter (about 12.9 µm) by up to a quarter.
    expect(m.perimeter_um).toBeGreaterThan(9);
    expect(m.perimeter_um).toBeLessThan(14);
  });

  it('takes the median of each field over several views', () => {
    const view = (v: number) => ({
      area_um2: v,
      length_um: v,
      width_um: v,
      ellipticity: v,
      perimeter_um: v,
    });
    expect(medianMorphometry([view(1), view(9), view(3)]).length_um).toBe(3);
  });
});
