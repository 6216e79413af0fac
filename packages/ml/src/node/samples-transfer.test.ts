import { describe, expect, it } from 'vitest';
import { generateEllipseSamples } from '../synthetic.js';
import { packSamples, unpackSamples } from './samples-transfer.js';

describe('packSamples and unpackSamples', () => {
  it('carry frames of several sizes through one shared buffer and keep the originals', () => {
    const samples = [
      ...generateEllipseSamples({ count: 2, width: 32, height: 24, seed: 1 }),
      ...generateEllipseSamples({ count: 1, width: 40, height: 16, seed: 2 }),
    ];
    const packed = structuredClone(packSamples(samples));
    const unpacked = unpackSamples(packed);

    expect(packed.pixels).toBeInstanceOf(SharedArrayBuffer);
    expect(packed.pixels.byteLength).toBe(2 * 32 * 24 + 40 * 16);
    expect(unpacked).toEqual(samples);
    expect(samples[0]?.frame.data.byteLength).toBe(32 * 24);
  });
});
