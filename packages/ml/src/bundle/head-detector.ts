/** The head detector's weights out of a model file's generic ones. */
import type { HeadDetectorArchitecture } from '../detector/model.js';
import { HEAD_DETECTOR_NORMALISATIONS, HEAD_DETECTOR_STRIDES } from '../detector/model.js';
import type { SavedHeadDetector } from '../detector/weights.js';
import { aPositiveInteger, JsonReader, oneOf } from './json-reader.js';
import type { SavedWeights } from './types.js';

/**
 * The saved head detector in `saved` (e.g. a bundle's `saved`), ready for `loadWeights`; throws
 * when its architecture is not a version 1 SARM head detector.
 */
export function savedHeadDetectorOf(saved: SavedWeights): SavedHeadDetector {
  const r = new JsonReader(saved.architecture, 'architecture.json', 'architecture');
  if (r.value('kind') !== 'sarm-head-detector' || r.value('version') !== 1) {
    throw new Error('Not a version 1 SARM head detector');
  }
  const architecture: HeadDetectorArchitecture = {
    kind: 'sarm-head-detector',
    version: 1,
    channels: r.field('channels', {
      description: 'a list of positive integers',
      test: (v): v is number[] => Array.isArray(v) && v.every(aPositiveInteger.test),
    }),
    stride: r.field('stride', oneOf(HEAD_DETECTOR_STRIDES)),
    ...(r.value('context') === undefined
      ? {}
      : {
          context: r.field('context', {
            description: 'a list of positive integers',
            test: (v): v is number[] => Array.isArray(v) && v.every(aPositiveInteger.test),
          }),
        }),
    ...(r.value('normalisation') === undefined
      ? {}
      : { normalisation: r.field('normalisation', oneOf(HEAD_DETECTOR_NORMALISATIONS)) }),
    ...(r.value('threshold') === undefined
      ? {}
      : {
          threshold: r.field('threshold', {
            description: 'a number between 0 and 1',
            test: (v): v is number => typeof v === 'number' && v > 0 && v < 1,
          }),
        }),
  };
  return { architecture, shapes: saved.shapes, weights: saved.weights };
}
