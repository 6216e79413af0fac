import { describe, expect, it } from 'vitest';
import { DEFAULT_ARCHITECTURE, DENSE_SAMPLE_ARCHITECTURE } from '../detector/model.js';
import { HEAD_BOX_PX, markedSample, parseRealCropsOptions, splitPicture } from './real-crops.js';

describe('parseRealCropsOptions', () => {
  it('takes the product network by default and the flags given', () => {
    const defaults = parseRealCropsOptions(['--real-crops']);
    expect(defaults.channels).toEqual(DEFAULT_ARCHITECTURE.channels);
    expect(defaults.stride).toBe(4);
    const o = parseRealCropsOptions([
      '--real-crops',
      '--real-dir',
      '/data',
      '--epochs',
      '7',
      '--channels',
      '8,16,16',
      '--stride',
      '2',
      '--field-stop',
      '0',
    ]);
    expect(o).toMatchObject({ dir: '/data', epochs: 7, channels: [8, 16, 16], stride: 2 });
    expect(o.fieldStopChance).toBe(0);
  });

  it('takes the dense-sample network with --dense, each part changeable by its flag', () => {
    expect(parseRealCropsOptions(['--real-crops', '--dense'])).toMatchObject({
      channels: DENSE_SAMPLE_ARCHITECTURE.channels,
      stride: 2,
      context: DENSE_SAMPLE_ARCHITECTURE.context,
      normalisation: 'local',
    });
    expect(
      parseRealCropsOptions(['--dense', '--context', '0', '--normalise', 'frame']),
    ).toMatchObject({ context: [], normalisation: 'frame' });
    expect(() => parseRealCropsOptions(['--normalise', 'global'])).toThrow(/--normalise/);
  });

  it('refuses a stride the network cannot have and bad channels', () => {
    expect(() => parseRealCropsOptions(['--stride', '3'])).toThrow(/--stride/);
    expect(() => parseRealCropsOptions(['--channels', '8,x'])).toThrow(/--channels/);
  });
});

describe('splitPicture', () => {
  it('tiles the part right of the held-out strip and scores the strip in the whole picture', () => {
    const frame = { width: 512, height: 512, data: new Uint8Array(512 * 512) };
    const sample = markedSample(frame, [
      { x: 20, y: 20 },
      { x: 300, y: 300 },
    ]);
    expect(sample.boxes[0]).toEqual({
      x1: 20 - HEAD_BOX_PX / 2,
      y1: 20 - HEAD_BOX_PX / 2,
      x2: 20 + HEAD_BOX_PX / 2,
      y2: 20 + HEAD_BOX_PX / 2,
    });
    const { training, validation } = splitPicture(sample, 128);
    // 384 x 512 to the right of the strip, 128-pixel tiles 32 apart: 9 x 13.
    expect(training).toHaveLength(9 * 13);
    expect(training.every((t) => t.frame.width === 128 && t.frame.height === 128)).toBe(true);
    // The head at x 20 lies in the strip: no training tile has it.
    expect(training.flatMap((t) => t.boxes).length).toBeGreaterThan(0);
    expect(validation.frame.data).toBe(frame.data);
    expect(validation.scoredRegion).toEqual({ x1: 0, y1: 0, x2: 128, y2: 512 });
  });
});
