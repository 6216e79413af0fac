/**
 * Confidence intervals from counting statistics. Closed forms only (no iterative inversion), so they
 * cost nothing per analysis; their accuracy is checked by coverage tests over many seeds.
 */

/** Standard normal quantile for a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

/** Standard normal upper quantiles used by the significance tests. */
const Z_UPPER: Readonly<Record<string, number>> = {
  '0.05': 1.6448536269514722,
  '0.01': 2.3263478740408408,
  '0.001': 3.090232306167813,
  '0.0001': 3.719016485455709,
};

/**
 * Upper quantile of the chi-square distribution with `df` degrees of freedom at tail probability
 * `alpha` (0.05, 0.01, 0.001 or 0.0001), by the Wilson-Hilferty cube-root normal approximation
 * (relative error 2.5 % at 1 degree of freedom, about 1 % from 5 on at these tails).
 */
export function chiSquareUpperQuantile(df: number, alpha: 0.05 | 0.01 | 0.001 | 0.0001): number {
  const z = Z_UPPER[String(alpha)] ?? Z_UPPER['0.001'] ?? 3.09;
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

/**
 * 95 % Wilson score interval of a proportion `successes / n`, in [0, 1]. Unlike the Wald interval it
 * stays inside [0, 1] and keeps close to nominal coverage for small n and shares near 0 or 1.
 */
export function wilsonInterval(successes: number, n: number, z = Z_95): [number, number] {
  if (n <= 0) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * 95 % interval of a Poisson mean from `count` events (which may be an effective, non-integer
 * count). Byar's approximation of the exact Garwood interval:
 *   low  = n (1 - 1/(9n) - z/(3 sqrt n))^3,  high = (n+1) (1 - 1/(9(n+1)) + z/(3 sqrt(n+1)))^3.
 */
export function poissonInterval(count: number, z = Z_95): [number, number] {
  const n = Math.max(0, count);
  const low = n > 0 ? n * (1 - 1 / (9 * n) - z / (3 * Math.sqrt(n))) ** 3 : 0;
  const m = n + 1;
  const high = m * (1 - 1 / (9 * m) + z / (3 * Math.sqrt(m))) ** 3;
  return [Math.max(0, low), high];
}
