/** Checks of a model file's parts: metadata, architecture and the weights' size. */
import type { ModelMetadata, ModelTrainingRecord, SavedWeights } from './types.js';
import {
  aNumber,
  aPositiveInteger,
  aString,
  aStringList,
  JsonReader,
  oneOf,
  orNull,
} from './json-reader.js';

const METADATA = 'metadata.json';
const ARCHITECTURE = 'architecture.json';

/** The metadata in `value`; throws an Error naming the first wrong field. */
export function readMetadata(value: unknown): ModelMetadata {
  const r = new JsonReader(value, METADATA);
  if (r.value('format') !== 'sarm-model') {
    throw new Error(`Not a SARM model: ${METADATA} does not say format "sarm-model"`);
  }
  const version = r.value('format_version');
  if (version !== 1) {
    throw new Error(
      `Unsupported SARM model format version ${JSON.stringify(version)} (this SARM reads version 1)`,
    );
  }
  const input = r.child('input');
  const training = r.value('training');
  return {
    format: 'sarm-model',
    format_version: 1,
    type: r.field('type', oneOf(['detection', 'morphology'] as const)),
    name: r.field('name', aString),
    classes: r.field('classes', aStringList),
    input: {
      channels: input.field('channels', aPositiveInteger),
      width: input.field('width', orNull(aPositiveInteger)),
      height: input.field('height', orNull(aPositiveInteger)),
    },
    normalisation: r.field('normalisation', aString),
    um_per_pixel: r.field('um_per_pixel', orNull(aNumber)),
    training:
      training === null || training === undefined ? null : readTraining(r.child('training')),
    created_at: r.field('created_at', aString),
    runtime: r.field('runtime', oneOf(['tfjs'] as const)),
  };
}

function readTraining(r: JsonReader): ModelTrainingRecord {
  const metrics = r.child('metrics');
  return {
    data_label_id: r.field('data_label_id', orNull(aString)),
    dataset_id: r.field('dataset_id', orNull(aString)),
    epochs: r.field('epochs', aNumber),
    best_epoch: r.field('best_epoch', orNull(aNumber)),
    metrics: Object.fromEntries(
      Object.keys(metrics.raw()).map((key) => [key, metrics.field(key, orNull(aNumber))]),
    ),
  };
}

/** The architecture and shapes in `value` (the content of architecture.json). */
export function readArchitecture(value: unknown): Omit<SavedWeights, 'weights'> {
  const r = new JsonReader(value, ARCHITECTURE);
  const architecture = r.child('architecture');
  const kind = architecture.field('kind', aString);
  const version = architecture.field('version', aNumber);
  const shapes = r.field('shapes', {
    description: 'a list of shapes (lists of positive integers)',
    test: (v): v is number[][] =>
      Array.isArray(v) && v.every((s) => Array.isArray(s) && s.every(aPositiveInteger.test)),
  });
  return { architecture: { ...architecture.raw(), kind, version }, shapes };
}

/** Throws when `count` values are not exactly what the shapes need. */
export function checkWeightsFitShapes(shapes: readonly number[][], count: number): void {
  const needed = shapes.reduce((n, shape) => n + shape.reduce((a, b) => a * b, 1), 0);
  if (needed !== count) {
    throw new Error(
      `Weights do not match the architecture: ${count} values for shapes that need ${needed}`,
    );
  }
}
