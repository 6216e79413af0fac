/**
 * Robust noise level of a background-subtracted signal: 1.4826 x median absolute deviation over a
 * sparse sample of pixels, so heads (a small share of pixels) do not inflate it.
 */
export function estimateNoiseSigma(signal: Int16Array, histogram: Uint32Array, step = 3): number {
  histogram.fill(0);
  let count = 0;
  for (let i = 0; i < signal.length; i += step) {
    const v = signal[i] ?? 0;
    histogram[v + 512] = (histogram[v + 512] ?? 0) + 1;
    count++;
  }
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
