import { describe, expect, it } from 'vitest';
import { DEFAULT_ARCHITECTURE } from '../detector/model.js';
import { DEFAULT_BENCH_OPTIONS, parseBenchOptions } from './options.js';

describe('detector benchmark options', () => {
  it('answers the defaults without flags, the default network and no model file', () => {
    expect(parseBenchOptions([])).toEqual(DEFAULT_BENCH_OPTIONS);
    expect(parseBenchOptions([]).channels).toEqual(DEFAULT_ARCHITECTURE.channels);
    expect(parseBenchOptions([]).saveModel).toBeNull();
  });

  it('reads the network, the model file and numbers, later flags over --quick', () => {
    const o = parseBenchOptions([
      '--quick',
      '--channels',
      '4,4,8',
      '--save-model',
      'm.zip',
      '--epochs',
      '9',
    ]);
    expect(o.channels).toEqual([4, 4, 8]);
    expect(o.saveModel).toBe('m.zip');
    expect(o.epochs).toBe(9);
    expect(o.seedsPerSet).toBe(1);
    expect(o.stride).toBe(4);
    expect(parseBenchOptions(['--quick', '--stride', '2']).stride).toBe(2);
    expect(() => parseBenchOptions(['--stride', '3'])).toThrow(/Bad option --stride/);
  });

  it('refuses channel lists that are not whole counts from 1 to 64', () => {
    for (const bad of ['', '4,,8', '0,4', '4.5', '65', 'a']) {
      expect(() => parseBenchOptions(['--channels', bad])).toThrow(/Bad option --channels/);
    }
    expect(() => parseBenchOptions(['--save-model'])).toThrow(/Bad option --save-model/);
    expect(() => parseBenchOptions(['--epochs', '-1'])).toThrow(/Bad option --epochs/);
  });
});
