/**
 * Pre- and post-processing of SAM-family ONNX exports, as pure functions on typed arrays.
 *
 * The export convention (segment-anything's `export_onnx_model.py` and its SAM 2 ports): the
 * encoder takes `image` float32 [1,3,S,S] (the crop's longest side resized to S, zero-padded
 * right and bottom after normalisation) and answers `image_embeddings`; the decoder takes those
 * with the prompt points in the S×S frame and answers `masks` logits [1,K,H,W] at the original
 * size with `iou_predictions` [1,K].
 */

/** Names the encoder must have. */
export const SAM_ENCODER_NAMES = { inputs: ['image'], outputs: ['image_embeddings'] } as const;
/** Names the decoder must have. */
export const SAM_DECODER_NAMES = {
  inputs: [
    'image_embeddings',
    'point_coords',
    'point_labels',
    'mask_input',
    'has_mask_input',
    'orig_im_size',
  ],
  outputs: ['masks', 'iou_predictions'],
} as const;

/** SAM's ImageNet pixel statistics, RGB, 0-255. */
export const SAM_PIXEL_MEAN = [123.675, 116.28, 103.53] as const;
export const SAM_PIXEL_STD = [58.395, 57.12, 57.375] as const;

/** Pixels of a crop: grey (1 channel) or interleaved RGB (3 channels), row by row. */
export interface SamCropImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
  readonly channels?: 1 | 3;
}

/** A prompt point in crop pixels. */
export interface SamPromptPoint {
  readonly x: number;
  readonly y: number;
  readonly label: 0 | 1;
}

/**
 * Why a model does not follow the convention (the first missing input or output), or `null`.
 * `kind` names the file in the message.
 */
export function missingSamName(
  kind: 'encoder' | 'decoder',
  session: { readonly inputNames: readonly string[]; readonly outputNames: readonly string[] },
): string | null {
  const expected = kind === 'encoder' ? SAM_ENCODER_NAMES : SAM_DECODER_NAMES;
  const input = expected.inputs.find((name) => !session.inputNames.includes(name));
  if (input !== undefined) return `The ${kind} has no input named '${input}'`;
  const output = expected.outputs.find((name) => !session.outputNames.includes(name));
  if (output !== undefined) return `The ${kind} has no output named '${output}'`;
  return null;
}

/**
 * The encoder's square input side S from its `image` shape [1,3,S,S]; `null` when the shape is
 * symbolic or not square (such an export cannot tell the size it was trained at).
 */
export function samInputSize(shape: readonly (number | string)[]): number | null {
  const [, channels, height, width] = shape;
  if (shape.length !== 4 || channels !== 3) return null;
  if (typeof height !== 'number' || height !== width || height < 4) return null;
  return height;
}

/** SAM's `ResizeLongestSide`: the crop's size once its longest side is S, and the factor. */
export function samResizedShape(width: number, height: number, size: number) {
  const scale = size / Math.max(width, height);
  return {
    width: Math.floor(width * scale + 0.5),
    height: Math.floor(height * scale + 0.5),
    scale,
  };
}

/**
 * The encoder's `image` tensor data [1,3,S,S]: the crop resized (bilinear) so its longest side is
 * S, normalised with SAM's mean and standard deviation per channel, zero-padded, planar (CHW).
 */
export function samImageTensor(image: SamCropImage, size: number): Float32Array {
  const channels = image.channels ?? 1;
  const resized = samResizedShape(image.width, image.height, size);
  const out = new Float32Array(3 * size * size);
  const plane = size * size;
  const sample = (x: number, y: number, channel: number) =>
    image.data[(y * image.width + x) * channels + (channels === 3 ? channel : 0)] ?? 0;
  for (let y = 0; y < resized.height; y++) {
    // Pixel centres map back to the source as in bilinear resizing with half-pixel centres.
    const sy = Math.min(image.height - 1, Math.max(0, (y + 0.5) / resized.scale - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < resized.width; x++) {
      const sx = Math.min(image.width - 1, Math.max(0, (x + 0.5) / resized.scale - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const fx = sx - x0;
      for (let c = 0; c < 3; c++) {
        const top = sample(x0, y0, c) * (1 - fx) + sample(x1, y0, c) * fx;
        const bottom = sample(x0, y1, c) * (1 - fx) + sample(x1, y1, c) * fx;
        const value = top * (1 - fy) + bottom * fy;
        out[c * plane + y * size + x] =
          (value - (SAM_PIXEL_MEAN[c] ?? 0)) / (SAM_PIXEL_STD[c] ?? 1);
      }
    }
  }
  return out;
}

/**
 * The decoder's `point_coords` [1,N+1,2] and `point_labels` [1,N+1]: the points (pixel centres)
 * in the resized frame, then SAM's padding point (0,0) labelled -1, as for a prompt without a box.
 */
export function samPromptTensors(points: readonly SamPromptPoint[], scale: number) {
  const count = points.length + 1;
  const coords = new Float32Array(count * 2);
  const labels = new Float32Array(count);
  points.forEach((point, index) => {
    coords[index * 2] = (point.x + 0.5) * scale;
    coords[index * 2 + 1] = (point.y + 0.5) * scale;
    labels[index] = point.label;
  });
  labels[points.length] = -1;
  return { coords, labels, count };
}

/**
 * The best-scoring of the decoder's K masks as a binary mask of the crop (1 where the logit is
 * above 0), with its predicted IoU clamped to 0-1 as the confidence. Masks of another size than
 * the crop are resampled to it (nearest).
 */
export function samMaskFromLogits(
  logits: Float32Array,
  dims: readonly number[],
  iou: Float32Array,
  width: number,
  height: number,
): { mask: Uint8Array; confidence: number; index: number } {
  const count = dims.length === 4 ? (dims[1] ?? 1) : 1;
  const maskHeight = dims.at(-2) ?? height;
  const maskWidth = dims.at(-1) ?? width;
  let index = 0;
  for (let k = 1; k < count; k++) if ((iou[k] ?? -Infinity) > (iou[index] ?? -Infinity)) index = k;
  const offset = index * maskWidth * maskHeight;
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const my = Math.min(maskHeight - 1, Math.floor((y * maskHeight) / height));
    for (let x = 0; x < width; x++) {
      const mx = Math.min(maskWidth - 1, Math.floor((x * maskWidth) / width));
      mask[y * width + x] = (logits[offset + my * maskWidth + mx] ?? 0) > 0 ? 1 : 0;
    }
  }
  const predicted = iou[index] ?? 0;
  return { mask, confidence: Math.min(1, Math.max(0, predicted)), index };
}

/** A cheap content hash (FNV-1a) of a crop's pixels, so a cached embedding follows box edits. */
export function pixelHash(data: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (const byte of data) hash = Math.imul(hash ^ byte, 0x01000193);
  return (hash >>> 0).toString(16);
}
