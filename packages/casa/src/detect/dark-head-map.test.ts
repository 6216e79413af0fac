import { describe, expect, it } from 'vitest';
import type { SubtractedFrame } from './background.js';
import { DarkHeadOpening } from './dark-head-map.js';
import { darkHeadWindows } from './dark-head-windows.js';

const WIDTH = 40;
const HEIGHT = 30;

/**
 * A subtracted frame (head-positive contrast) holding a dark head 9 x 6 px of contrast 40 at
 * (12, 15), whose flagellum runs from it to the right edge as a line 1 px wide of the same
 * contrast; every pixel is a candidate.
 */
function headWithFlagellum(): SubtractedFrame {
  const signal = new Int16Array(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const inHead = ((x - 12) / 4.5) ** 2 + ((y - 15) / 3) ** 2 <= 1;
      const onFlagellum = y === 15 && x > 12;
      signal[y * WIDTH + x] = inHead || onFlagellum ? 40 : 0;
    }
  }
  const candidates = Int32Array.from(signal.keys());
  return {
    signal,
    signalAt: (p) => signal[p] ?? 0,
    sampleHistogram: () => undefined,
    candidates,
    candidateCount: candidates.length,
  };
}

describe('DarkHeadOpening', () => {
  it('keeps a dark head at its contrast and takes its flagellum down to the background', () => {
    const frame = headWithFlagellum();
    const map = new DarkHeadOpening().open(frame, WIDTH, HEIGHT, { box: 1, square: 3 }, 5);
    expect(map.signal[15 * WIDTH + 12]).toBe(40);
    // Along the flagellum, away from the head: nothing reaches the candidate floor.
    for (let x = 20; x < WIDTH; x++) expect(map.signal[15 * WIDTH + x]).toBeLessThan(5);
    const listed = Array.from(map.candidates.subarray(0, map.candidateCount));
    expect(listed).toContain(15 * WIDTH + 12);
    expect(listed.every((p) => p % WIDTH < 18)).toBe(true);
  });

  it('clears the last frame values before writing a new frame', () => {
    const opening = new DarkHeadOpening();
    opening.open(headWithFlagellum(), WIDTH, HEIGHT, { box: 3, square: 3 }, 5);
    const empty: SubtractedFrame = {
      signal: new Int16Array(WIDTH * HEIGHT),
      signalAt: () => 0,
      sampleHistogram: () => undefined,
      candidates: new Int32Array(0),
      candidateCount: 0,
    };
    const map = opening.open(empty, WIDTH, HEIGHT, { box: 3, square: 3 }, 5);
    expect(map.candidateCount).toBe(0);
    expect(Math.max(...map.signal)).toBeLessThan(5);
  });
});

describe('darkHeadWindows', () => {
  it('sizes the box and the square at about 1.5 µm from 0.25 to 1.5 µm per pixel', () => {
    expect(darkHeadWindows(0.25)).toEqual({ box: 7, square: 6 });
    expect(darkHeadWindows(0.5)).toEqual({ box: 3, square: 3 });
    expect(darkHeadWindows(0.8)).toEqual({ box: 3, square: 2 });
    expect(darkHeadWindows(1.5)).toEqual({ box: 1, square: 2 });
  });
});

/** The opening done the plain way: box mean (Math.round), erosion and dilation pixel by pixel. */
function plainOpening(
  contrast: Int16Array,
  width: number,
  height: number,
  box: number,
  side: number,
) {
  const at = (m: ArrayLike<number>, x: number, y: number): number => m[y * width + x]!;
  const half = (box - 1) / 2;
  const mean = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let yy = Math.max(0, y - half); yy <= Math.min(height - 1, y + half); yy++) {
        for (let xx = Math.max(0, x - half); xx <= Math.min(width - 1, x + half); xx++) {
          sum += at(contrast, xx, yy);
          n++;
        }
      }
      mean[y * width + x] = Math.round(sum / n);
    }
  }
  // Erosion: the minimum over the square from each pixel right and down, where it fits.
  const eroded = new Float64Array(width * height).fill(-Infinity);
  for (let y = 0; y + side <= height; y++) {
    for (let x = 0; x + side <= width; x++) {
      let v = Infinity;
      for (let dy = 0; dy < side; dy++)
        for (let dx = 0; dx < side; dx++) v = Math.min(v, at(mean, x + dx, y + dy));
      eroded[y * width + x] = v;
    }
  }
  // Dilation: the maximum over the squares holding each pixel.
  const opened = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = -Infinity;
      for (let dy = 0; dy < side && dy <= y; dy++)
        for (let dx = 0; dx < side && dx <= x; dx++) v = Math.max(v, at(eroded, x - dx, y - dy));
      opened[y * width + x] = v;
    }
  }
  return opened;
}

describe('DarkHeadOpening, against the plain opening', () => {
  it.each([
    [1, 2],
    [3, 2],
    [3, 3],
    [7, 6],
  ])(
    'box %i, square %i: the same map above the floor and the same candidates, in raster order',
    (box, side) => {
      const width = 37;
      const height = 23;
      let state = 12345;
      const random = (): number => {
        state = (state * 1103515245 + 12345) % 2147483648;
        return state / 2147483648;
      };
      const contrast = Int16Array.from({ length: width * height }, () =>
        Math.round(random() * 60 - 20),
      );
      const frame: SubtractedFrame = {
        signal: contrast,
        signalAt: (p) => contrast[p] ?? 0,
        sampleHistogram: () => undefined,
        candidates: new Int32Array(0),
        candidateCount: 0,
      };
      const floor = 8;
      const map = new DarkHeadOpening().open(frame, width, height, { box, square: side }, floor);
      const plain = plainOpening(contrast, width, height, box, side);
      const expected = [...plain.keys()].filter((p) => plain[p]! >= floor);
      expect(expected.length).toBeGreaterThan(0);
      expect(Array.from(map.candidates.subarray(0, map.candidateCount))).toEqual(expected);
      for (const p of expected) expect(map.signal[p]).toBe(plain[p]);
      for (let p = 0; p < plain.length; p++)
        if (plain[p]! < floor) expect(map.signal[p]).toBeLessThan(floor);
    },
  );
});
