import { describe, expect, it } from 'vitest';
import { maskIoU } from './mask.js';
import { HELD_OUT_SEEDS, TUNING_SEEDS, onePointPrompt, threePointPrompt } from './prompts.js';
import { segmentFromPoints } from './segment.js';
import { suggestPoints } from './suggest.js';
import { syntheticCrop } from './synthetic-crop.js';

const mean = (values: number[]): number => values.reduce((s, v) => s + v, 0) / values.length;

describe.each([
  ['tuning seeds', TUNING_SEEDS.slice(0, 12)],
  ['held-out seeds', HELD_OUT_SEEDS.slice(0, 12)],
])('segmentFromPoints on synthetic crops (%s)', (_name, seeds) => {
  const crops = seeds.map((s) => syntheticCrop(s));

  it('reaches mean IoU >= 0.8 with the head from one centre point', () => {
    const ious = crops.map((c) =>
      maskIoU(segmentFromPoints(c.image, onePointPrompt(c)).mask, c.headMask),
    );
    expect(mean(ious)).toBeGreaterThanOrEqual(0.8);
  });

  it('reaches mean IoU >= 0.85 from two head points and one background point', () => {
    const ious = crops.map((c) =>
      maskIoU(segmentFromPoints(c.image, threePointPrompt(c)).mask, c.headMask),
    );
    expect(mean(ious)).toBeGreaterThanOrEqual(0.85);
  });

  it('mostly leaves the tail out', () => {
    const fractions = crops.map((c) => {
      const { mask } = segmentFromPoints(c.image, onePointPrompt(c));
      let tail = 0;
      let inMask = 0;
      for (let i = 0; i < mask.length; i++) {
        if (c.tailMask[i] !== 1 || c.headMask[i] === 1) continue;
        tail++;
        if (mask[i] === 1) inMask++;
      }
      return inMask / Math.max(1, tail);
    });
    expect(mean(fractions)).toBeLessThan(0.1);
  });

  it('suggests a head point inside the head and no background point inside it', () => {
    for (const c of crops) {
      const points = suggestPoints(c.image, c.headBox);
      const w = c.image.width;
      const first = points[0];
      expect(first?.label).toBe(1);
      expect(c.headMask[Math.round(first?.y ?? -1) * w + Math.round(first?.x ?? -1)]).toBe(1);
      for (const p of points.filter((q) => q.label === 0)) {
        expect(c.headMask[Math.round(p.y) * w + Math.round(p.x)]).toBe(0);
      }
      expect(points.filter((q) => q.label === 1).length).toBeLessThanOrEqual(5);
    }
  });

  it('places the suggested tail points on the tail', () => {
    let onTail = 0;
    let tailPoints = 0;
    for (const c of crops) {
      const w = c.image.width;
      const tail = suggestPoints(c.image, c.headBox)
        .filter((q) => q.label === 1)
        .slice(1);
      tailPoints += tail.length;
      for (const p of tail) {
        let hit = false;
        for (let dy = -2; dy <= 2; dy++)
          for (let dx = -2; dx <= 2; dx++) hit ||= c.tailMask[(p.y + dy) * w + p.x + dx] === 1;
        if (hit) onTail++;
      }
    }
    // Most crops get their four tail points; those that get them have them on the tail.
    expect(tailPoints).toBeGreaterThan(crops.length * 2.5);
    expect(onTail / tailPoints).toBeGreaterThan(0.85);
  });

  it('is more confident on clean crops than on blurred and noisy ones', () => {
    const clean = crops.map((c) => segmentFromPoints(c.image, onePointPrompt(c)).confidence);
    const hard = seeds
      .map((s) => syntheticCrop(s, { noiseSigma: 22, blurSigma: 2.5 }))
      .map((c) => segmentFromPoints(c.image, onePointPrompt(c)).confidence);
    for (const v of [...clean, ...hard]) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    expect(mean(clean)).toBeGreaterThan(mean(hard) + 0.2);
  });
});

describe('segmentFromPoints basics', () => {
  it('is deterministic, returns 0/1 masks and labels quality from confidence', () => {
    const c = syntheticCrop(42);
    const a = segmentFromPoints(c.image, onePointPrompt(c));
    const b = segmentFromPoints(c.image, onePointPrompt(c));
    expect(Array.from(a.mask)).toEqual(Array.from(b.mask));
    expect(a.mask.every((v) => v === 0 || v === 1)).toBe(true);
    expect(a.quality).toBe(a.confidence > 0.7 ? 'Good' : 'Fair');
  });

  it('segments a dark object with polarity auto and dark', () => {
    const c = syntheticCrop(43);
    const inverted = { ...c.image, data: c.image.data.map((v) => 255 - v) };
    for (const polarity of ['auto', 'dark'] as const) {
      const { mask } = segmentFromPoints(inverted, onePointPrompt(c), { polarity });
      expect(maskIoU(mask, c.headMask)).toBeGreaterThan(0.8);
    }
  });

  it('fills holes and keeps only the seeded component', () => {
    const width = 40;
    const height = 40;
    const data = new Uint8Array(width * height).fill(100);
    for (let y = 10; y < 30; y++) for (let x = 10; x < 30; x++) data[y * width + x] = 200;
    for (let y = 18; y < 21; y++) for (let x = 18; x < 21; x++) data[y * width + x] = 100;
    for (let y = 2; y < 6; y++) for (let x = 32; x < 37; x++) data[y * width + x] = 200;
    const { mask } = segmentFromPoints({ width, height, data }, [{ x: 12, y: 12, label: 1 }]);
    expect(mask[19 * width + 19]).toBe(1);
    expect(mask[3 * width + 34]).toBe(0);
    let area = 0;
    for (const v of mask) area += v;
    expect(area).toBe(400);
  });

  it('rejects a prompt without a foreground point', () => {
    const c = syntheticCrop(1);
    expect(() => segmentFromPoints(c.image, [{ x: 5, y: 5, label: 0 }])).toThrow();
  });

  it('computes IoU', () => {
    expect(maskIoU(new Uint8Array([1, 1, 0, 0]), new Uint8Array([0, 1, 1, 0]))).toBeCloseTo(1 / 3);
    expect(maskIoU(new Uint8Array(3), new Uint8Array(3))).toBe(1);
  });
});
