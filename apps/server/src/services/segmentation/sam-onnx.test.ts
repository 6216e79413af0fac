import { describe, expect, it } from 'vitest';
import {
  missingSamName,
  pixelHash,
  SAM_PIXEL_MEAN,
  SAM_PIXEL_STD,
  samImageTensor,
  samInputSize,
  samMaskFromLogits,
  samPromptTensors,
  samResizedShape,
} from './sam-onnx.js';
import { suggestPointsInMask } from './sam-suggest.js';

describe('samResizedShape', () => {
  it("scales the longest side to S and rounds the other as SAM's ResizeLongestSide", () => {
    expect(samResizedShape(90, 60, 64)).toEqual({ width: 64, height: 43, scale: 64 / 90 });
    expect(samResizedShape(30, 120, 1024)).toEqual({ width: 256, height: 1024, scale: 1024 / 120 });
  });
});

describe('samImageTensor', () => {
  it('normalises each channel with SAM mean and std and pads with zeros, planar', () => {
    // A 4x2 grey crop into S=8: resized 8x4, so rows 4-7 are padding.
    const crop = { width: 4, height: 2, data: new Uint8Array(8).fill(200) };
    const tensor = samImageTensor(crop, 8);
    expect(tensor).toHaveLength(3 * 64);
    for (let c = 0; c < 3; c++) {
      const expected = (200 - (SAM_PIXEL_MEAN[c] ?? 0)) / (SAM_PIXEL_STD[c] ?? 1);
      expect(tensor[c * 64 + 0]).toBeCloseTo(expected, 4);
      expect(tensor[c * 64 + 3 * 8 + 7]).toBeCloseTo(expected, 4);
      expect(tensor[c * 64 + 4 * 8]).toBe(0);
      expect(tensor[c * 64 + 7 * 8 + 7]).toBe(0);
    }
  });
  it('reads interleaved RGB crops channel by channel', () => {
    const crop = {
      width: 1,
      height: 1,
      channels: 3 as const,
      data: Uint8Array.from([255, 0, 128]),
    };
    const tensor = samImageTensor(crop, 4);
    expect(tensor[0]).toBeCloseTo((255 - 123.675) / 58.395, 4);
    expect(tensor[16]).toBeCloseTo((0 - 116.28) / 57.12, 4);
    expect(tensor[32 + 15]).toBeCloseTo((128 - 103.53) / 57.375, 4);
  });
  it('keeps a bright region where it was after resizing', () => {
    const width = 20;
    const height = 10;
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 10; x < width; x++) data[y * width + x] = 255;
    const tensor = samImageTensor({ width, height, data }, 40);
    // Scale 2: crop x 10 starts at resized x 20.
    expect(tensor[5 * 40 + 15] ?? 0).toBeLessThan(0);
    expect(tensor[5 * 40 + 25] ?? 0).toBeGreaterThan(0);
  });
});

describe('samPromptTensors', () => {
  it('scales pixel centres into the resized frame and appends the padding point labelled -1', () => {
    const prompt = samPromptTensors(
      [
        { x: 10, y: 4, label: 1 },
        { x: 0, y: 0, label: 0 },
      ],
      2,
    );
    expect(prompt.count).toBe(3);
    expect([...prompt.coords]).toEqual([21, 9, 1, 1, 0, 0]);
    expect([...prompt.labels]).toEqual([1, 0, -1]);
  });
});

describe('samMaskFromLogits', () => {
  it('takes the mask with the best predicted IoU, positive logits on, confidence clamped', () => {
    const logits = Float32Array.from([1, 1, 1, 1, /* best: */ -1, 2, -3, 0.5]);
    const result = samMaskFromLogits(logits, [1, 2, 2, 2], Float32Array.from([0.4, 1.2]), 2, 2);
    expect(result.index).toBe(1);
    expect([...result.mask]).toEqual([0, 1, 0, 1]);
    expect(result.confidence).toBe(1);
  });
  it('resamples a mask of another size to the crop (nearest)', () => {
    const logits = Float32Array.from([1, -1, -1, -1]);
    const result = samMaskFromLogits(logits, [1, 1, 2, 2], Float32Array.from([-0.2]), 4, 4);
    expect([...result.mask]).toEqual([1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(result.confidence).toBe(0);
  });
});

describe('missingSamName and samInputSize', () => {
  const decoderInputs = [
    'image_embeddings',
    'point_coords',
    'point_labels',
    'mask_input',
    'has_mask_input',
    'orig_im_size',
  ];
  it('names the first missing input, then output', () => {
    expect(missingSamName('encoder', { inputNames: ['pixels'], outputNames: [] })).toBe(
      "The encoder has no input named 'image'",
    );
    expect(
      missingSamName('decoder', { inputNames: decoderInputs, outputNames: ['iou_predictions'] }),
    ).toBe("The decoder has no output named 'masks'");
    expect(
      missingSamName('decoder', {
        inputNames: decoderInputs,
        outputNames: ['masks', 'iou_predictions', 'low_res_masks'],
      }),
    ).toBeNull();
  });
  it('reads S from a fixed square [1,3,S,S] and refuses other shapes', () => {
    expect(samInputSize([1, 3, 1024, 1024])).toBe(1024);
    expect(samInputSize([1, 3, 'h', 'w'])).toBeNull();
    expect(samInputSize([1, 3, 64, 32])).toBeNull();
    expect(samInputSize([1, 1, 64, 64])).toBeNull();
  });
});

describe('pixelHash', () => {
  it('changes with any pixel', () => {
    const a = new Uint8Array(100);
    const b = new Uint8Array(100);
    b[57] = 1;
    expect(pixelHash(a)).not.toBe(pixelHash(b));
    expect(pixelHash(a)).toBe(pixelHash(new Uint8Array(100)));
  });
});

describe('suggestPointsInMask', () => {
  it('puts the first foreground point deep in the mask and background points outside it', () => {
    const width = 40;
    const height = 30;
    const mask = new Uint8Array(width * height);
    for (let y = 10; y < 21; y++) for (let x = 12; x < 29; x++) mask[y * width + x] = 1;
    const { foreground, background } = suggestPointsInMask(mask, width, height, 4);
    expect(foreground).toHaveLength(4);
    expect(foreground[0]?.y).toBe(15);
    expect(Math.abs((foreground[0]?.x ?? 0) - 20)).toBeLessThanOrEqual(3);
    expect(foreground.every((point) => mask[point.y * width + point.x] === 1)).toBe(true);
    expect(new Set(foreground.map((point) => `${point.x},${point.y}`)).size).toBe(4);
    expect(background).toHaveLength(4);
    expect(background.every((point) => point.label === 0)).toBe(true);
    expect(background.every((point) => mask[point.y * width + point.x] === 0)).toBe(true);
  });
});
