import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.js';
import { augmentSample, NO_AUGMENT } from './augment.js';
import { decodePeaks, encodeTargetsInto, standardiseInto } from './encode.js';
import { f1Score, matchCentres } from './metrics.js';

describe('encodeTargetsInto and decodePeaks', () => {
  it('put a unit peak at each head and read the heads back at their centres', () => {
    const gw = 8;
    const gh = 8;
    const boxes = [
      { x1: 6, y1: 8, x2: 14, y2: 12 },
      { x1: 20, y1: 20, x2: 26, y2: 30 },
    ];
    const target = new Float32Array(gw * gh * 3);
    const mask = new Float32Array(gw * gh);
    encodeTargetsInto(boxes, gw, gh, target, mask, 0);
    expect(Math.max(...target.filter((_, i) => i % 3 === 0))).toBeCloseTo(1, 1);
    expect(mask.reduce((a, b) => a + b, 0)).toBe(2);
    const heads = decodePeaks(target, gw, gh, 0.5, 32, 32);
    expect(heads).toHaveLength(2);
    const sorted = heads.slice().sort((a, b) => a.x - b.x);
    expect(sorted[0]?.x).toBeCloseTo(10, 0);
    expect(sorted[0]?.y).toBeCloseTo(10, 0);
    expect((sorted[0]?.x2 ?? 0) - (sorted[0]?.x1 ?? 0)).toBeCloseTo(8, 3);
    expect((sorted[1]?.y2 ?? 0) - (sorted[1]?.y1 ?? 0)).toBeCloseTo(10, 3);
  });

  it('reads centres between cell centres back to a hundredth of a pixel, unbiased', () => {
    const gw = 16;
    const gh = 16;
    for (const [cx, cy] of [
      [20.3, 31.9],
      [33.6, 18.2],
      [41.99, 42.01],
      [26, 26],
    ] as const) {
      const target = new Float32Array(gw * gh * 3);
      const box = { x1: cx - 4, y1: cy - 3, x2: cx + 4, y2: cy + 3 };
      encodeTargetsInto([box], gw, gh, target, new Float32Array(gw * gh), 0);
      const [head, ...rest] = decodePeaks(target, gw, gh, 0.5, 64, 64);
      expect(rest).toEqual([]);
      expect(head?.x).toBeCloseTo(cx, 2);
      expect(head?.y).toBeCloseTo(cy, 2);
    }
  });

  it('at stride 2 reads back two heads 5 px apart that stride 4 merges', () => {
    const boxes = [
      { x1: 16, y1: 16, x2: 26, y2: 26 },
      { x1: 20.8, y1: 16, x2: 30.8, y2: 26 },
    ];
    const headsAt = (stride: number) => {
      const gw = 48 / stride;
      const target = new Float32Array(gw * gw * 3);
      encodeTargetsInto(boxes, gw, gw, target, new Float32Array(gw * gw), 0, stride);
      return decodePeaks(target, gw, gw, 0.5, 48, 48, 'interleaved', stride);
    };
    const fine = headsAt(2).sort((a, b) => a.x - b.x);
    expect(fine.map((h) => [h.x, h.y])).toEqual([
      [expect.closeTo(21, 0), expect.closeTo(21, 0)],
      [expect.closeTo(25.8, 0), expect.closeTo(21, 0)],
    ]);
    expect((fine[0]?.x2 ?? 0) - (fine[0]?.x1 ?? 0)).toBeCloseTo(10, 3);
    expect(headsAt(4)).toHaveLength(1);
  });

  it('finds no head below the threshold', () => {
    const output = new Float32Array(4 * 4 * 3).fill(0.2);
    expect(decodePeaks(output, 4, 4, 0.3, 16, 16)).toEqual([]);
  });
});

describe('matchCentres and f1Score', () => {
  it('counts one match per true head within the radius', () => {
    const truth = [{ x1: 0, y1: 0, x2: 10, y2: 10 }];
    const c = matchCentres(
      [
        { x: 6, y: 5, confidence: 0.9 },
        { x: 5, y: 5, confidence: 0.5 },
        { x: 30, y: 30, confidence: 0.8 },
      ],
      truth,
      3,
    );
    expect(c).toEqual({ truePositives: 1, falsePositives: 2, falseNegatives: 0 });
    expect(f1Score(c)).toBeCloseTo(0.5);
  });
});

describe('augmentSample', () => {
  it('moves the boxes with the pixels under flips and turns', () => {
    const width = 16;
    const data = new Uint8Array(width * width);
    data[3 * width + 12] = 255; // pixel (12, 3)
    const sample = {
      frame: { width, height: width, data },
      boxes: [{ x1: 11, y1: 2, x2: 14, y2: 5 }],
    };
    const geometric = {
      flips: true,
      rotations: true,
      brightness: 0,
      contrast: 0,
      blurChance: 0,
      noiseSigma: 0,
    };
    const random = seededRandom(5);
    for (let i = 0; i < 20; i += 1) {
      const out = augmentSample(sample, geometric, random);
      const at = out.image.indexOf(255);
      const x = (at % out.width) + 0.5;
      const y = Math.floor(at / out.width) + 0.5;
      const box = out.boxes[0];
      expect(box).toBeDefined();
      expect(x).toBeCloseTo(((box?.x1 ?? 0) + (box?.x2 ?? 0)) / 2, 6);
      expect(y).toBeCloseTo(((box?.y1 ?? 0) + (box?.y2 ?? 0)) / 2, 6);
    }
  });
});

describe('augmentSample field stop and jitter', () => {
  // A bright 32x32 frame with a head in each corner and one in the middle.
  const sample = {
    frame: { width: 32, height: 32, data: new Uint8Array(32 * 32).fill(200) },
    boxes: [2, 30].flatMap((x) =>
      [2, 30].map((y) => ({ x1: x - 1, y1: y - 1, x2: x + 1, y2: y + 1 })),
    ),
  };
  const middle = { x1: 15, y1: 15, x2: 17, y2: 17 };

  it('darkens a part of the frame and drops the heads there, never the middle', () => {
    const random = seededRandom(3);
    let darkened = 0;
    for (let i = 0; i < 20; i += 1) {
      const out = augmentSample(
        { ...sample, boxes: [...sample.boxes, middle] },
        { ...NO_AUGMENT, fieldStopChance: 1 },
        random,
      );
      const dark = out.image.filter((v) => v < 100).length;
      expect(dark).toBeGreaterThan(0);
      expect(dark).toBeLessThan(out.image.length / 2);
      expect(out.boxes).toContainEqual(middle);
      if (out.boxes.length < 5) darkened += 1;
      expect(out.gain).toBeUndefined();
    }
    expect(darkened).toBeGreaterThan(0);
  });

  it('jitters the standardised values within the range asked for', () => {
    const random = seededRandom(4);
    for (let i = 0; i < 20; i += 1) {
      const out = augmentSample(sample, { ...NO_AUGMENT, standardisedJitter: 0.5 }, random);
      expect(out.boxes).toHaveLength(4);
      expect(out.gain).toBeGreaterThanOrEqual(1 / 1.5);
      expect(out.gain).toBeLessThanOrEqual(1.5);
      expect(Math.abs(out.shift ?? 1)).toBeLessThanOrEqual(0.25);
    }
  });
});

describe('standardiseInto', () => {
  it('subtracts the mean rounded to a grey level (halves to even), as the ONNX graph does', () => {
    const out = new Float32Array(4);
    // Mean 10.5 rounds to 10, the standard deviation is 0.5 and the divisor at least 1.
    standardiseInto([10, 11, 10, 11], 4, 1, out, 0);
    expect(Array.from(out)).toEqual([0, 1, 0, 1]);
    // Mean 11.5 rounds to 12; a spread of 4 divides by 4.
    standardiseInto([7.5, 15.5, 7.5, 15.5], 4, 1, out, 0);
    expect(Array.from(out)).toEqual([-1.125, 0.875, -1.125, 0.875]);
  });
});
