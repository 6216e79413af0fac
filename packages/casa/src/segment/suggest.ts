/**
 * Prompt suggestion from a detection box: foreground points at the head centre and along the tail
 * ridge, background points at the crop corners and on debris. Deterministic (no randomness).
 */
import { median } from '../stats/median.js';
import { estimateNoise, gaussianSmooth } from './prompt-model.js';
import type { GrayImage, PixelBox, PromptPoint } from './types.js';

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
/** Length (px) of the segment the line filter integrates ahead of the trace. */
const SEGMENT = 8;
/** Distance (px) of the filter's two side lines from its centre line. */
const SIDE = 3;
/** The tail is followed while its line response stays above this many noise units. */
const LINE_SNR = 2;
/**
 * Share of the traced tail the foreground points spread over: the trace's last steps are the least
 * certain (it may run on a little past a fading tail), so the last point stays short of them.
 */
const TAIL_SPAN = 0.85;

/** Bilinear sample of `s` (clamped to the image). */
function sample(s: Float32Array, width: number, height: number, x: number, y: number): number {
  const fx = Math.min(width - 1.001, Math.max(0, x));
  const fy = Math.min(height - 1.001, Math.max(0, y));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const ax = fx - x0;
  const ay = fy - y0;
  const p = y0 * width + x0;
  return (
    (1 - ay) * ((1 - ax) * (s[p] ?? 0) + ax * (s[p + 1] ?? 0)) +
    ay * ((1 - ax) * (s[p + width] ?? 0) + ax * (s[p + width + 1] ?? 0))
  );
}

/**
 * Oriented line filter for a line of `polarity` (1 bright, -1 dark): along a segment from (x, y) in
 * direction `angle`, the smaller of the centre line's contrast against each of the two parallel
 * side lines `SIDE` px away, averaged over the segment. High only where the centre differs from
 * both sides the same way: near zero on flat ground, on edges and beside a line (one side agrees
 * with the centre), and across a radial halo (both sides see the same ring). Integrating over the
 * segment lifts a tail of a few grey levels out of per-pixel noise. NaN when the segment leaves
 * the image.
 */
function lineResponse(
  s: Float32Array,
  width: number,
  height: number,
  from: { x: number; y: number; angle: number },
  polarity: number,
  start: number,
  end: number,
): number {
  const tx = Math.cos(from.angle);
  const ty = Math.sin(from.angle);
  const ex = from.x + end * tx;
  const ey = from.y + end * ty;
  if (ex < 1 || ey < 1 || ex > width - 2 || ey > height - 2) return Number.NaN;
  let centre = 0;
  let left = 0;
  let right = 0;
  let count = 0;
  for (let t = start; t <= end; t += 1) {
    const px = from.x + t * tx;
    const py = from.y + t * ty;
    centre += sample(s, width, height, px, py);
    left += sample(s, width, height, px - SIDE * ty, py + SIDE * tx);
    right += sample(s, width, height, px + SIDE * ty, py - SIDE * tx);
    count++;
  }
  return (polarity * Math.min(polarity * (centre - left), polarity * (centre - right))) / count;
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

  // Tail: the outward ray from the head edge with the strongest line response (either polarity),
  // then greedy tracing that keeps the polarity and follows the strongest segment ahead.
  const headRadius = Math.max(hw, hh);
  const rayStart = headRadius + 1;
  const rayLength = 12;
  // Noise of one response: the smoothed pixel noise averaged over the segment's samples.
  const responseNoise = (noise * 0.35 * Math.sqrt(1.5)) / Math.sqrt(SEGMENT + 1);
  let bestAngle = 0;
  let bestRay = 0;
  const ANGLES = 72;
  let polarity = 1;
  for (let k = 0; k < ANGLES; k++) {
    const ray = { x: cx, y: cy, angle: (2 * Math.PI * k) / ANGLES };
    for (const p of [1, -1]) {
      const r = p * lineResponse(smooth, width, height, ray, p, rayStart, rayStart + rayLength);
      if (r > bestRay) {
        bestRay = r;
        bestAngle = ray.angle;
        polarity = p;
      }
    }
  }
  const floor = LINE_SNR * responseNoise;
  const trace: { x: number; y: number }[] = [];
  let px = cx + rayStart * Math.cos(bestAngle);
  let py = cy + rayStart * Math.sin(bestAngle);
  let heading = bestAngle;
  let weak = 0;
  if (bestRay > floor) {
    for (let travelled = 0; travelled < MAX_TAIL_LENGTH; travelled += STEP) {
      let best = -Infinity;
      let bestHeading = heading;
      for (let turn = -MAX_TURN; turn <= MAX_TURN + 1e-9; turn += MAX_TURN / 4) {
        const a = heading + turn;
        const r =
          polarity *
          lineResponse(smooth, width, height, { x: px, y: py, angle: a }, polarity, 1, SEGMENT);
        // A slight preference for going straight steadies the trace in noise.
        const score = r - 0.1 * Math.abs(turn) * floor;
        if (score > best) {
          best = score;
          bestHeading = a;
        }
      }
      if (!Number.isFinite(best)) break;
      // Two weak steps in a row end the tail.
      weak = best < floor ? weak + 1 : 0;
      if (weak >= 2) break;
      heading = bestHeading;
      px += STEP * Math.cos(heading);
      py += STEP * Math.sin(heading);
      trace.push({ x: px, y: py });
    }
    // Drop the steps taken after the tail had already faded.
    if (weak > 0) trace.splice(trace.length - weak, weak);
  }
  const tailPoints = Math.max(0, numPoints - 1);
  const usable = trace.slice(Math.ceil(TAIL_START / STEP));
  for (let k = 0; k < tailPoints && usable.length > 0; k++) {
    const t = tailPoints === 1 ? 0.4 : (TAIL_SPAN * k) / (tailPoints - 1);
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
