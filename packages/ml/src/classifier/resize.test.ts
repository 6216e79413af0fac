import { describe, expect, it } from 'vitest';
import { resizeBilinear } from './resize.js';

describe('resizeBilinear', () => {
  it('keeps a plane of the same size unchanged', () => {
    const data = Float32Array.from({ length: 12 }, (_, i) => i * 3);
    expect([...resizeBilinear({ width: 4, height: 3, data }, 4, 3)]).toEqual([...data]);
  });

  it('averages each 2x2 block when halving both sides', () => {
    const data = Uint8Array.from([
      0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150,
    ]);
    const out = resizeBilinear({ width: 4, height: 4, data }, 2, 2);
    expect([...out]).toEqual([25, 45, 105, 125]);
  });

  it('interpolates between pixel centres and repeats the edges when enlarging', () => {
    const out = resizeBilinear({ width: 2, height: 1, data: [0, 100] }, 4, 1);
    // Output centres fall at source x = -0.25, 0.25, 0.75, 1.25 (clamped to 0 and 1).
    expect([...out]).toEqual([0, 25, 75, 100]);
  });

  it('keeps a constant plane constant at any size', () => {
    const out = resizeBilinear({ width: 7, height: 5, data: new Uint8Array(35).fill(42) }, 48, 48);
    expect(out.every((v) => Math.abs(v - 42) < 1e-4)).toBe(true);
  });

  it('reproduces a linear ramp inside the plane', () => {
    const data = Float32Array.from(
      { length: 10 * 10 },
      (_, i) => (i % 10) * 2 + Math.floor(i / 10),
    );
    const out = resizeBilinear({ width: 10, height: 10, data }, 20, 20);
    // Output pixel (x, y) sits at source ((x + 0.5) / 2 - 0.5, (y + 0.5) / 2 - 0.5).
    for (const [x, y] of [
      [3, 5],
      [10, 10],
      [17, 2],
    ] as const) {
      const expected = ((x + 0.5) / 2 - 0.5) * 2 + ((y + 0.5) / 2 - 0.5);
      expect(out[y * 20 + x]).toBeCloseTo(expected, 4);
    }
  });

  it('rejects data that does not fit the size', () => {
    expect(() => resizeBilinear({ width: 3, height: 3, data: [1, 2] }, 4, 4)).toThrow(RangeError);
  });
});
