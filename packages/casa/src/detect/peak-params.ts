/**
 * The peak head finder's scales and thresholds (see peak-heads.ts), shared by its fast path and
 * the straightforward reference it is tested against (peak-reference.ts).
 *
 * The scales are in µm and were set on the first shared real dense crop (0.5 µm/px assumed, dark
 * heads with bright halos); the second crop was held out: see ARCHITECTURE.md, "Dense samples".
 */

/** Radius of the local mean taken as background, µm (8 px at 0.5 µm/px). */
export const BACKGROUND_RADIUS_UM = 4;
/** Radius of the three box means that smooth the contrast, µm (a Gaussian of about 1.2 µm). */
export const SMOOTH_RADIUS_UM = 1;
/** Two peaks closer than this are one head, µm. */
export const PEAK_SEPARATION_UM = 2;
/** A head's pixels lie within this distance of its peak, µm. */
export const HEAD_RADIUS_UM = 3;
/** Step of the finite differences that measure a peak's curvature, µm. */
export const CURVATURE_STEP_UM = 0.5;
/** A peak's contrast must exceed the map's median by this many robust standard deviations. */
export const PEAK_SIGMA = 2.5;
/**
 * And it must stand this many sigmas of the camera noise (after smoothing) above the map's median: in
 * a sparse field the map's spread is that noise, and 2.5 sigmas of it pass thousands of noise peaks.
 */
export const NOISE_SIGMA = 5;
/** Its weaker curvature must exceed this share of the robust standard deviation. */
export const MIN_CURVATURE_SIGMA = 0.15;
/**
 * A peak must also reach this share of the strong peaks' contrast (the STRONG_PEAK_QUANTILE of all
 * peaks above the threshold): faint dots of debris and out-of-focus specks are peaks too. 0.5 rather
 * than 0.3: on a generated dark-halo field (60 heads, hard imaging) precision 0.63 instead of 0.52 at
 * the same recall; on the real crops 0.627 either way on the first, 0.716 against 0.704 on the
 * held-out second. (A floor on the area of a head's pixels did not tell debris apart.)
 */
export const MIN_STRONG_SHARE = 0.5;
export const STRONG_PEAK_QUANTILE = 0.9;
/** The map's level and spread are taken on every 31st pixel (a prime: no pattern of rows). */
export const LEVEL_SAMPLE_STEP = 31;
/** MAD to standard deviation for normal noise. */
export const MAD_TO_SIGMA = 1.4826;
/**
 * The map is made on the frame binned to about this pixel size, µm: finer magnifications cost no
 * more than 0.5 µm/px. Binning 0.5 µm/px to 1 µm/px made it three times faster but cost 0.02 of F1
 * on both real crops (heads 4 to 6 map pixels long lose their separation).
 */
export const MAP_PIXEL_UM = 0.5;

/** The map's bin: frame pixels per map pixel along each axis. */
export function mapBin(umPerPixel: number): number {
  return Math.max(1, Math.round(MAP_PIXEL_UM / umPerPixel));
}

/** A length in µm as whole map pixels (at least 1). */
export function mapPixels(um: number, umPerPixel: number, bin: number): number {
  return Math.max(1, Math.round(um / (umPerPixel * bin)));
}

/** A head's radius in frame pixels (at least 1). */
export function headRadiusPx(umPerPixel: number): number {
  return Math.max(1, Math.round(HEAD_RADIUS_UM / umPerPixel));
}

/** The share of a white noise's sigma left by three box means of radius `r` (in 2-D). */
export function smoothingNoiseGain(r: number): number {
  let kernel = [1];
  const box = Array.from({ length: 2 * r + 1 }, () => 1 / (2 * r + 1));
  for (let pass = 0; pass < 3; pass++) {
    const next = new Array<number>(kernel.length + box.length - 1).fill(0);
    kernel.forEach((a, i) => box.forEach((b, j) => (next[i + j]! += a * b)));
    kernel = next;
  }
  return kernel.reduce((sum, k) => sum + k * k, 0);
}
