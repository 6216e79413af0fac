/** Separable Gaussian blur of a float image, for the optional optical blur of the simulator. */

/** Normalised 1-D Gaussian kernel reaching 3 sigma on each side. */
export function gaussianKernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(3 * sigma));
  const kernel = new Float32Array(2 * radius + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    kernel[i + radius] = v;
    sum += v;
  }
  for (let i = 0; i < kernel.length; i++) kernel[i] = (kernel[i] ?? 0) / sum;
  return kernel;
}

/**
 * Blurs `image` (width x height, row-major) in place with `kernel`, using `scratch` (same size) as
 * the intermediate. Pixels beyond the border count as 0, which suits a layer of object contrast
 * drawn on a zero background.
 */
export function blurInPlace(
  image: Float32Array,
  scratch: Float32Array,
  width: number,
  height: number,
  kernel: Float32Array,
): void {
  const radius = (kernel.length - 1) / 2;
  // Both passes add whole shifted rows (a "scatter" per kernel tap) so memory is read in order.
  scratch.fill(0);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let k = -radius; k <= radius; k++) {
      const weight = kernel[k + radius] ?? 0;
      const x0 = Math.max(0, -k);
      const x1 = Math.min(width, width - k);
      for (let x = x0; x < x1; x++) {
        scratch[row + x] = (scratch[row + x] ?? 0) + weight * (image[row + x + k] ?? 0);
      }
    }
  }
  image.fill(0);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const k0 = Math.max(-radius, -y);
    const k1 = Math.min(radius, height - 1 - y);
    for (let k = k0; k <= k1; k++) {
      const weight = kernel[k + radius] ?? 0;
      const src = row + k * width;
      for (let x = 0; x < width; x++) {
        image[row + x] = (image[row + x] ?? 0) + weight * (scratch[src + x] ?? 0);
      }
    }
  }
}
