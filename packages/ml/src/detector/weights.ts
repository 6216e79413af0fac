/** Saving and loading a head detector as plain data (no files: the caller stores or zips it). */
import type { SavedVariables } from '../variables.js';
import { loadVariables, saveVariables } from '../variables.js';
import type { HeadDetectorArchitecture, HeadDetectorModel } from './model.js';
import { layerShapes, modelFromVariables } from './model.js';

/** A model as data: architecture (JSON-safe), each variable's shape, and all values in one array. */
export interface SavedHeadDetector extends SavedVariables {
  readonly architecture: HeadDetectorArchitecture;
}

/** Copies a model's weights out of the backend. */
export function saveWeights(model: HeadDetectorModel): SavedHeadDetector {
  const { shapes, weights } = saveVariables(model.variables);
  return { architecture: { ...model.architecture }, shapes, weights };
}

/** Rebuilds a model from saved data; throws when the shapes do not fit the architecture. */
export function loadWeights(saved: SavedHeadDetector): HeadDetectorModel {
  if (saved.architecture.kind !== 'sarm-head-detector' || saved.architecture.version !== 1) {
    throw new Error('Not a version 1 SARM head detector');
  }
  const expected = layerShapes(saved.architecture).flatMap((l) => [l.filter, [l.filter[3]]]);
  return modelFromVariables(saved.architecture, loadVariables(expected, saved));
}
