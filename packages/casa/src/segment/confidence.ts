/**
 * Confidence of a segmentation, in 0..1. It is the product of two factors, each in 0..1:
 *
 * 1. Stability: the mask is re-cut with the data-term threshold moved down and up by
 *    STABILITY_SHIFT of the object contrast; the IoU of these two perturbed masks measures how much
 *    the boundary moves when the intensity model is slightly wrong. Sharp edges barely move (IoU
 *    near 1); blurred edges move by pixels (IoU falls). Mapped linearly from
 *    [STABILITY_LOW, STABILITY_HIGH] to [0, 1] and clamped. STABILITY_HIGH is what a sharp edge
 *    (blur sigma ~1 px) of a 9 x 6 px head gives: measured 0.76-0.81 on clean synthetic crops,
 *    0.65-0.73 at blur 1.6 / noise 14, 0.53-0.62 at blur 2.5 / noise 22.
 * 2. Contrast: contrast-to-noise ratio between the mask and a ring just outside it, (mean inside -
 *    mean ring) along the polarity / sensor noise sigma, mapped by 1 - exp(-cnr / CNR_SCALE).
 *    A faint or noisy object scores low even when its cut happens to be stable.
 *
 * The confidence is the product, clamped to 0..1. An empty mask has confidence 0.
 */
import type { GraphCutParams } from './graph-cut.js';
import { graphCutMask } from './graph-cut.js';
import { fillHoles, keepSeededComponents, maskIoU } from './mask.js';
import type { PromptModel } from './prompt-model.js';

export const STABILITY_SHIFT = 0.15;
export const STABILITY_LOW = 0.45;
export const STABILITY_HIGH = 0.8;
export const CNR_SCALE = 2.5;
/** Ring outside the mask used for the contrast, pixels (chessboard distance). */
const RING_INNER = 2;
const RING_OUTER = 5;

export interface ConfidenceParts {
  readonly stability: number;
  readonly cnr: number;
  readonly confidence: number;
}

/** Chessboard distance to the mask, up to `limit` (pixels beyond get limit + 1). */
function distanceOutside(
  mask: Uint8Array,
  width: number,
  height: number,
  limit: number,
): Uint8Array {
  const dist = new Uint8Array(mask.length).fill(limit + 1);
  let frontier: number[] = [];
  for (let p = 0; p < mask.length; p++) {
    if (mask[p] === 1) {
      dist[p] = 0;
      frontier.push(p);
    }
  }
  for (let d = 1; d <= limit && frontier.length > 0; d++) {
    const next: number[] = [];
    for (const p of frontier) {
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          const q = yy * width + xx;
          if ((dist[q] ?? 0) > d) {
            dist[q] = d;
            next.push(q);
          }
        }
      }
    }
    frontier = next;
  }
  return dist;
}

export function confidenceParts(
  model: PromptModel,
  mask: Uint8Array,
  params: GraphCutParams,
): ConfidenceParts {
  const { width, height, smooth, sign } = model;
  let inside = 0;
  let insideN = 0;
  let ring = 0;
  let ringN = 0;
  const dist = distanceOutside(mask, width, height, RING_OUTER);
  for (let p = 0; p < mask.length; p++) {
    const d = dist[p] ?? 0;
    if (d === 0) {
      inside += smooth[p] ?? 0;
      insideN++;
    } else if (d >= RING_INNER && d <= RING_OUTER) {
      ring += smooth[p] ?? 0;
      ringN++;
    }
  }
  if (insideN === 0 || ringN === 0) return { stability: 0, cnr: 0, confidence: 0 };
  const cnr = Math.max(0, (sign * (inside / insideN - ring / ringN)) / model.noise);

  const cut = (threshold: number): Uint8Array => {
    const raw = graphCutMask(model, { ...params, threshold });
    return fillHoles(keepSeededComponents(raw, width, height, model.fgPixels), width, height);
  };
  const stability = maskIoU(
    cut(params.threshold - STABILITY_SHIFT),
    cut(params.threshold + STABILITY_SHIFT),
  );
  const stabilityScore = Math.min(
    1,
    Math.max(0, (stability - STABILITY_LOW) / (STABILITY_HIGH - STABILITY_LOW)),
  );
  const contrastScore = 1 - Math.exp(-cnr / CNR_SCALE);
  const confidence = Math.min(1, Math.max(0, stabilityScore * contrastScore));
  return { stability, cnr, confidence };
}

export function computeConfidence(
  model: PromptModel,
  mask: Uint8Array,
  params: GraphCutParams,
): number {
  return confidenceParts(model, mask, params).confidence;
}
