import type { Detection } from '../detect/types.js';

/**
 * Area of a human sperm head, µm² (about 4-5 x 2.5-3.5 µm; see the reference notes on CASA). A
 * detected head looks larger under phase contrast (its halo) or out of focus, smaller as a dark
 * bright-field blob, so the check below allows a wide margin around it.
 */
export const EXPECTED_HEAD_AREA_UM2: readonly [number, number] = [8, 12];
/**
 * Margins around {@link EXPECTED_HEAD_AREA_UM2} within which the measured typical head area passes:
 * below LOW x the smallest or above HIGH x the largest, the calibration looks wrong. Measured:
 * simulated video at 0.3-1.0 µm/px gives 6-10.3 µm² (bright-field dark heads are the smallest),
 * the real phase-contrast recording at 0.5 µm/px 28 µm² (halos); settings 3x or 1/3 the true
 * scale give 42-85 µm² and 1-3.2 µm².
 */
const LOW_FACTOR = 0.5;
const HIGH_FACTOR = 3;
/** Fewer detections than this over the recording tell nothing about the scale: no check. */
export const MIN_HEADS_FOR_CHECK = 30;

/** Log-spaced area bins, µm²: BINS_PER_DECADE per decade from MIN_AREA_UM2 to MAX_AREA_UM2. */
const MIN_AREA_UM2 = 0.01;
const MAX_AREA_UM2 = 10_000;
const BINS_PER_DECADE = 40;
const BINS = Math.round(Math.log10(MAX_AREA_UM2 / MIN_AREA_UM2) * BINS_PER_DECADE);

/** What the calibration check found wrong: heads far smaller or far larger than a head should be. */
export type CalibrationWarningCode = 'heads_too_small' | 'heads_too_large';

/** A warning on the analysis that the µm-per-pixel calibration looks wrong for this recording. */
export interface CalibrationWarning {
  readonly code: CalibrationWarningCode;
  /** Typical area of a detected object at the settings' calibration, µm². */
  readonly measured_head_area_um2: number;
  /** Areas that pass the check, µm² (the expected head area with its margins). */
  readonly expected_range_um2: readonly [number, number];
  /** The calibration the analysis used, µm per pixel. */
  readonly um_per_pixel: number;
  /** The calibration that would make the typical head its expected size, µm per pixel. */
  readonly suggested_um_per_pixel: number;
  /** A sentence for logs and the API; screens show their own translated text. */
  readonly message: string;
}

/**
 * Follows the size of everything the detector reports over a recording (heads, clusters and
 * pinheads alike, since a wrong scale moves heads into the other classes) in a log-spaced
 * histogram weighted by area, so memory stays constant. Its area-weighted median is the typical
 * head area: pinheads and specks are small and weigh little, so heads dominate it.
 */
export class HeadSizeMeter {
  private readonly weights = new Float64Array(BINS);
  private objects = 0;

  /** Adds one frame's detections. */
  add(detections: readonly Detection[]): void {
    for (const d of detections) {
      const area = d.morphometry.area_um2;
      if (!(area > 0)) continue;
      const bin = Math.floor(Math.log10(area / MIN_AREA_UM2) * BINS_PER_DECADE);
      const i = Math.min(BINS - 1, Math.max(0, bin));
      this.weights[i] = (this.weights[i] ?? 0) + area;
      this.objects++;
    }
  }

  /** Objects measured so far. */
  get count(): number {
    return this.objects;
  }

  /** Area-weighted median area, µm² (the centre of its bin); null before anything was measured. */
  typicalAreaUm2(): number | null {
    const total = this.weights.reduce((s, w) => s + w, 0);
    if (total <= 0) return null;
    let sum = 0;
    for (let i = 0; i < BINS; i++) {
      sum += this.weights[i] ?? 0;
      if (sum >= total / 2) return MIN_AREA_UM2 * 10 ** ((i + 0.5) / BINS_PER_DECADE);
    }
    return null;
  }
}

/**
 * Compares the typical detected head area with a head's expected area: far outside it, the
 * µm-per-pixel calibration (or the optics it describes) is likely wrong, and counts, sizes and
 * speeds with it. Null when the area passes or too few objects were measured to tell.
 */
export function checkCalibration(
  meter: HeadSizeMeter,
  umPerPixel: number,
): CalibrationWarning | null {
  const measured = meter.typicalAreaUm2();
  if (measured === null || meter.count < MIN_HEADS_FOR_CHECK) return null;
  const [expectedLow, expectedHigh] = EXPECTED_HEAD_AREA_UM2;
  const range: readonly [number, number] = [LOW_FACTOR * expectedLow, HIGH_FACTOR * expectedHigh];
  const small = measured < range[0];
  if (!small && measured <= range[1]) return null;
  // Areas scale with the square of the calibration.
  const middle = Math.sqrt(expectedLow * expectedHigh);
  const suggested = umPerPixel * Math.sqrt(middle / measured);
  const area = round(measured, 1);
  const message = small
    ? `Detected heads measure about ${area} µm², far smaller than a sperm head (${expectedLow}-${expectedHigh} µm²): ` +
      `check the calibration (${umPerPixel} µm/px set; about ${round(suggested, 2)} µm/px would fit).`
    : `Detected heads measure about ${area} µm², far larger than a sperm head (${expectedLow}-${expectedHigh} µm²): ` +
      `check the calibration (${umPerPixel} µm/px set; about ${round(suggested, 2)} µm/px would fit).`;
  return {
    code: small ? 'heads_too_small' : 'heads_too_large',
    measured_head_area_um2: area,
    expected_range_um2: range,
    um_per_pixel: umPerPixel,
    suggested_um_per_pixel: round(suggested, 3),
    message,
  };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
