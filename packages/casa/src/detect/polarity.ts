/**
 * Decides whether sperm heads look bright (phase contrast) or dark (bright-field) in a recording.
 *
 * First evidence: run the classical detector over the first frames once per polarity and count the
 * elongated head-sized blobs it finds. The polarity that finds clearly more heads is the one the
 * recording uses. It asks the question that matters (under which polarity does the engine see
 * heads?) and inherits the detector's filters: a phase-contrast head's dark halo is a thin ring
 * that never reaches the high threshold, tails are faint, and debris is round, so requiring a head's
 * elongation keeps dark particles from passing for dark heads.
 *
 * Second evidence, when the counts are close: the skewness of the background-subtracted grey
 * levels (heads are the long tail of the distribution, and the third moment weighs extremes). It
 * needs no calibration, but it is fragile on its own: with few heads in view, dark debris, tails
 * and halos decide its sign (on generated phase-contrast fields with 2 heads and the usual debris
 * it is negative). The counts in turn can be close on real recordings, where glow and shadows make
 * head-sized blobs of both signs (the real 50 fps phase-contrast sample: 20 bright vs 16 dark per
 * frame, skewness +5.5), hence the order.
 */
import type { CasaSettings, Polarity } from '../settings.js';
import type { GrayFrame } from '../types.js';
import { BackgroundSubtractor } from './background.js';
import { ClassicalDetector } from './classical-detector.js';
import { HISTOGRAM_ZERO } from './noise.js';

/** How the polarity of an analysis is chosen: fixed, or decided from the image. */
export type PolarityMode = Polarity | 'auto';

/** Frames at the start of a recording that {@link decidePolarity} looks at. */
export const POLARITY_SAMPLE_FRAMES = 10;

/** Fewer heads than this over the sampled frames (both polarities) is no evidence. */
const MIN_HEADS = 3;
/** The winning polarity must find this many times as many heads as the other. */
const MIN_HEAD_RATIO = 1.5;
/**
 * Only elongated blobs count as heads (WHO: a head is 1.3 to 1.8 times as long as wide): debris
 * and out-of-focus cells are round, and a dark particle would otherwise pass for a dark head.
 */
const MIN_HEAD_ELLIPTICITY = 1.25;
/** Below this absolute residual skewness the tie-breaker abstains. */
const MIN_SKEWNESS = 0.25;

/** Which evidence decided: the head counts, the residual skewness, or nothing (the default). */
export type PolarityMethod = 'head_count' | 'residual_skewness' | 'default';

/** The decision and its evidence; snake_case, as it appears in the result JSON. */
export interface PolarityDecision {
  readonly polarity: Polarity;
  readonly method: PolarityMethod;
  readonly frames_sampled: number;
  /** Single heads per frame found when looking for bright heads. */
  readonly bright_heads_per_frame: number;
  /** Single heads per frame found when looking for dark heads. */
  readonly dark_heads_per_frame: number;
  /** Skewness of the background-subtracted grey levels (positive: a bright tail). */
  readonly residual_skewness: number;
}

/**
 * Decides the heads' polarity from the first {@link POLARITY_SAMPLE_FRAMES} of `frames` (pass
 * more and the rest are ignored). With no evidence either way it keeps `settings.polarity`.
 */
export function decidePolarity(
  frames: readonly GrayFrame[],
  settings: CasaSettings,
): PolarityDecision {
  const sample = frames.slice(0, POLARITY_SAMPLE_FRAMES);
  const n = Math.max(1, sample.length);
  const bright = countHeads(sample, { ...settings, polarity: 'bright' });
  const dark = countHeads(sample, { ...settings, polarity: 'dark' });
  const skewness = residualSkewness(sample, settings);
  const evidence = {
    frames_sampled: sample.length,
    bright_heads_per_frame: round(bright / n),
    dark_heads_per_frame: round(dark / n),
    residual_skewness: round(skewness),
  };
  if (Math.max(bright, dark) >= MIN_HEADS) {
    if (bright >= MIN_HEAD_RATIO * dark)
      return { polarity: 'bright', method: 'head_count', ...evidence };
    if (dark >= MIN_HEAD_RATIO * bright)
      return { polarity: 'dark', method: 'head_count', ...evidence };
  }
  if (Math.abs(skewness) >= MIN_SKEWNESS) {
    return {
      polarity: skewness > 0 ? 'bright' : 'dark',
      method: 'residual_skewness',
      ...evidence,
    };
  }
  return { polarity: settings.polarity, method: 'default', ...evidence };
}

function countHeads(frames: readonly GrayFrame[], settings: CasaSettings): number {
  const detector = new ClassicalDetector(settings, { fixedFloors: true });
  let heads = 0;
  for (const frame of frames) {
    for (const d of detector.detect(frame, settings)) {
      if (d.className === 'sperm' && d.morphometry.ellipticity >= MIN_HEAD_ELLIPTICITY) heads += 1;
    }
  }
  return heads;
}

/** Skewness of frame minus local background over all sampled pixels (every second pixel). */
function residualSkewness(frames: readonly GrayFrame[], settings: CasaSettings): number {
  const background = new BackgroundSubtractor();
  const histogram = new Uint32Array(1024);
  const total = new Float64Array(1024);
  for (const frame of frames) {
    const subtracted = background.subtract(
      frame.data,
      frame.width,
      frame.height,
      settings.backgroundWindowUm / settings.umPerPixel,
      'bright',
      settings.lowThresholdMinGrey,
      frame.levels,
    );
    subtracted.sampleHistogram(histogram, 2);
    for (let bin = 0; bin < histogram.length; bin++) {
      total[bin] = (total[bin] ?? 0) + (histogram[bin] ?? 0);
    }
  }
  let count = 0;
  let sum = 0;
  for (let bin = 0; bin < total.length; bin++) {
    const c = total[bin] ?? 0;
    count += c;
    sum += c * (bin - HISTOGRAM_ZERO);
  }
  if (count === 0) return 0;
  const mean = sum / count;
  let m2 = 0;
  let m3 = 0;
  for (let bin = 0; bin < total.length; bin++) {
    const c = total[bin] ?? 0;
    if (c === 0) continue;
    const d = bin - HISTOGRAM_ZERO - mean;
    m2 += c * d * d;
    m3 += c * d * d * d;
  }
  m2 /= count;
  m3 /= count;
  return m2 > 0 ? m3 / m2 ** 1.5 : 0;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
