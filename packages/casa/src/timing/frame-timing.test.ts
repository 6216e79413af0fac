import { describe, expect, it } from 'vitest';
import { createRng } from '../simulate/random.js';
import {
  constantFrameTimes,
  jitteredFrameTimes,
  stalledFrameTimes,
} from '../simulate/timed-simulation.js';
import { describeFrameTiming } from './frame-timing.js';

describe('describeFrameTiming', () => {
  it('reads evenly spaced frames as constant with nothing dropped', () => {
    const timing = describeFrameTiming(constantFrameTimes(250, 50), 50);
    expect(timing).toMatchObject({ timing: 'constant', dropped_frames: 0, dropped_share: 0 });
    expect(timing.nominal_interval_s).toBeCloseTo(0.02, 9);
    expect(timing.max_gap_s).toBeCloseTo(0.02, 9);
  });

  it('keeps a 30 fps WebM stored in whole milliseconds (33 and 34 ms) constant', () => {
    const times = constantFrameTimes(90, 30).map((t) => Math.round(t * 1000) / 1000);
    const timing = describeFrameTiming(times, 30);
    expect(timing.timing).toBe('constant');
    expect(1 / timing.nominal_interval_s).toBeCloseTo(30, 1);
  });

  it('counts the frames three 200 ms stalls dropped and marks the field over 5 %', () => {
    const times = stalledFrameTimes(250, 50, [50, 120, 190], 10);
    const timing = describeFrameTiming(times, 50);
    expect(timing.timing).toBe('variable');
    expect(timing.dropped_frames).toBe(30);
    expect(timing.dropped_share).toBeCloseTo(30 / 250, 9);
    expect(timing.max_gap_s).toBeCloseTo(0.22, 9);
    expect(timing.dropped_over_limit).toBe(true);
    expect(describeFrameTiming(times, 50, 0.2).dropped_over_limit).toBe(false);
  });

  it('counts a single dropped frame as one, and jitter without gaps as none', () => {
    const one = stalledFrameTimes(100, 25, [40], 1);
    expect(describeFrameTiming(one, 25)).toMatchObject({ dropped_frames: 1, timing: 'variable' });
    const jittered = describeFrameTiming(jitteredFrameTimes(300, 50, 0.3, createRng(3)), 50);
    expect(jittered).toMatchObject({ timing: 'variable', dropped_frames: 0 });
    expect(jittered.dropped_over_limit).toBe(false);
  });

  it('reads too few or non-increasing times as constant at the fallback rate', () => {
    expect(describeFrameTiming([0], 40).nominal_interval_s).toBe(1 / 40);
    expect(describeFrameTiming([0, 0.02, 0.02], 50)).toMatchObject({
      timing: 'constant',
      dropped_frames: 0,
    });
  });
});
