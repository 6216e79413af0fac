/** Saving and loading a morphology classifier as plain data (no files: the caller stores it). */
import type { SavedVariables } from '../variables.js';
import { loadVariables, saveVariables } from '../variables.js';
import type { MorphologyClassifierArchitecture, MorphologyClassifierModel } from './model.js';
import { checkArchitecture, modelFromVariables, variableShapes } from './model.js';

/** A model as data: architecture (JSON-safe), each variable's shape, and all values in one array. */
export interface SavedMorphologyClassifier extends SavedVariables {
  readonly architecture: MorphologyClassifierArchitecture;
}

/** Copies a model's weights out of the backend. */
export function saveClassifierWeights(model: MorphologyClassifierModel): SavedMorphologyClassifier {
  const { shapes, weights } = saveVariables(model.variables);
  const { architecture } = model;
  return {
    architecture: {
      ...architecture,
      classes: [...architecture.classes],
      channels: [...architecture.channels],
    },
    shapes,
    weights,
  };
}

/** Rebuilds a model from saved data; throws an Error when the shapes do not fit the architecture. */
export function loadClassifierWeights(saved: SavedMorphologyClassifier): MorphologyClassifierModel {
  try {
    checkArchitecture(saved.architecture);
  } catch (error) {
    throw new Error(`Saved classifier: ${error instanceof Error ? error.message : String(error)}`);
  }
  return modelFromVariables(
    saved.architecture,
    loadVariables(variableShapes(saved.architecture), saved),
  );
}
