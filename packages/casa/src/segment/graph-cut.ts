/**
 * Interactive graph cut (Boykov-Jolly style) on the 4-connected grid: hard t-links at the seeds,
 * soft t-links from a two-level intensity model fitted to the seeds, contrast-sensitive n-links.
 */
import { createGridGraph, minCutSourceSide } from './grid-maxflow.js';
import type { PromptModel } from './prompt-model.js';
import { objectContrast } from './prompt-model.js';

export interface GraphCutParams {
  /** Weight of the n-links relative to the data term. */
  readonly lambda: number;
  /** Edge scale of the n-links, as a fraction of the object contrast. */
  readonly edgeScale: number;
  /** Clamp of the per-pixel data term (in units of the n-link weight). */
  readonly dataClamp: number;
  /** Background cost per pixel beyond `priorRadius` from the nearest foreground point. */
  readonly priorSlope: number;
  readonly priorRadius: number;
  /** Where between background (0) and foreground (1) level the data term changes sign. */
  readonly threshold: number;
}

export const DEFAULT_GRAPH_CUT: GraphCutParams = {
  lambda: 1,
  edgeScale: 0.25,
  dataClamp: 3,
  priorSlope: 0.3,
  priorRadius: 14,
  threshold: 0.4,
};

const HARD = 1e6;

/** Returns the raw source-side mask of the cut. */
export function graphCutMask(model: PromptModel, params: GraphCutParams): Uint8Array {
  const { width, height, smooth, sign, seeds, fgDistance } = model;
  const n = width * height;
  const contrast = objectContrast(model);
  const level = model.bgLevel + sign * params.threshold * contrast;
  const graph = createGridGraph(width, height);
  const { edges, terminal } = graph;
  // Data term: log-likelihood ratio of two equal-variance Gaussians at the fg / bg levels, which is
  // linear in the intensity: contrast * (s - level) / noise^2, halved twice to soften it, clamped.
  const dataScale = contrast / (model.smoothNoise * model.smoothNoise) / 4;
  for (let p = 0; p < n; p++) {
    const s = seeds[p] ?? 0;
    if (s === 1) {
      terminal[p] = HARD;
      continue;
    }
    if (s === 2) {
      terminal[p] = -HARD;
      continue;
    }
    const z = sign * ((smooth[p] ?? 0) - level) * dataScale;
    let t = Math.max(-params.dataClamp, Math.min(params.dataClamp, z));
    const d = (fgDistance[p] ?? 0) - params.priorRadius;
    if (d > 0) t -= params.priorSlope * d;
    terminal[p] = t;
  }
  const sigmaE = Math.max(1e-3, params.edgeScale * contrast);
  const inv = 1 / (2 * sigmaE * sigmaE);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const v = smooth[p] ?? 0;
      if (x < width - 1) {
        const dv = v - (smooth[p + 1] ?? 0);
        const w = params.lambda * Math.exp(-dv * dv * inv);
        edges[p * 4] = w;
        edges[(p + 1) * 4 + 1] = w;
      }
      if (y < height - 1) {
        const dv = v - (smooth[p + width] ?? 0);
        const w = params.lambda * Math.exp(-dv * dv * inv);
        edges[p * 4 + 2] = w;
        edges[(p + width) * 4 + 3] = w;
      }
    }
  }
  return minCutSourceSide(graph);
}
