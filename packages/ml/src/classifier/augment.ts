/** Seeded augmentation of prepared crops: the 8 flips and 90° turns, brightness, contrast, noise. */
import type { Random } from '../random.js';
import { normal } from '../random.js';
import type { PreparedCrop } from './input.js';

/**
 * How strongly to augment. Photometric amounts are in standardised grey units (the input's
 * standard deviation is 1), since a change of raw grey levels is undone by standardisation.
 */
export interface ClassifierAugmentOptions {
  /** Horizontal and vertical mirror images. */
  readonly flips: boolean;
  /** Turns by 90° (a transpose; with flips, every multiple of 90°). */
  readonly rotations: boolean;
  /** Offset drawn from ±brightness. */
  readonly brightness: number;
  /** Gain drawn from 1 ± contrast. */
  readonly contrast: number;
  /** Largest Gaussian noise sigma. */
  readonly noiseSigma: number;
}

export const DEFAULT_CLASSIFIER_AUGMENT: ClassifierAugmentOptions = {
  flips: true,
  rotations: true,
  brightness: 0.2,
  contrast: 0.2,
  noiseSigma: 0.15,
};

/** One random change of a square prepared crop; the mask moves with the pixels. */
export function augmentCrop(
  crop: PreparedCrop,
  size: number,
  options: ClassifierAugmentOptions,
  random: Random,
): PreparedCrop {
  const flipX = options.flips && random() < 0.5;
  const flipY = options.flips && random() < 0.5;
  const turn = options.rotations && random() < 0.5;
  const grey = new Float32Array(size * size);
  const mask = new Float32Array(size * size);
  for (let v = 0; v < size; v += 1) {
    for (let u = 0; u < size; u += 1) {
      let x = turn ? v : u;
      let y = turn ? u : v;
      if (flipX) x = size - 1 - x;
      if (flipY) y = size - 1 - y;
      grey[v * size + u] = crop.grey[y * size + x] ?? 0;
      mask[v * size + u] = crop.mask[y * size + x] ?? 0;
    }
  }
  const gain = 1 + (random() * 2 - 1) * options.contrast;
  const shift = (random() * 2 - 1) * options.brightness;
  const sigma = random() * options.noiseSigma;
  for (let i = 0; i < grey.length; i += 1) {
    const noise = sigma > 0 ? sigma * normal(random) : 0;
    grey[i] = (grey[i] ?? 0) * gain + shift + noise;
  }
  return { grey, mask };
}
