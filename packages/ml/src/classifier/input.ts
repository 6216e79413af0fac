/** Turning crops of any size into the network's input: square grey and mask planes, as tensors. */
import * as tf from '@tensorflow/tfjs-core';
import { standardiseInto } from '../detector/encode.js';
import { INPUT_CHANNELS } from './model.js';
import { resizeBilinear } from './resize.js';
import type { MorphologyCrop } from './types.js';

/** A crop at the input size: standardised grey and mask (0..1), `size * size` values each. */
export interface PreparedCrop {
  readonly grey: Float32Array;
  readonly mask: Float32Array;
}

/**
 * Resizes a crop and its mask to `size` x `size` and standardises the grey plane (zero mean, unit
 * variance, so brightness and contrast do not matter); a missing mask becomes zeros.
 */
export function prepareCrop(crop: MorphologyCrop, size: number): PreparedCrop {
  const { width, height } = crop.crop;
  const resized = resizeBilinear(crop.crop, size, size);
  const grey = new Float32Array(size * size);
  // `size` is a multiple of 4, so the detector's standardisation adds no padding.
  standardiseInto(resized, size, size, grey, 0);
  if (crop.mask === undefined) return { grey, mask: new Float32Array(size * size) };
  if (crop.mask.length !== width * height) {
    throw new RangeError(`A ${width}x${height} crop needs a mask of ${width * height} values`);
  }
  return { grey, mask: resizeBilinear({ width, height, data: crop.mask }, size, size) };
}

/** Input [n, size, size, 2] of prepared crops: grey in channel 0, mask in channel 1. */
export function inputTensor(crops: readonly PreparedCrop[], size: number): tf.Tensor4D {
  const pixels = size * size;
  const data = new Float32Array(crops.length * pixels * INPUT_CHANNELS);
  crops.forEach((c, i) => {
    const offset = i * pixels * INPUT_CHANNELS;
    for (let p = 0; p < pixels; p += 1) {
      data[offset + p * INPUT_CHANNELS] = c.grey[p] ?? 0;
      data[offset + p * INPUT_CHANNELS + 1] = c.mask[p] ?? 0;
    }
  });
  return tf.tensor4d(data, [crops.length, size, size, INPUT_CHANNELS]);
}
