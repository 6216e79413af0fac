import { describe, expect, it } from 'vitest';
import { laplacianVariance, readFocus } from './focusMeter';

const W = 64;
const H = 48;

/** A mid-grey field with sharp bright spots (in-focus heads). */
function sharpField(): Uint8Array {
  const data = new Uint8Array(W * H).fill(90);
  for (let k = 0; k < 12; k++) {
    const cx = 5 + ((k * 13) % (W - 10));
    const cy = 5 + ((k * 7) % (H - 10));
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) data[(cy + dy) * W + cx + dx] = 200;
  }
  return data;
}

/** A 7x7 box blur, as a defocused objective spreads each head. */
function blurred(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -3; dy <= 3; dy++)
        for (let dx = -3; dx <= 3; dx++) {
          const yy = Math.min(H - 1, Math.max(0, y + dy));
          const xx = Math.min(W - 1, Math.max(0, x + dx));
          sum += data[yy * W + xx] ?? 0;
          n++;
        }
      out[y * W + x] = Math.round(sum / n);
    }
  return out;
}

describe('focus and illumination meter', () => {
  it('scores a flat frame zero and sharp heads far above a blurred copy', () => {
    expect(laplacianVariance(new Uint8Array(W * H).fill(80), W, H)).toBe(0);
    const sharp = laplacianVariance(sharpField(), W, H);
    const soft = laplacianVariance(blurred(sharpField()), W, H);
    expect(sharp).toBeGreaterThan(20 * soft);
  });

  it('says ok for sharp heads and out of focus for the blurred field', () => {
    expect(readFocus(sharpField(), W, H).verdict).toBe('ok');
    expect(readFocus(blurred(sharpField()), W, H).verdict).toBe('out_of_focus');
  });

  it('says too dark for a dim frame and overexposed for a saturated one', () => {
    const dim = sharpField().map((v) => Math.round(v / 12));
    expect(readFocus(dim, W, H).verdict).toBe('too_dark');
    const glare = sharpField().map((v, i) => (i % 5 === 0 ? 255 : v));
    const reading = readFocus(glare, W, H);
    expect(reading.brightShare).toBeGreaterThan(0.15);
    expect(reading.verdict).toBe('overexposed');
  });
});
