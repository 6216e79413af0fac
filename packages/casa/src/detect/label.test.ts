import { describe, expect, it } from 'vitest';
import type { SubtractedFrame } from './background.js';
import { BlobLabeller } from './label.js';

/** A subtracted frame of the given signal, every pixel at or above `floor` a candidate. */
function subtracted(signal: Int16Array, floor: number): SubtractedFrame {
  const candidates = Int32Array.from(signal.keys()).filter((p) => (signal[p] ?? 0) >= floor);
  return {
    signal,
    candidates,
    candidateCount: candidates.length,
    signalAt: (p) => signal[p] ?? 0,
    sampleHistogram: () => undefined,
  };
}

describe('BlobLabeller', () => {
  const [width, height] = [10, 8];
  const at = (x: number, y: number) => y * width + x;

  it('measures each blob, counts its boundary, labels its pixels and leaves the signal as it was', () => {
    const signal = new Int16Array(width * height).fill(-32768);
    for (let y = 2; y <= 4; y++) for (let x = 2; x <= 4; x++) signal[at(x, y)] = 50;
    signal[at(3, 3)] = 70;
    // A blob on the frame's edge, and one that never reaches the high threshold.
    signal[at(0, 0)] = 60;
    signal[at(1, 0)] = 30;
    signal[at(8, 6)] = 25;
    signal[at(7, 6)] = 5;
    const before = signal.slice();
    const labeller = new BlobLabeller();
    const blobs = labeller.label(subtracted(signal, 20), width, height, 20, 40);
    expect(signal).toEqual(before);
    expect(blobs.map((b) => [b.area, b.boundary, b.peak, b.minX, b.maxX])).toEqual([
      [2, 2, 60, 0, 1],
      [9, 8, 70, 2, 4],
    ]);
    const square = blobs[1];
    expect(square?.sx).toBe(27);
    for (let y = 2; y <= 4; y++) {
      for (let x = 2; x <= 4; x++) {
        expect(labeller.map.labels[at(x, y)]).toBe(square?.members[0]);
      }
    }
    // Without a pixel at the high threshold a blob is not even filled.
    expect(labeller.map.isLabelled(at(8, 6))).toBe(false);
    expect(labeller.map.isLabelled(at(7, 6))).toBe(false);
  });

  it('fills blobs from the seed threshold: the low one by default when `keep` decides', () => {
    const signal = new Int16Array(width * height).fill(-32768);
    signal[at(8, 6)] = 25;
    signal[at(7, 6)] = 22;
    signal[at(2, 2)] = 35;
    signal[at(3, 2)] = 30;
    const frame = subtracted(signal, 20);
    const keepAll = () => true;
    const peaks = (seedAt?: number) =>
      new BlobLabeller().label(frame, width, height, 20, 40, keepAll, seedAt).map((b) => b.peak);
    expect(peaks()).toEqual([35, 25]);
    // A caller whose `keep` passes no peak under 30 says so, and the dimmer blob is never filled.
    expect(peaks(30)).toEqual([35]);
    expect(new BlobLabeller().label(frame, width, height, 20, 40).length).toBe(0);
  });

  it('counts a pixel beside a hole in its blob as boundary', () => {
    const signal = new Int16Array(width * height).fill(0);
    for (let y = 1; y <= 5; y++) for (let x = 1; x <= 5; x++) signal[at(x, y)] = 50;
    signal[at(3, 3)] = 10;
    const blobs = new BlobLabeller().label(subtracted(signal, 20), width, height, 20, 40);
    // 16 pixels on the outer edge and the 4 around the hole.
    expect(blobs.map((b) => [b.area, b.boundary])).toEqual([[24, 20]]);
  });
});
