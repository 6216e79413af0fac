/**
 * Point-prompted segmentation of sperm crops.
 *
 * Method: interactive graph cut (Boykov-Kolmogorov max-flow, 4-connected grid, contrast-sensitive
 * n-links, hard seeds at the clicks and the crop border, linear log-likelihood data term from the
 * seed intensity levels, weak distance prior). Chosen over a marker watershed on gradient magnitude
 * by measured IoU with the true head mask (synthetic 128x128 crops, segment-bench.ts):
 *   - 20 tuning seeds, 1 point:  graph cut 0.936 at the midpoint threshold (0.5), 0.973 with the
 *     threshold at 0.4 of the contrast (the dark halo pulls the edge inward); watershed 0.952.
 *   - harder crops (noise 16, blur 1.8), 1 point: graph cut 0.917 vs watershed 0.815.
 *   - 20 held-out seeds, 1 point: graph cut 0.968 vs watershed 0.946 (3 points: 0.967).
 * Cost: ~3-10 ms per cut; a prompt runs 3 cuts (1 + 2 for the confidence), ~10-20 ms mean.
 * A random walker was not tried (time budget).
 */
import { computeConfidence } from './confidence.js';
import type { GraphCutParams } from './graph-cut.js';
import { DEFAULT_GRAPH_CUT, graphCutMask } from './graph-cut.js';
import { fillHoles, keepSeededComponents } from './mask.js';
import type { PromptModel } from './prompt-model.js';
import { buildPromptModel } from './prompt-model.js';
import type { GrayImage, PromptPoint, SegmentOptions, SegmentResult } from './types.js';
import { watershedMask } from './watershed.js';

export type SegmentMethod = 'graph-cut' | 'watershed';

/** Component(s) holding the foreground points, holes filled. */
export function finishMask(raw: Uint8Array, model: PromptModel): Uint8Array {
  const kept = keepSeededComponents(raw, model.width, model.height, model.fgPixels);
  return fillHoles(kept, model.width, model.height);
}

/** Raw mask by one method (used by the benchmark to compare methods). */
export function rawMask(
  model: PromptModel,
  method: SegmentMethod,
  params: GraphCutParams = DEFAULT_GRAPH_CUT,
): Uint8Array {
  switch (method) {
    case 'graph-cut':
      return graphCutMask(model, params);
    case 'watershed':
      return watershedMask(model);
  }
}

/** Mask only, by a chosen method, without confidence. */
export function segmentMaskWith(
  image: GrayImage,
  points: readonly PromptPoint[],
  method: SegmentMethod,
  options: SegmentOptions = {},
  params: GraphCutParams = DEFAULT_GRAPH_CUT,
): Uint8Array {
  const model = buildPromptModel(image, points, options.polarity ?? 'auto');
  return finishMask(rawMask(model, method, params), model);
}

/**
 * Segments the object under the foreground prompt points. Returns the mask (0/1, image size) of the
 * connected component(s) containing the foreground points with holes filled, a confidence in 0..1
 * and a quality label ('Good' when confidence > 0.7).
 */
export function segmentFromPoints(
  image: GrayImage,
  points: readonly PromptPoint[],
  options: SegmentOptions = {},
): SegmentResult {
  const model = buildPromptModel(image, points, options.polarity ?? 'auto');
  const mask = finishMask(graphCutMask(model, DEFAULT_GRAPH_CUT), model);
  const confidence = computeConfidence(model, mask, DEFAULT_GRAPH_CUT);
  return { mask, confidence, quality: confidence > 0.7 ? 'Good' : 'Fair' };
}
