/**
 * The benchmark's dark-head section (issue 34): the two optics that show heads darker than the
 * field (bright field; dark heads with a bright halo, the shared real dense sample's optics) from
 * 0.25 to 1.5 µm per pixel, hard imaging, 80 heads, each on tuning and held-out seeds.
 */
import type { SimulationPolarity } from '../simulate/params.js';
import { HARD_SAMPLE_PARAMS } from '../simulate/params.js';
import type { FieldFigures } from './field-range.js';
import { measureBlobCases, type OpticsCase } from './optics-range.js';

/** Seeds looked at while writing the dark-head detection. */
export const DARK_HEAD_TUNING_SEEDS = [501, 502] as const;
/** Seeds never looked at. */
export const DARK_HEAD_HELD_OUT_SEEDS = [9501, 9502] as const;

const SCALES_UM_PER_PX = [0.25, 0.5, 0.8, 1.0, 1.5] as const;
const OPTICS: readonly [string, SimulationPolarity][] = [
  ['bright field', 'bright-field'],
  ['dark halo', 'phase-contrast-dark'],
];

/** The section's cases: every optics at every scale, 3 s at 50 fps. */
export const DARK_HEAD_CASES: readonly OpticsCase[] = OPTICS.flatMap(([name, polarity]) =>
  SCALES_UM_PER_PX.map((umPerPixel) => ({
    label: `${name}, ${umPerPixel} um/px`,
    params: { ...HARD_SAMPLE_PARAMS, sperm: 80, umPerPixel, polarity, fps: 50, frames: 150 },
  })),
);

/**
 * Measures the cases whose label passes `selected` on a seed set (the case's index added to the
 * seed), blob head finding.
 */
export function measureDarkHeads(
  seeds: readonly number[],
  selected: (label: string) => boolean = () => true,
): Promise<FieldFigures[]> {
  return measureBlobCases(DARK_HEAD_CASES, seeds, selected);
}
