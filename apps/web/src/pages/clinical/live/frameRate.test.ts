import { describe, expect, it } from 'vitest';
import { createFrameRateMeter, isBelowProfileRate } from './frameRate';

describe('measured camera frame rate', () => {
  it('measures the rate over the last seconds only', () => {
    const meter = createFrameRateMeter(2);
    expect(meter.rate()).toBeNull();
    // Two seconds at 60 fps, then three at 25 fps: the window sees only the last rate.
    let t = 0;
    for (let i = 0; i < 120; i++) meter.add((t += 1000 / 60));
    expect(meter.rate()).toBeCloseTo(60, 0);
    for (let i = 0; i < 75; i++) meter.add((t += 40));
    expect(meter.rate()).toBeCloseTo(25, 1);
  });

  it('names a camera slower than the profile, within a small tolerance', () => {
    expect(isBelowProfileRate(30, 50)).toBe(true);
    expect(isBelowProfileRate(49, 50)).toBe(false);
    expect(isBelowProfileRate(null, 50)).toBe(false);
    expect(isBelowProfileRate(30, null)).toBe(false);
  });
});
