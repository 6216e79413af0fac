import { describe, expect, it } from 'vitest';
import { hardLabelSource } from './hard-label.js';
import { parseRealSizeOptions, wantsRealSize } from './real-size.js';

describe('parseRealSizeOptions', () => {
  it('runs the 40-epoch training and the 1,000 and 5,000 frame memory cases by default', () => {
    expect(wantsRealSize(['--quick'])).toBe(false);
    expect(wantsRealSize(['--memory'])).toBe(true);
    expect(parseRealSizeOptions(['--real-size', '--memory'])).toEqual({
      train: true,
      epochs: 40,
      memoryFrames: [1000, 5000],
      memoryBatches: 8,
      memoryEpochs: 2,
    });
    expect(parseRealSizeOptions(['--real-size', '--epochs', '3']).memoryFrames).toEqual([]);
    expect(parseRealSizeOptions(['--memory-frames', '200,400']).memoryFrames).toEqual([200, 400]);
  });

  it('refuses odd or tiny labels and counts that are not whole', () => {
    expect(() => parseRealSizeOptions(['--memory-frames', '1001'])).toThrow(RangeError);
    expect(() => parseRealSizeOptions(['--memory-frames', '10'])).toThrow(RangeError);
    expect(() => parseRealSizeOptions(['--real-size', '--epochs', '2.5'])).toThrow(RangeError);
  });
});

describe('hardLabelSource', () => {
  it('renders each frame when loaded, the same frame each time in a buffer of its own', async () => {
    const source = hardLabelSource(
      [
        { sperm: 12, seed: 5 },
        { sperm: 20, seed: 6 },
      ],
      4,
    );
    expect(source.count).toBe(8);
    const a = await source.load(6);
    const b = await source.load(6);
    expect(a.frame.width * a.frame.height).toBe(a.frame.data.length);
    expect(b.frame.data).toEqual(a.frame.data);
    expect(b.frame.data).not.toBe(a.frame.data);
    expect(a.boxes.length).toBeGreaterThan(5);
    expect((await source.load(0)).frame.data).not.toEqual(a.frame.data);
    await expect(source.load(8)).rejects.toThrow(RangeError);
  });
});
