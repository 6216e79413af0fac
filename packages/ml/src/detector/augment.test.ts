import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.js';
import { augmentSample, NO_AUGMENT, unevenLight } from './augment.js';

describe('unevenLight', () => {
  it('falls linearly by the share asked for from corner to corner, keeping the mean', () => {
    const w = 40;
    const h = 30;
    const image = new Float32Array(w * h).fill(100);
    unevenLight(image, w, h, 0.4, Math.PI / 4);
    // Along the diagonal direction the gain runs from 1.2 at the top left to 0.8 at the bottom right.
    expect(image[0]).toBeCloseTo(120, 3);
    expect(image[w * h - 1]).toBeCloseTo(80, 3);
    const mean = image.reduce((s, v) => s + v, 0) / image.length;
    expect(mean).toBeCloseTo(100, 3);
    // Linear: each step along a row changes the value by the same amount.
    const step = (image[1] ?? 0) - (image[0] ?? 0);
    expect((image[2] ?? 0) - (image[1] ?? 0)).toBeCloseTo(step, 4);
    expect(step).toBeLessThan(0);
  });
});

describe('augmentSample uneven light', () => {
  const sample = {
    frame: { width: 32, height: 32, data: new Uint8Array(32 * 32).fill(100) },
    boxes: [{ x1: 10, y1: 10, x2: 14, y2: 14 }],
  };

  it('dims one side of the frame against the other and keeps the heads', () => {
    const random = seededRandom(5);
    let spread = 0;
    for (let i = 0; i < 20; i += 1) {
      const out = augmentSample(sample, { ...NO_AUGMENT, illuminationGradient: 0.5 }, random);
      expect(out.boxes).toEqual(sample.boxes);
      const values = Array.from(out.image);
      const range = Math.max(...values) - Math.min(...values);
      expect(range).toBeLessThanOrEqual(50 + 1e-3);
      spread = Math.max(spread, range);
    }
    expect(spread).toBeGreaterThan(20);
  });

  it('draws nothing when off, so other augmentations stay as they were', () => {
    const options = { ...NO_AUGMENT, brightness: 20, noiseSigma: 5 };
    const a = augmentSample(sample, options, seededRandom(9));
    const b = augmentSample(sample, { ...options, illuminationGradient: 0 }, seededRandom(9));
    expect(b.image).toEqual(a.image);
  });
});
