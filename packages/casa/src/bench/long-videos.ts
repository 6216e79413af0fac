/**
 * The benchmark's long-video section (issue 34): 30 s recordings, as a laboratory records them,
 * where the 3 s cases of the other sections hide what accumulates over time (a still head's track
 * broken again and again, debris tracked for seconds). Phase contrast and bright field, 0.5 µm per
 * pixel, 80 heads, and a dense bright-field sample of mostly immotile cells; hard imaging, 50 fps;
 * each on tuning and held-out seeds.
 */
import { HARD_SAMPLE_PARAMS } from '../simulate/params.js';
import type { FieldFigures } from './field-range.js';
import { measureBlobCases, type OpticsCase } from './optics-range.js';

/** Seeds looked at while writing the joining of broken tracks. */
export const LONG_TUNING_SEEDS = [901] as const;
/** Seeds never looked at. */
export const LONG_HELD_OUT_SEEDS = [9911, 9912] as const;

const SECONDS = 30;
/** Rapid, slow, non-progressive and immotile shares of the dense case. */
const DENSE_IMMOTILE_MIX = [0.1, 0.05, 0.05, 0.8] as const;
const FPS = 50;

/** The section's cases. */
export const LONG_CASES: readonly OpticsCase[] = (
  [
    ['phase contrast, 30 s', 'phase-contrast', 80, HARD_SAMPLE_PARAMS.mix],
    ['bright field, 30 s', 'bright-field', 80, HARD_SAMPLE_PARAMS.mix],
    // A dense sample of mostly immotile cells (asthenozoospermia at a high count), where still
    // heads lie a few µm apart and passing cells hide them.
    ['bright field, 250 heads, 80 % immotile, 30 s', 'bright-field', 250, DENSE_IMMOTILE_MIX],
  ] as const
).map(([label, polarity, sperm, mix]) => ({
  label,
  params: {
    ...HARD_SAMPLE_PARAMS,
    sperm,
    mix,
    umPerPixel: 0.5,
    polarity,
    fps: FPS,
    frames: SECONDS * FPS,
  },
}));

/**
 * Measures the cases whose label passes `selected` on a seed set (the case's index added to the
 * seed), blob head finding.
 */
export function measureLongVideos(
  seeds: readonly number[],
  selected: (label: string) => boolean = () => true,
): Promise<FieldFigures[]> {
  return measureBlobCases(LONG_CASES, seeds, selected);
}
