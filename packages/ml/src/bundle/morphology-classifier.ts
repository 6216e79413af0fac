/** The morphology classifier's weights out of a model file's generic ones. */
import type { MorphologyClassifierArchitecture } from '../classifier/model.js';
import type { SavedMorphologyClassifier } from '../classifier/weights.js';
import { aPositiveInteger, aStringList, JsonReader } from './json-reader.js';
import type { SavedWeights } from './types.js';

/**
 * The saved morphology classifier in `saved` (e.g. a bundle's `saved`), ready for
 * `loadClassifierWeights`; throws when its architecture is not a version 1 SARM morphology
 * classifier.
 */
export function savedMorphologyClassifierOf(saved: SavedWeights): SavedMorphologyClassifier {
  const r = new JsonReader(saved.architecture, 'architecture.json', 'architecture');
  if (r.value('kind') !== 'sarm-morphology-classifier' || r.value('version') !== 1) {
    throw new Error('Not a version 1 SARM morphology classifier');
  }
  const architecture: MorphologyClassifierArchitecture = {
    kind: 'sarm-morphology-classifier',
    version: 1,
    classes: r.field('classes', aStringList),
    inputSize: r.field('inputSize', aPositiveInteger),
    channels: r.field('channels', {
      description: 'a list of positive integers',
      test: (v): v is number[] => Array.isArray(v) && v.every(aPositiveInteger.test),
    }),
  };
  return { architecture, shapes: saved.shapes, weights: saved.weights };
}
