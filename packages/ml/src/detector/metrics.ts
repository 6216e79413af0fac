/** Detection F1: predictions matched one to one to true centres within a radius. */
import type { PixelBox } from '../types.js';

/** Counts that add up over frames. */
export interface MatchCounts {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

/** Matches predicted centres (highest confidence first) greedily to the nearest free true centre. */
export function matchCentres(
  predicted: readonly { x: number; y: number; confidence: number }[],
  truth: readonly PixelBox[],
  radiusPx: number,
): MatchCounts {
  const centres = truth.map((b) => ({ x: (b.x1 + b.x2) / 2, y: (b.y1 + b.y2) / 2 }));
  const used = new Uint8Array(centres.length);
  let tp = 0;
  const order = predicted.slice().sort((a, b) => b.confidence - a.confidence);
  for (const p of order) {
    let best = -1;
    let bestD = radiusPx * radiusPx;
    centres.forEach((c, i) => {
      const d = (c.x - p.x) ** 2 + (c.y - p.y) ** 2;
      if (used[i] === 0 && d <= bestD) {
        best = i;
        bestD = d;
      }
    });
    if (best >= 0) {
      used[best] = 1;
      tp += 1;
    }
  }
  return {
    truePositives: tp,
    falsePositives: predicted.length - tp,
    falseNegatives: centres.length - tp,
  };
}

/** F1 of summed counts; 1 when there was nothing to find and nothing was found. */
export function f1Score(c: MatchCounts): number {
  const denominator = 2 * c.truePositives + c.falsePositives + c.falseNegatives;
  return denominator === 0 ? 1 : (2 * c.truePositives) / denominator;
}
