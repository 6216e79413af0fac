/** Small seeded PRNG (mulberry32): the same seed gives the same video and truth. */
export function createRandom(seed: number): {
  next(): number;
  gaussian(): number;
  range(a: number, b: number): number;
} {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    gaussian: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    range: (a, b) => a + (b - a) * next(),
  };
}
