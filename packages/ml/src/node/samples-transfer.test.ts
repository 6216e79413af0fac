import { describe, expect, it } from 'vitest';
import { generateMorphologyCrops } from '../classifier/synthetic.js';
import { generateEllipseSamples } from '../synthetic.js';
import {
  packMorphologySamples,
  packSamples,
  unpackMorphologySamples,
  unpackSamples,
} from './samples-transfer.js';

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

describe('packMorphologySamples and unpackMorphologySamples', () => {
  it('carry crops of several sizes, with and without masks, through one shared buffer', () => {
    const masked = generateMorphologyCrops({ count: 3, size: [10, 20], masks: true, seed: 1 });
    const plain = generateMorphologyCrops({ count: 2, size: [12, 14], seed: 2 });
    const samples = [masked[0], plain[0], masked[1], masked[2], plain[1]].flatMap((s) =>
      s === undefined ? [] : [s],
    );
    const packed = structuredClone(packMorphologySamples(samples));
    const unpacked = unpackMorphologySamples(packed);

    const bytes = samples.reduce(
      (n, s) => n + s.crop.data.length + (s.mask === undefined ? 0 : s.mask.length),
      0,
    );
    expect(packed.pixels).toBeInstanceOf(SharedArrayBuffer);
    expect(packed.pixels.byteLength).toBe(bytes);
    expect(unpacked).toEqual(samples);
    expect(unpacked.map((s) => s.mask === undefined)).toEqual([false, true, false, false, true]);
    expect(unpacked[0]?.mask?.buffer).toBe(packed.pixels);
    expect(samples[0]?.crop.data.buffer).not.toBe(packed.pixels);
  });
});
