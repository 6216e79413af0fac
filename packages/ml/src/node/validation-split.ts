/** Which samples a head detector's training holds out for validation. */
import { DEFAULT_TRAIN_OPTIONS, splitSizes } from '../detector/train.js';
import { seededRandom, shuffled } from '../random.js';

/**
 * Indices (into the samples as given) of the samples `trainHeadDetector` holds out with this
 * split and seed (the package default seed when left out), in the order it scores them: the
 * first of the samples shuffled with a generator seeded by `seed`. A shuffle's permutation
 * depends only on the number of items and the random draws, so shuffling the indices gives it.
 */
export function detectionValidationIndices(
  count: number,
  validationSplit: number,
  seed: number = DEFAULT_TRAIN_OPTIONS.seed,
): number[] {
  const order = shuffled(
    Array.from({ length: count }, (_, i) => i),
    seededRandom(seed),
  );
  return order.slice(0, splitSizes(count, validationSplit).validation);
}
