import type { PromptPoint } from '@sarm/casa';

/** City-block distance of every pixel to the nearest pixel where `inside` differs (two passes). */
function distanceToEdge(mask: Uint8Array, width: number, height: number, inside: 0 | 1) {
  const far = width + height;
  const distance = new Float64Array(width * height);
  for (let i = 0; i < distance.length; i++) distance[i] = mask[i] === inside ? far : 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      // Outside the crop counts as the other side, so points keep off the crop's edge.
      const up = y > 0 ? (distance[i - width] ?? 0) : 0;
      const left = x > 0 ? (distance[i - 1] ?? 0) : 0;
      distance[i] = Math.min(distance[i] ?? 0, up + 1, left + 1);
    }
  for (let y = height - 1; y >= 0; y--)
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      const down = y < height - 1 ? (distance[i + width] ?? 0) : 0;
      const right = x < width - 1 ? (distance[i + 1] ?? 0) : 0;
      distance[i] = Math.min(distance[i] ?? 0, down + 1, right + 1);
    }
  return distance;
}

/**
 * `count` pixels of one side of the mask spread over it: the deepest pixel first (farthest from
 * the mask's edge), then each next one farthest from those already chosen.
 */
function spreadPoints(
  mask: Uint8Array,
  width: number,
  height: number,
  inside: 0 | 1,
  count: number,
  label: 0 | 1,
): PromptPoint[] {
  const depth = distanceToEdge(mask, width, height, inside);
  const points: PromptPoint[] = [];
  // Nearness to the chosen points; the first pick goes by depth alone.
  const nearest = new Float64Array(width * height).fill(Infinity);
  for (let n = 0; n < count; n++) {
    let best = -1;
    let bestScore = 0;
    for (let i = 0; i < depth.length; i++) {
      if ((depth[i] ?? 0) < 1) continue;
      const score = n === 0 ? (depth[i] ?? 0) : Math.min(nearest[i] ?? 0, (depth[i] ?? 0) * 4);
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    if (best < 0) break;
    const point = { x: best % width, y: Math.floor(best / width), label };
    points.push(point);
    for (let i = 0; i < nearest.length; i++) {
      const d = Math.hypot((i % width) - point.x, Math.floor(i / width) - point.y);
      if (d < (nearest[i] ?? 0)) nearest[i] = d;
    }
  }
  return points;
}

/**
 * Prompt points from a model's mask of the crop: foreground spread over the mask (its deepest
 * pixel first), background spread over the rest of the crop, `count` of each at most. The
 * caller picks how many of each it answers.
 */
export function suggestPointsInMask(
  mask: Uint8Array,
  width: number,
  height: number,
  count: number,
): { foreground: PromptPoint[]; background: PromptPoint[] } {
  return {
    foreground: spreadPoints(mask, width, height, 1, count, 1),
    background: spreadPoints(mask, width, height, 0, count, 0),
  };
}
