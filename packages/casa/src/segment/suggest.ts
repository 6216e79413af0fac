/**
 * Prompt suggestion from a detection box: foreground points at the head centre and along the tail
 * ridge, background points at the crop corners and on debris. Deterministic (no randomness).
 */
import { estimateNoise, gaussianSmooth, median } from './prompt-model.js';
import type { GrayImage, PixelBox, PromptPoint } from './types.js';

/** Scale (px) of the Hessian used to find the tail ridge. */
const RIDGE_SIGMA = 1.5;
/** Tracing step along the tail, px. */
const STEP = 2;
/** Largest turn per step while tracing, radians. */
const MAX_TURN = (40 * Math.PI) / 180;
const MAX_TAIL_LENGTH = 90;
/** First tail point is placed at least this far (px, along the trace) from the head edge. */
const TAIL_START = 4;
/** Margin (px) around the head box inside which no background point is placed. */
const HEAD_MARGIN = 4;
const MAX_DEBRIS_POINTS = 3;

interface Hessian {
  readonly xx: Float32Array;
  readonly yy: Float32Array;
  readonly xy: Float32Array;
}

function hessian(s: Float32Array, width: number, height: number): Hessian {
  const n = width * height;
  const xx = new Float32Array(n);
  const yy = new Float32Array(n);
  const xy = new Float32Array(n);
  const at = (x: number, y: number): number =>
    s[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))] ?? 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const c = at(x, y);
      xx[p] = at(x + 1, y) - 2 * c + at(x - 1, y);
      yy[p] = at(x, y + 1) - 2 * c + at(x, y - 1);
      xy[p] = (at(x + 1, y + 1) - at(x + 1, y - 1) - at(x - 1, y + 1) + at(x - 1, y - 1)) / 4;
    }
  }
  return { xx, yy, xy };
}

/**
 * Line-likeness at (x, y) for a line running in direction `angle`: |second derivative across| -
 * |second derivative along|. High on a thin bright or dark line aligned with `angle`, low on blobs,
 * flat areas and on edges/halos running across the direction.
 */
function ridgeScore(
  h: Hessian,
  width: number,
  height: number,
  x: number,
  y: number,
  angle: number,
): number {
  const xi = Math.round(x);
  const yi = Math.round(y);
  if (xi < 1 || yi < 1 || xi >= width - 1 || yi >= height - 1) return -Infinity;
  const p = yi * width + xi;
  const hxx = h.xx[p] ?? 0;
  const hyy = h.yy[p] ?? 0;
  const hxy = h.xy[p] ?? 0;
  const tx = Math.cos(angle);
  const ty = Math.sin(angle);
  const along = tx * tx * hxx + 2 * tx * ty * hxy + ty * ty * hyy;
  const across = ty * ty * hxx - 2 * tx * ty * hxy + tx * tx * hyy;
  return Math.abs(across) - Math.abs(along);
}

/**
 * Suggests prompt points for the sperm whose head lies in `box`. Returns first the head-centre
 * foreground point, then up to `numPoints - 1` foreground points spread along the traced tail, then
 * background points (crop corners away from the head, then at most three debris blobs).
 * `numPoints` counts the foreground points only.
 */
export function suggestPoints(image: GrayImage, box: PixelBox, numPoints = 5): PromptPoint[] {
  const { width, height, data } = image;
  const x1 = Math.max(0, Math.min(box.x1, box.x2));
  const x2 = Math.min(width - 1, Math.max(box.x1, box.x2));
  const y1 = Math.max(0, Math.min(box.y1, box.y2));
  const y2 = Math.min(height - 1, Math.max(box.y1, box.y2));
  const smooth = gaussianSmooth(data, width, height, 1);
  const noise = estimateNoise(image);

  // Background level from a 3-px crop border; head polarity from the box's inner half.
  const borderValues: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (Math.min(x, y, width - 1 - x, height - 1 - y) < 3) {
        borderValues.push(smooth[y * width + x] ?? 0);
      }
    }
  }
  const bg = median(borderValues);
  const bcx = (x1 + x2) / 2;
  const bcy = (y1 + y2) / 2;
  const hw = (x2 - x1) / 2;
  const hh = (y2 - y1) / 2;
  let inner = 0;
  let innerN = 0;
  let peak = 0;
  for (let y = Math.ceil(bcy - hh / 2); y <= Math.floor(bcy + hh / 2); y++) {
    for (let x = Math.ceil(bcx - hw / 2); x <= Math.floor(bcx + hw / 2); x++) {
      const v = (smooth[y * width + x] ?? 0) - bg;
      inner += v;
      innerN++;
      if (Math.abs(v) > Math.abs(peak)) peak = v;
    }
  }
  const sign = (innerN > 0 ? inner : peak) >= 0 ? 1 : -1;

  // Head centre: centroid of the box pixels above half the box's peak contrast (falls back to the
  // box centre when that centroid is not itself such a pixel).
  let maxContrast = 0;
  for (let y = y1; y <= y2; y++) {
    for (let x = x1; x <= x2; x++) {
      maxContrast = Math.max(maxContrast, sign * ((smooth[y * width + x] ?? 0) - bg));
    }
  }
  const half = maxContrast / 2;
  let sx = 0;
  let sy = 0;
  let sn = 0;
  for (let y = y1; y <= y2; y++) {
    for (let x = x1; x <= x2; x++) {
      if (sign * ((smooth[y * width + x] ?? 0) - bg) > half) {
        sx += x;
        sy += y;
        sn++;
      }
    }
  }
  let cx = Math.round(bcx);
  let cy = Math.round(bcy);
  if (sn > 0) {
    const mx = Math.round(sx / sn);
    const my = Math.round(sy / sn);
    if (sign * ((smooth[my * width + mx] ?? 0) - bg) > half) {
      cx = mx;
      cy = my;
    }
  }
  const points: PromptPoint[] = [{ x: cx, y: cy, label: 1 }];

  // Tail: best outward ray from the head edge, then greedy tracing along the ridge.
  const ridgeImage = gaussianSmooth(data, width, height, RIDGE_SIGMA);
  const h = hessian(ridgeImage, width, height);
  const headRadius = Math.max(hw, hh);
  const rayStart = headRadius + 1;
  const rayEnd = headRadius + 12;
  let bestAngle = 0;
  let bestRay = -Infinity;
  const ANGLES = 72;
  for (let k = 0; k < ANGLES; k++) {
    const angle = (2 * Math.PI * k) / ANGLES;
    let acc = 0;
    let count = 0;
    for (let r = rayStart; r <= rayEnd; r += 1) {
      const v = ridgeScore(
        h,
        width,
        height,
        cx + r * Math.cos(angle),
        cy + r * Math.sin(angle),
        angle,
      );
      if (v === -Infinity) break;
      acc += v;
      count++;
    }
    const score = count > 0 ? acc / count : -Infinity;
    if (score > bestRay) {
      bestRay = score;
      bestAngle = angle;
    }
  }
  // Ridge noise level: a Hessian second difference of smoothed noise; stop when the ridge fades.
  const hxxAbs: number[] = [];
  for (let p = 0; p < width * height; p += 3) hxxAbs.push(Math.abs(h.xx[p] ?? 0));
  const ridgeNoise = median(hxxAbs) / 0.6745;
  const trace: { x: number; y: number }[] = [];
  let px = cx + rayStart * Math.cos(bestAngle);
  let py = cy + rayStart * Math.sin(bestAngle);
  let heading = bestAngle;
  let weak = 0;
  if (bestRay > 0.15 * ridgeNoise) {
    for (let travelled = 0; travelled < MAX_TAIL_LENGTH; travelled += STEP) {
      let best = -Infinity;
      let bestHeading = heading;
      for (let turn = -MAX_TURN; turn <= MAX_TURN + 1e-9; turn += MAX_TURN / 4) {
        const a = heading + turn;
        const qx = px + STEP * Math.cos(a);
        const qy = py + STEP * Math.sin(a);
        // Look one step further too so a single noisy pixel does not steer the trace.
        const s =
          ridgeScore(h, width, height, qx, qy, a) +
          ridgeScore(h, width, height, qx + STEP * Math.cos(a), qy + STEP * Math.sin(a), a);
        if (s > best) {
          best = s;
          bestHeading = a;
        }
      }
      if (best === -Infinity) break;
      // Two look-ahead samples against the mean ridge of the entry ray; two weak steps end the tail.
      weak = best < Math.max(bestRay, 0.3 * ridgeNoise) ? weak + 1 : 0;
      if (weak >= 2) break;
      heading = bestHeading;
      px += STEP * Math.cos(heading);
      py += STEP * Math.sin(heading);
      trace.push({ x: px, y: py });
    }
  }
  const tailPoints = Math.max(0, numPoints - 1);
  const usable = trace.slice(Math.ceil(TAIL_START / STEP));
  for (let k = 0; k < tailPoints && usable.length > 0; k++) {
    const t = tailPoints === 1 ? 0.5 : k / (tailPoints - 1);
    const q = usable[Math.min(usable.length - 1, Math.round(t * (usable.length - 1)))];
    if (q === undefined) continue;
    const x = Math.round(q.x);
    const y = Math.round(q.y);
    if (!points.some((p) => p.x === x && p.y === y)) points.push({ x, y, label: 1 });
  }

  // Background: corners away from the head, then the strongest debris blobs.
  const nearHead = (x: number, y: number): boolean =>
    x >= x1 - HEAD_MARGIN &&
    x <= x2 + HEAD_MARGIN &&
    y >= y1 - HEAD_MARGIN &&
    y <= y2 + HEAD_MARGIN;
  const nearTail = (x: number, y: number): boolean =>
    trace.some((q) => Math.hypot(q.x - x, q.y - y) < 4);
  for (const [x, y] of [
    [2, 2],
    [width - 3, 2],
    [2, height - 3],
    [width - 3, height - 3],
  ] as const) {
    if (!nearHead(x, y) && !nearTail(x, y)) points.push({ x, y, label: 0 });
  }
  const debrisThreshold = Math.max(4 * noise * 0.35, 0.4 * maxContrast);
  const seen = new Uint8Array(width * height);
  const blobs: { x: number; y: number; score: number }[] = [];
  for (let start = 0; start < width * height; start++) {
    if (seen[start] === 1 || Math.abs((smooth[start] ?? 0) - bg) <= debrisThreshold) continue;
    const stack = [start];
    seen[start] = 1;
    let score = 0;
    let extreme = start;
    let touchesHead = false;
    while (stack.length > 0) {
      const p = stack.pop() ?? 0;
      const x = p % width;
      const y = (p - x) / width;
      const v = Math.abs((smooth[p] ?? 0) - bg);
      score += v;
      if (v > Math.abs((smooth[extreme] ?? 0) - bg)) extreme = p;
      if (nearHead(x, y) || nearTail(x, y)) touchesHead = true;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          const q = yy * width + xx;
          if (seen[q] === 1 || Math.abs((smooth[q] ?? 0) - bg) <= debrisThreshold) continue;
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    if (touchesHead) continue;
    const ex = extreme % width;
    blobs.push({ x: ex, y: (extreme - ex) / width, score });
  }
  blobs.sort((a, b) => b.score - a.score || a.y - b.y || a.x - b.x);
  for (const blob of blobs.slice(0, MAX_DEBRIS_POINTS)) {
    points.push({ x: blob.x, y: blob.y, label: 0 });
  }
  return points;
}
