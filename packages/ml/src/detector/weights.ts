/** Saving and loading a head detector as plain data (no files: the caller stores or zips it). */
import type { SavedVariables } from '../variables.js';
import { checkSavedShapes, loadVariables, saveVariables } from '../variables.js';
import type { HeadDetectorArchitecture, HeadDetectorModel } from './model.js';
import { layerShapes, modelFromVariables } from './model.js';

/** A model as data: architecture (JSON-safe), each variable's shape, and all values in one array. */
export interface SavedHeadDetector extends SavedVariables {
  readonly architecture: HeadDetectorArchitecture;
}

/** Copies a model's weights out of the backend, with the detection threshold chosen for them. */
export function saveWeights(model: HeadDetectorModel, threshold?: number): SavedHeadDetector {
  const { shapes, weights } = saveVariables(model.variables);
  const architecture = { ...model.architecture };
  return {
    architecture: threshold === undefined ? architecture : { ...architecture, threshold },
    shapes,
    weights,
  };
}

/** Throws when saved data is not a version 1 head detector whose shapes fit its architecture. */
export function checkSavedHeadDetector(saved: SavedHeadDetector): void {
  if (saved.architecture.kind !== 'sarm-head-detector' || saved.architecture.version !== 1) {
    throw new Error('Not a version 1 SARM head detector');
  }
  checkSavedShapes(expectedShapes(saved.architecture), saved);
}

/** Rebuilds a model from saved data; throws when the shapes do not fit the architecture. */
export function loadWeights(saved: SavedHeadDetector): HeadDetectorModel {
  checkSavedHeadDetector(saved);
  return modelFromVariables(
    saved.architecture,
    loadVariables(expectedShapes(saved.architecture), saved),
  );
}

/** Each variable's shape: a layer's filter then its bias. */
function expectedShapes(architecture: HeadDetectorArchitecture): number[][] {
  return layerShapes(architecture).flatMap((l) => [l.filter, [l.filter[3]]]);
}
