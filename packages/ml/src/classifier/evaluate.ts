/** Accuracy, per-class accuracy and the confusion matrix of a classifier on labelled crops. */
import { prepareCrop } from './input.js';
import { argMax, predictProbabilities } from './infer.js';
import type { MorphologyClassifierModel } from './model.js';
import type { MorphologySample } from './types.js';

/** How well one class was recognised: the share of its samples predicted as it (recall). */
export interface ClassAccuracy {
  readonly class: string;
  /** NaN when the class had no samples. */
  readonly accuracy: number;
  readonly count: number;
}

/** A classifier's scores on labelled samples. */
export interface ClassifierEvaluation {
  /** Share of samples whose predicted class is their label; NaN without samples. */
  readonly accuracy: number;
  readonly perClass: ClassAccuracy[];
  /** `confusion[true][predicted]` counts samples; the entries sum to the number of samples. */
  readonly confusion: number[][];
}

/** Scores a classifier on labelled samples. Needs `initBackend()` to have finished. */
export function evaluateClassifier(
  model: MorphologyClassifierModel,
  samples: readonly MorphologySample[],
): ClassifierEvaluation {
  const { classes, inputSize } = model.architecture;
  checkLabels(samples, classes.length);
  const probabilities = predictProbabilities(
    model,
    samples.map((s) => prepareCrop(s, inputSize)),
  );
  return scorePredictions(
    samples.map((s) => s.label),
    probabilities.map((p) => argMax(p)),
    classes,
  );
}

/** Accuracy, per-class accuracy and confusion of predicted against true class indices. */
export function scorePredictions(
  labels: readonly number[],
  predicted: readonly number[],
  classes: readonly string[],
): ClassifierEvaluation {
  const confusion = classes.map(() => classes.map(() => 0));
  let correct = 0;
  labels.forEach((label, i) => {
    const guess = predicted[i] ?? -1;
    const row = confusion[label];
    if (row !== undefined && guess >= 0) row[guess] = (row[guess] ?? 0) + 1;
    if (guess === label) correct += 1;
  });
  const perClass = classes.map((name, c) => {
    const row = confusion[c] ?? [];
    const count = row.reduce((a, b) => a + b, 0);
    return { class: name, accuracy: count > 0 ? (row[c] ?? 0) / count : Number.NaN, count };
  });
  const accuracy = labels.length > 0 ? correct / labels.length : Number.NaN;
  return { accuracy, perClass, confusion };
}

/** Throws a RangeError when a label is not a whole index into `classCount` classes. */
export function checkLabels(samples: readonly MorphologySample[], classCount: number): void {
  samples.forEach((s, i) => {
    if (!Number.isInteger(s.label) || s.label < 0 || s.label >= classCount) {
      throw new RangeError(`Sample ${i} has label ${s.label}; labels index ${classCount} classes`);
    }
  });
}
