/** Head shape measured from the segmented blob, in micrometres. */
export interface HeadMorphometry {
  readonly area_um2: number;
  /** Major axis of the second-moment ellipse (4 standard deviations along it). */
  readonly length_um: number;
  /** Minor axis of the second-moment ellipse. */
  readonly width_um: number;
  /** length / width. */
  readonly ellipticity: number;
  /** Boundary pixels (pixels with a 4-neighbour outside the blob) times the pixel size. */
  readonly perimeter_um: number;
}

/** Pixel moments of a blob, accumulated while it is labelled (unweighted, pixel coordinates). */
export interface BlobMoments {
  readonly area: number;
  readonly boundary: number;
  readonly sx: number;
  readonly sy: number;
  readonly sxx: number;
  readonly syy: number;
  readonly sxy: number;
}

/**
 * Axes of the blob's second-moment ellipse in pixels, and the direction of the long axis (radians
 * from the x axis, image y down, in (-π/2, π/2]). A uniform ellipse with semi-axes a, b has
 * variances a²/4 and b²/4 along its axes, so 4 standard deviations give the full axis lengths.
 */
export function ellipseAxesPx(b: BlobMoments): { length: number; width: number; angle: number } {
  const n = Math.max(1, b.area);
  const mx = b.sx / n;
  const my = b.sy / n;
  // The +1/12 is the variance of a unit pixel, so a single pixel still has a size.
  const cxx = b.sxx / n - mx * mx + 1 / 12;
  const cyy = b.syy / n - my * my + 1 / 12;
  const cxy = b.sxy / n - mx * my;
  const half = (cxx + cyy) / 2;
  const root = Math.sqrt(Math.max(0, ((cxx - cyy) / 2) ** 2 + cxy * cxy));
  return {
    length: 4 * Math.sqrt(half + root),
    width: 4 * Math.sqrt(Math.max(half - root, 1e-6)),
    angle: 0.5 * Math.atan2(2 * cxy, cxx - cyy),
  };
}

/** Morphometry of one blob in micrometres. */
export function computeMorphometry(b: BlobMoments, umPerPixel: number): HeadMorphometry {
  const axes = ellipseAxesPx(b);
  return {
    area_um2: b.area * umPerPixel * umPerPixel,
    length_um: axes.length * umPerPixel,
    width_um: axes.width * umPerPixel,
    ellipticity: axes.length / axes.width,
    perimeter_um: b.boundary * umPerPixel,
  };
}

/**
 * Per-field median over several views of one head (a track's detections): single frames are
 * disturbed by focus and passing cells, the median is not.
 */
export function medianMorphometry(views: readonly HeadMorphometry[]): HeadMorphometry {
  const pick = (key: keyof HeadMorphometry): number => {
    const values = views.map((v) => v[key]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? 0;
  };
  return {
    area_um2: pick('area_um2'),
    length_um: pick('length_um'),
    width_um: pick('width_um'),
    ellipticity: pick('ellipticity'),
    perimeter_um: pick('perimeter_um'),
  };
}
