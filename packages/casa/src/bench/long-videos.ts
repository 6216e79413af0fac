/**
 * The benchmark's long-video section (issue 34): 30 s recordings, as a laboratory records them,
 * where the 3 s cases of the other sections hide what accumulates over time (a still head's track
 * broken again and again, debris tracked for seconds). Phase contrast and bright field, 0.5 µm per
 * pixel, 80 heads, hard imaging, 50 fps; each on tuning and held-out seeds.
 */
import { HARD_SAMPLE_PARAMS } from '../simulate/params.js';
import type { FieldFigures } from './field-range.js';
import { measureBlobCases, type OpticsCase } from './optics-range.js';

/** Seeds looked at while writing the joining of broken tracks. */
export const LONG_TUNING_SEEDS = [901] as const;
/** Seeds never looked at. */
export const LONG_HELD_OUT_SEEDS = [9911, 9912] as const;

const SECONDS = 30;
const FPS = 50;

/** The section's cases. */
export const LONG_CASES: readonly OpticsCase[] = (
  [
    ['phase contrast, 30 s', 'phase-contrast'],
    ['bright field, 30 s', 'bright-field'],
  ] as const
).map(([label, polarity]) => ({
  label,
  params: {
    ...HARD_SAMPLE_PARAMS,
    sperm: 80,
    umPerPixel: 0.5,
    polarity,
    fps: FPS,
    frames: SECONDS * FPS,
  },
}));

/** Measures every case on a seed set (the case's index added to the seed), blob head finding. */
export function measureLongVideos(seeds: readonly number[]): Promise<FieldFigures[]> {
  return measureBlobCases(LONG_CASES, seeds);
}
