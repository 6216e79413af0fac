import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../settings.js';
import { frameIndex } from '../types.js';
import type { GrayFrame } from '../types.js';
import { ClassicalDetector } from './classical-detector.js';

const W = 320;
const H = 240;

/** A grey field with seeded noise onto which shapes are drawn with 4x4 supersampling. */
function canvas(seed = 1): Float32Array {
  let s = seed;
  const rand = () => (s = (s * 16807) % 2147483647) / 2147483647;
  return Float32Array.from({ length: W * H }, () => 120 + (rand() - 0.5) * 8);
}

/** Adds `amount` inside an ellipse (semi-axes a, b px, angle rad), anti-aliased. */
function ellipse(
  img: Float32Array,
  cx: number,
  cy: number,
  a: number,
  b: number,
  angle: number,
  amount: number,
): void {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  for (let y = Math.floor(cy - a - 2); y <= cy + a + 2; y++) {
    for (let x = Math.floor(cx - a - 2); x <= cx + a + 2; x++) {
      if (x < 0 || y < 0 || x >= W || y >= H) continue;
      let inside = 0;
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const dx = x + (sx + 0.5) / 4 - 0.5 - cx;
          const dy = y + (sy + 0.5) / 4 - 0.5 - cy;
          const u = (dx * c + dy * s) / a;
          const v = (-dx * s + dy * c) / b;
          if (u * u + v * v <= 1) inside++;
        }
      }
      img[y * W + x] = (img[y * W + x] ?? 0) + (amount * inside) / 16;
    }
  }
}

/** A phase-contrast head: bright core in a dark halo, with a thin dark tail behind it. */
function head(img: Float32Array, cx: number, cy: number, angle: number): void {
  ellipse(img, cx, cy, 7, 5, angle, -35);
  ellipse(img, cx, cy, 4.5, 3, angle, 35 + 110);
  for (let t = 7; t < 60; t += 0.5) {
    ellipse(
      img,
      cx - Math.cos(angle) * t,
      cy - Math.sin(angle) * t + Math.sin(t / 6) * 3,
      0.8,
      0.8,
      0,
      -30 / 8,
    );
  }
}

function toFrame(img: Float32Array, invert = false): GrayFrame {
  const data = Uint8Array.from(img, (v) =>
    Math.max(0, Math.min(255, Math.round(invert ? 240 - v : v))),
  );
  return { index: frameIndex(0), width: W, height: H, data };
}

const HEADS: [number, number, number][] = [
  [40.3, 40.7, 0.3],
  [120.5, 60.25, 1.2],
  [200.8, 50.1, 2.5],
  [270.2, 90.6, -0.7],
  [60.6, 150.4, 0],
  [160.1, 170.9, 1.9],
  [250.7, 200.3, 3.0],
];

function drawnField(): Float32Array {
  const img = canvas();
  for (const [x, y, a] of HEADS) head(img, x, y, a);
  // Dark debris dots, a large round cell with a bright rim, and a bright pinhead.
  for (const [x, y] of [
    [100, 120],
    [210, 130],
    [30, 210],
    [300, 20],
  ] as const)
    ellipse(img, x, y, 2.5, 2.5, 0, -70);
  ellipse(img, 120, 210, 11, 11, 0, 110);
  ellipse(img, 120, 210, 8, 8, 0, -60);
  ellipse(img, 290, 150, 1, 1, 0, 120);
  return img;
}

describe('ClassicalDetector on drawn frames', () => {
  const settings = resolveSettings({ umPerPixel: 0.5 });

  it('finds every head once, with sub-pixel centroids, and no debris, tail or round cell', () => {
    const found = new ClassicalDetector(settings).detect(toFrame(drawnField()));
    const heads = found.filter((d) => d.className === 'sperm');
    expect(heads).toHaveLength(HEADS.length);
    for (const [x, y] of HEADS) {
      const nearest = Math.min(...heads.map((d) => Math.hypot(d.x - x, d.y - y)));
      expect(nearest).toBeLessThan(0.35);
    }
    // Nothing that stands for a cell lies on the debris or the round cell.
    const counted = found.filter((d) => d.cellCount > 0);
    expect(counted.every((d) => HEADS.some(([x, y]) => Math.hypot(d.x - x, d.y - y) < 3))).toBe(
      true,
    );
  });

  it('measures a head of 4.5 x 3 µm within half a micrometre', () => {
    const img = canvas();
    head(img, 100.4, 100.6, 0.6);
    const [d] = new ClassicalDetector(settings)
      .detect(toFrame(img))
      .filter((x) => x.className === 'sperm');
    expect(d?.morphometry.length_um).toBeGreaterThan(4);
    expect(d?.morphometry.length_um).toBeLessThan(5.5);
    expect(d?.morphometry.width_um).toBeGreaterThan(2.5);
    expect(d?.morphometry.width_um).toBeLessThan(4);
    expect(d?.confidence).toBeGreaterThan(0.5);
  });

  it('splits a clump of heads into separate detections adding up to its cells, and labels a tiny dot as a pinhead', () => {
    const img = canvas();
    // Five single heads give the typical head area the clump is divided by.
    for (let i = 0; i < 5; i++) ellipse(img, 30 + 60 * i, 30, 4.5, 3, 0.4 * i, 150);
    for (const [dx, dy] of [
      [0, 0],
      [8, 1],
      [16, 0],
      [4, 6],
      [12, 7],
      [20, 6],
    ] as const)
      ellipse(img, 100 + dx, 120 + dy, 4.5, 3, 0.1 * dx, 150);
    ellipse(img, 250, 200, 1, 1, 0, 150);
    const found = new ClassicalDetector(settings).detect(toFrame(img));
    // Six heads lying on one another: several detections (trackers see separate cells) whose
    // counts add up to about six.
    const inClump = found.filter((d) => d.x > 90 && d.x < 130 && d.y > 110 && d.y < 135);
    const cells = inClump.reduce((sum, d) => sum + d.cellCount, 0);
    expect(inClump.length).toBeGreaterThanOrEqual(4);
    expect(cells).toBeGreaterThanOrEqual(5);
    expect(cells).toBeLessThanOrEqual(7);
    expect(found.filter((d) => d.className !== 'small_or_pinhead').length - inClump.length).toBe(5);
    expect(found.filter((d) => d.className === 'small_or_pinhead')).toHaveLength(1);
  });

  it('finds dark heads with the dark polarity and not with the bright one', () => {
    const frame = toFrame(drawnField(), true);
    const dark = new ClassicalDetector(resolveSettings({ polarity: 'dark' })).detect(frame);
    expect(dark.filter((d) => d.className === 'sperm')).toHaveLength(HEADS.length);
    // With the wrong polarity the dark heads are not found (their bright halo is a ring, not a head).
    const bright = new ClassicalDetector(settings).detect(frame);
    const onHeads = bright.filter((d) => HEADS.some(([x, y]) => Math.hypot(d.x - x, d.y - y) < 3));
    expect(onHeads.filter((d) => d.className === 'sperm').length).toBeLessThan(3);
  });

  it('scales its size limits with the calibration', () => {
    // At 0.25 µm/px the same drawing is a quarter of the area in µm²: too small for a head.
    const found = new ClassicalDetector(resolveSettings({ umPerPixel: 0.2 })).detect(
      toFrame(drawnField()),
    );
    const onHeads = found.filter((d) => HEADS.some(([x, y]) => Math.hypot(d.x - x, d.y - y) < 3));
    expect(onHeads.length).toBeGreaterThan(0);
    expect(onHeads.filter((d) => d.className === 'sperm')).toHaveLength(0);
  });
  it('splits two touching heads at their bright cores', () => {
    const img = canvas();
    // Five single heads give the typical head area; the pair is brightest in each head's middle.
    for (let i = 0; i < 5; i++) ellipse(img, 30 + 60 * i, 30, 4.5, 3, 0.4 * i, 150);
    for (const cx of [100, 108.5]) {
      ellipse(img, cx, 120, 4.5, 3, 0, 50);
      ellipse(img, cx, 120, 3.2, 2.1, 0, 50);
      ellipse(img, cx, 120, 1.8, 1.2, 0, 50);
    }
    const found = new ClassicalDetector(settings).detect(toFrame(img));
    const pair = found.filter((d) => d.className === 'sperm' && Math.abs(d.y - 120) < 3);
    expect(pair).toHaveLength(2);
    const xs = pair.map((d) => d.x).sort((a, b) => a - b);
    expect(Math.abs((xs[0] ?? 0) - 100)).toBeLessThan(0.6);
    expect(Math.abs((xs[1] ?? 0) - 108.5)).toBeLessThan(0.6);
  });

  it('gives each head its blob pixels as a mask over its box only when asked', () => {
    const img = canvas();
    head(img, 100.4, 100.6, 0.6);
    const frame = toFrame(img);
    expect(new ClassicalDetector(settings).detect(frame)[0]?.mask).toBeUndefined();
    const [d] = new ClassicalDetector(settings, { masks: true })
      .detect(frame)
      .filter((x) => x.className === 'sperm');
    const mask = d?.mask;
    if (d === undefined || mask === undefined) throw new Error('no head with a mask');
    expect([mask.x, mask.y, mask.x + mask.width, mask.y + mask.height]).toEqual([
      d.x1,
      d.y1,
      d.x2,
      d.y2,
    ]);
    const count = mask.data.reduce((sum, v) => sum + v, 0);
    expect(count * 0.5 ** 2).toBeCloseTo(d.morphometry.area_um2, 6);
    const at = (x: number, y: number) => mask.data[(y - mask.y) * mask.width + x - mask.x];
    // The bright core of the head (semi-axes 4.5 x 3 px, angle 0.6) is in the mask.
    const c = Math.cos(0.6);
    const s = Math.sin(0.6);
    for (let y = mask.y; y < mask.y + mask.height; y++) {
      for (let x = mask.x; x < mask.x + mask.width; x++) {
        const u = ((x - 100.4) * c + (y - 100.6) * s) / 3.5;
        const v = (-(x - 100.4) * s + (y - 100.6) * c) / 2;
        if (u * u + v * v <= 1) expect(at(x, y)).toBe(1);
      }
    }
    // Each row and column of the box holds blob pixels (the box is the blob's own).
    for (let y = 0; y < mask.height; y++)
      expect(mask.data.subarray(y * mask.width, (y + 1) * mask.width).some((v) => v === 1)).toBe(
        true,
      );
  });

  it('gives the parts of split heads disjoint masks, each holding its own core', () => {
    const img = canvas();
    for (let i = 0; i < 5; i++) ellipse(img, 30 + 60 * i, 30, 4.5, 3, 0.4 * i, 150);
    for (const cx of [100, 108.5]) {
      ellipse(img, cx, 120, 4.5, 3, 0, 50);
      ellipse(img, cx, 120, 3.2, 2.1, 0, 50);
      ellipse(img, cx, 120, 1.8, 1.2, 0, 50);
    }
    const found = new ClassicalDetector(settings, { masks: true }).detect(toFrame(img));
    const pair = found
      .filter((d) => d.className === 'sperm' && Math.abs(d.y - 120) < 3)
      .sort((a, b) => a.x - b.x);
    expect(pair).toHaveLength(2);
    const covered = new Map<number, number>();
    pair.forEach((d, k) => {
      const mask = d.mask;
      if (mask === undefined) throw new Error('no mask');
      let count = 0;
      for (let i = 0; i < mask.data.length; i++) {
        if (mask.data[i] !== 1) continue;
        count += 1;
        const p = (mask.y + Math.floor(i / mask.width)) * W + mask.x + (i % mask.width);
        expect(covered.has(p)).toBe(false);
        covered.set(p, k);
      }
      expect(count * 0.5 ** 2).toBeCloseTo(d.morphometry.area_um2, 6);
    });
    expect(covered.get(120 * W + 100)).toBe(0);
    expect(covered.get(120 * W + 108)).toBe(1);
  });
});
