/** Sample sources of the head detector's training: the adapter of samples held in memory. */
import type { DetectionSample, DetectionSampleSource } from '../types.js';

/** Samples in memory seen as a source (the array is read, not copied). */
export function arraySampleSource(samples: readonly DetectionSample[]): DetectionSampleSource {
  return {
    count: samples.length,
    load(index) {
      const sample = samples[index];
      if (sample === undefined) {
        return Promise.reject(new RangeError(`No sample ${index} of ${samples.length}`));
      }
      return Promise.resolve(sample);
    },
  };
}

/** True when `samples` is a source rather than an array of samples. */
export function isSampleSource(
  samples: readonly DetectionSample[] | DetectionSampleSource,
): samples is DetectionSampleSource {
  return !Array.isArray(samples);
}

/** The source of either form. */
export function sampleSourceOf(
  samples: readonly DetectionSample[] | DetectionSampleSource,
): DetectionSampleSource {
  return isSampleSource(samples) ? samples : arraySampleSource(samples);
}
