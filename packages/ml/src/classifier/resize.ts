/** Bilinear resizing of one image plane, so crops of any size become the network's square input. */

/** A plane of values in rows: `width * height` numbers. */
export interface Plane {
  readonly width: number;
  readonly height: number;
  readonly data: ArrayLike<number>;
}

/**
 * Resizes a plane bilinearly to `width` x `height` with pixel centres aligned (pixel i covers
 * [i, i+1), as in OpenCV's INTER_LINEAR and tf.image.resizeBilinear with half-pixel centres):
 * halving a size averages each 2x2 block, and edges repeat rather than fade to zero.
 */
export function resizeBilinear(plane: Plane, width: number, height: number): Float32Array {
  const { width: w, height: h, data } = plane;
  if (w < 1 || h < 1 || data.length !== w * h) {
    throw new RangeError(`resizeBilinear: a ${w}x${h} plane needs ${w * h} values`);
  }
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`resizeBilinear: cannot resize to ${width}x${height}`);
  }
  const xs = samplePositions(w, width);
  const ys = samplePositions(h, height);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const { low: y0, high: y1, weight: fy } = ys[y] ?? ZERO;
    for (let x = 0; x < width; x += 1) {
      const { low: x0, high: x1, weight: fx } = xs[x] ?? ZERO;
      const top = (data[y0 * w + x0] ?? 0) * (1 - fx) + (data[y0 * w + x1] ?? 0) * fx;
      const bottom = (data[y1 * w + x0] ?? 0) * (1 - fx) + (data[y1 * w + x1] ?? 0) * fx;
      out[y * width + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return out;
}

interface SamplePosition {
  readonly low: number;
  readonly high: number;
  /** Weight of `high`; `low` gets 1 − weight. */
  readonly weight: number;
}

const ZERO: SamplePosition = { low: 0, high: 0, weight: 0 };

/** Where each output pixel centre falls between two source pixels, clamped to the edges. */
function samplePositions(source: number, target: number): SamplePosition[] {
  const scale = source / target;
  return Array.from({ length: target }, (_, i) => {
    const at = Math.min(source - 1, Math.max(0, (i + 0.5) * scale - 0.5));
    const low = Math.floor(at);
    return { low, high: Math.min(source - 1, low + 1), weight: at - low };
  });
}
