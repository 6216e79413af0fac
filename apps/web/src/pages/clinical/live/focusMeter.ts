/**
 * Focus and illumination of a preview frame, from its grey pixels alone: how sharp it is (the
 * variance of the Laplacian: edges of in-focus heads give large second derivatives, blur flattens
 * them) and how much of it is clipped to black or white.
 */

/** What the meter says about a frame. */
export type FocusVerdict = 'ok' | 'out_of_focus' | 'too_dark' | 'overexposed';

export interface FocusReading {
  /** Variance of the 4-neighbour Laplacian, grey levels squared. */
  readonly sharpness: number;
  /** Share of pixels at or below {@link DARK_LEVEL}, 0..1. */
  readonly darkShare: number;
  /** Share of pixels at or above {@link BRIGHT_LEVEL}, 0..1. */
  readonly brightShare: number;
  /** Mean grey level, 0..255. */
  readonly meanLevel: number;
  readonly verdict: FocusVerdict;
}

/** Grey levels counted as clipped to black and to white. */
export const DARK_LEVEL = 5;
export const BRIGHT_LEVEL = 250;

/** Limits of the verdict; tuned on simulated phase-contrast fields blurred and dimmed on purpose. */
export const FOCUS_LIMITS = {
  /** Below this Laplacian variance the heads' edges are gone. */
  minSharpness: 20,
  /** More than this share at white: the camera saturates and heads vanish in the glare. */
  maxBrightShare: 0.05,
  /** A mean level this low, or this share at black, leaves too little signal above the noise. */
  minMeanLevel: 18,
  maxDarkShare: 0.6,
} as const;

/** Variance of the 4-neighbour Laplacian over the frame's interior pixels. */
export function laplacianVariance(data: Uint8Array, width: number, height: number): number {
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let sumSquares = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      const i = row + x;
      const value =
        (data[i - 1] ?? 0) +
        (data[i + 1] ?? 0) +
        (data[i - width] ?? 0) +
        (data[i + width] ?? 0) -
        4 * (data[i] ?? 0);
      sum += value;
      sumSquares += value * value;
      count++;
    }
  }
  const mean = sum / count;
  return sumSquares / count - mean * mean;
}

/** Shares of black-clipped and white-clipped pixels and the mean grey level. */
export function exposureOf(data: Uint8Array): {
  darkShare: number;
  brightShare: number;
  meanLevel: number;
} {
  if (data.length === 0) return { darkShare: 0, brightShare: 0, meanLevel: 0 };
  let dark = 0;
  let bright = 0;
  let sum = 0;
  for (const value of data) {
    sum += value;
    if (value <= DARK_LEVEL) dark++;
    else if (value >= BRIGHT_LEVEL) bright++;
  }
  return {
    darkShare: dark / data.length,
    brightShare: bright / data.length,
    meanLevel: sum / data.length,
  };
}

/** The verdict: exposure first (a saturated or black frame has no focus to judge), then focus. */
export function judgeFocus(reading: Omit<FocusReading, 'verdict'>): FocusVerdict {
  if (reading.brightShare > FOCUS_LIMITS.maxBrightShare) return 'overexposed';
  if (
    reading.meanLevel < FOCUS_LIMITS.minMeanLevel ||
    reading.darkShare > FOCUS_LIMITS.maxDarkShare
  )
    return 'too_dark';
  if (reading.sharpness < FOCUS_LIMITS.minSharpness) return 'out_of_focus';
  return 'ok';
}

/** Reads focus and illumination of one grey frame. */
export function readFocus(data: Uint8Array, width: number, height: number): FocusReading {
  const reading = { sharpness: laplacianVariance(data, width, height), ...exposureOf(data) };
  return { ...reading, verdict: judgeFocus(reading) };
}
