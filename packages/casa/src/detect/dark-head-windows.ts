/** The windows of the dark-head map (see dark-head-map.ts), shared with its WebAssembly kernels. */

/**
 * Side of the box mean and of the opening's square, µm: half a head's width (a head is about 3 µm
 * wide, so the square fits inside it wherever the head is), about twice a flagellum's width with
 * the optics' blur.
 */
export const DARK_HEAD_WINDOW_UM = 1.5;

/** The two sides of the dark-head opening (see `DarkHeadOpening`) in pixels at a calibration. */
export interface DarkHeadWindows {
  /** Odd side of the centred box mean (1: none). */
  readonly box: number;
  /** Side of the opening's square, at least 2. */
  readonly square: number;
}

/**
 * The sides at a calibration: the box mean {@link DARK_HEAD_WINDOW_UM} rounded up to an odd number
 * of pixels (3 at 0.5 to 1 µm/px, 7 at 0.25, none at 1.5), the square rounded (3 at 0.5 µm/px,
 * 2 from 0.8 µm/px on).
 */
export function darkHeadWindows(umPerPixel: number): DarkHeadWindows {
  const px = DARK_HEAD_WINDOW_UM / umPerPixel;
  return {
    box: 2 * Math.max(0, Math.ceil((px - 1) / 2)) + 1,
    square: Math.max(2, Math.round(px)),
  };
}
