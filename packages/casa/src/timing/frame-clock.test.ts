import { describe, expect, it } from 'vitest';
import { frameIndex, seconds } from '../types.js';
import { FrameClock } from './frame-clock.js';

const frame = (i: number, t?: number) => ({
  index: frameIndex(i),
  ...(t === undefined ? {} : { time: seconds(t) }),
});

describe('FrameClock', () => {
  it('places frames without times at their indices', () => {
    const clock = new FrameClock(50, true);
    expect([0, 1, 2].map((i) => clock.place(frame(i)))).toEqual([0, 1, 2]);
    expect(clock.usesTimestamps).toBe(false);
    expect(Array.from(clock.times(3))).toEqual([0, 0.02, 0.04]);
  });

  it('places timed frames at their times since the first, in nominal frames', () => {
    const clock = new FrameClock(50, true);
    const at = [frame(0, 10), frame(1, 10.03), frame(2, 10.25)].map((f) => clock.place(f));
    expect(at[0]).toBe(0);
    expect(at[1]).toBeCloseTo(1.5, 9);
    expect(at[2]).toBeCloseTo(12.5, 9);
    expect(clock.times(3)[2]).toBeCloseTo(0.25, 9);
  });

  it('ignores the times under an fps override, and mends a missing or repeated time', () => {
    const overridden = new FrameClock(50, false);
    expect(overridden.place(frame(0, 3))).toBe(0);
    expect(overridden.place(frame(1, 3.5))).toBe(1);
    const clock = new FrameClock(50, true);
    clock.place(frame(0, 0));
    expect(clock.place(frame(1))).toBeCloseTo(1, 9);
    expect(clock.place(frame(2, 0.02))).toBeCloseTo(2, 9);
  });
});
