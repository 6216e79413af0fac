/** Offset of signal value 0 in a signal histogram (bins for -512..511). */
export const HISTOGRAM_ZERO = 512;

/**
 * Robust noise level of a background-subtracted signal from a histogram of sampled values (1024
 * bins, value v in bin v + {@link HISTOGRAM_ZERO}): 1.4826 x median absolute deviation, so heads
 * (a small share of pixels) do not inflate it.
 */
export function estimateNoiseSigma(histogram: Uint32Array): number {
  let count = 0;
  for (const c of histogram) count += c;
  const median = percentileOfHistogram(histogram, count, 0.5) - 512;
  // Second pass on absolute deviations, reusing the histogram layout from offset 0.
  const deviations = new Uint32Array(1024);
  for (let v = 0; v < histogram.length; v++) {
    const c = histogram[v] ?? 0;
    if (c === 0) continue;
    const d = Math.min(1023, Math.abs(v - 512 - median));
    deviations[d] = (deviations[d] ?? 0) + c;
  }
  const mad = percentileOfHistogram(deviations, count, 0.5);
  return Math.max(1, 1.4826 * mad);
}

function percentileOfHistogram(histogram: Uint32Array, total: number, q: number): number {
  const target = total * q;
  let seen = 0;
  for (let v = 0; v < histogram.length; v++) {
    seen += histogram[v] ?? 0;
    if (seen >= target) return v;
  }
  return histogram.length - 1;
}
