/**
 * Small seeded pseudo-random generators for the simulator. Everything random in a simulation comes
 * from these, so the same seed always gives the same video and truth.
 */

/** A source of uniform numbers in [0, 1). */
export type RandomSource = () => number;

/** mulberry32: a fast 32-bit generator with a good enough distribution for synthetic data. */
export function mulberry32(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes two integers into one 32-bit seed (used to derive independent streams from one seed). */
export function mixSeed(a: number, b: number): number {
  let h = (Math.imul(a >>> 0, 0x9e3779b1) ^ Math.imul((b >>> 0) + 0x7f4a7c15, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Standard normal sample (Box-Muller) drawn from `random`. */
export function gaussian(random: RandomSource): number {
  let u = random();
  while (u <= Number.EPSILON) u = random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Seeded helper with the draws the simulator needs. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Normal with the given mean and standard deviation. */
  normal(mean?: number, sd?: number): number;
  /** Integer in [0, n). */
  int(n: number): number;
}

/** Creates an {@link Rng} from a seed. */
export function createRng(seed: number): Rng {
  const random = mulberry32(seed);
  return {
    next: random,
    range: (min, max) => min + (max - min) * random(),
    normal: (mean = 0, sd = 1) => mean + sd * gaussian(random),
    int: (n) => Math.floor(random() * n),
  };
}
