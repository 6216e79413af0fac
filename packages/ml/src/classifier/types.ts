/** Crops and labelled samples of single cells, as the morphology classifier takes them. */
import type { GreyImage } from '../types.js';

/** One cell's crop, any size, with an optional mask of the same size (1 = cell, 0 = background). */
export interface MorphologyCrop {
  readonly crop: GreyImage;
  readonly mask?: Uint8Array;
}

/** A crop with its class: an index into the classifier's `classes`. */
export interface MorphologySample extends MorphologyCrop {
  readonly label: number;
}

/** What the classifier answers for one crop. */
export interface MorphologyPrediction {
  readonly classIndex: number;
  readonly className: string;
  /** Probability of the predicted class, 0 to 1. */
  readonly confidence: number;
  /** One probability per class, in the order of `classes`; they sum to 1. */
  readonly probabilities: number[];
}
