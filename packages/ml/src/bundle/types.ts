/** The SARM model file: what a bundle holds, as data. */

/**
 * A network's trainable values as data: its architecture (JSON-safe, told apart by `kind` and
 * `version`; other fields are the kind's own), each variable's shape, and all values in one array
 * in variable order. `SavedHeadDetector` is one. The architecture has no index signature so that a
 * model's own architecture interface is assignable to it.
 */
export interface SavedWeights {
  readonly architecture: { readonly kind: string; readonly version: number };
  readonly shapes: number[][];
  readonly weights: Float32Array;
}

/** What a model does. */
export type ModelType = 'detection' | 'morphology';

/** How the model was trained; metric values are null when they were not measured (NaN). */
export interface ModelTrainingRecord {
  readonly data_label_id: string | null;
  readonly dataset_id: string | null;
  readonly epochs: number;
  readonly best_epoch: number | null;
  readonly metrics: Record<string, number | null>;
}

/** `metadata.json` of a model file. */
export interface ModelMetadata {
  readonly format: 'sarm-model';
  readonly format_version: 1;
  readonly type: ModelType;
  readonly name: string;
  readonly classes: string[];
  /** Input the model takes; width and height are null for fully convolutional models. */
  readonly input: {
    readonly channels: number;
    readonly width: number | null;
    readonly height: number | null;
  };
  /** How frames are normalised before the network, e.g. 'per-frame-standardise'. */
  readonly normalisation: string;
  /** Scale of the training frames, when known. */
  readonly um_per_pixel: number | null;
  /** Null for a model that was imported rather than trained here. */
  readonly training: ModelTrainingRecord | null;
  /** ISO 8601. */
  readonly created_at: string;
  readonly runtime: 'tfjs';
}

/** A whole model file: its metadata and its weights. */
export interface ModelBundle {
  readonly metadata: ModelMetadata;
  readonly saved: SavedWeights;
}
