import { describe, expect, it } from 'vitest';
import {
  calibrationForm,
  calibrationInput,
  imagePixel,
  markTick,
  measuredScale,
} from './calibrationLogic';

describe('calibration profile form', () => {
  it('turns the typed form into the request body with its defaults', () => {
    const form = { ...calibrationForm(null), name: ' Scope A ', umPerPixel: '0,58' };
    expect(calibrationInput(form)).toEqual({
      ok: true,
      input: {
        name: 'Scope A',
        objective: '',
        um_per_pixel: 0.58,
        frame_rate_fps: null,
        chamber_name: '',
        chamber_depth_um: 20,
      },
    });
  });

  it("answers the contract's messages by field", () => {
    const result = calibrationInput({
      ...calibrationForm(null),
      umPerPixel: '',
      frameRateFps: '5000',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'Profile name is required',
        umPerPixel: 'µm per pixel must be a number',
        frameRateFps: 'Frame rate must be at most 1000',
      },
    });
  });
});

describe('micrometer helper', () => {
  it('maps clicks on a shrunken image to image pixels and measures the scale', () => {
    const shown = { width: 320, height: 240 };
    const natural = { width: 1280, height: 960 };
    const first = imagePixel({ x: 10, y: 20 }, shown, natural);
    const second = imagePixel({ x: 60, y: 20 }, shown, natural);
    expect(first).toEqual({ x: 40, y: 80 });
    const ticks = markTick(markTick([], first), second);
    // 200 image pixels for 100 µm.
    expect(measuredScale(ticks, '100')).toBe(0.5);
    expect(measuredScale(ticks.slice(0, 1), '100')).toBeNull();
    expect(markTick(ticks, { x: 1, y: 1 })).toEqual([{ x: 1, y: 1 }]);
  });
});
