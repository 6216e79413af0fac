/** Drawing soft-edged cell parts (an elliptical head, capsule segments) into a float field. */

/** A point in crop pixels (continuous: pixel i spans [i, i+1)). */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A head: an ellipse along `angle`, narrowed towards its back by `taper` (0 = a plain ellipse). */
export interface HeadShape {
  readonly centre: Point;
  readonly angle: number;
  /** Half length along the axis and half width across it, pixels. */
  readonly a: number;
  readonly b: number;
  readonly taper: number;
}

/** A straight piece of midpiece or tail: every point within `radius` of the segment. */
export interface Segment {
  readonly from: Point;
  readonly to: Point;
  readonly radius: number;
}

/** A field of `width * height` floats in rows. */
export interface Field {
  readonly width: number;
  readonly height: number;
  readonly values: Float32Array;
}

/** Keeps the brighter of each pixel and `brightness` × the part's coverage (0..1, soft edge). */
export function drawPart(field: Field, part: HeadShape | Segment, brightness: number): void {
  const cover = 'centre' in part ? headCoverage(part) : segmentCoverage(part);
  const reach = 'centre' in part ? part.a * 1.6 + 1 : part.radius + 1.5;
  const points = 'centre' in part ? [part.centre] : [part.from, part.to];
  const x0 = Math.max(0, Math.floor(Math.min(...points.map((p) => p.x)) - reach));
  const x1 = Math.min(field.width - 1, Math.ceil(Math.max(...points.map((p) => p.x)) + reach));
  const y0 = Math.max(0, Math.floor(Math.min(...points.map((p) => p.y)) - reach));
  const y1 = Math.min(field.height - 1, Math.ceil(Math.max(...points.map((p) => p.y)) + reach));
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const value = brightness * cover(x + 0.5, y + 0.5);
      const i = y * field.width + x;
      if (value > (field.values[i] ?? 0)) field.values[i] = value;
    }
  }
}

/** A linear ramp one pixel wide across the edge, so thin parts still show. */
function edge(distanceInside: number): number {
  return Math.min(1, Math.max(0, distanceInside + 0.5));
}

function headCoverage(h: HeadShape): (x: number, y: number) => number {
  const cos = Math.cos(h.angle);
  const sin = Math.sin(h.angle);
  return (x, y) => {
    const dx = x - h.centre.x;
    const dy = y - h.centre.y;
    const u = dx * cos + dy * sin;
    const v = -dx * sin + dy * cos;
    const halfWidth = h.b * Math.max(0.25, 1 + (h.taper * Math.max(-1, Math.min(1, u / h.a))) / 2);
    const r = Math.hypot(u / h.a, v / halfWidth);
    // Distance to the outline in pixels, roughly: the radial excess times the local scale.
    return edge((1 - r) * Math.min(h.a, halfWidth));
  };
}

function segmentCoverage(s: Segment): (x: number, y: number) => number {
  const ex = s.to.x - s.from.x;
  const ey = s.to.y - s.from.y;
  const lengthSquared = ex * ex + ey * ey || 1;
  return (x, y) => {
    const t = Math.min(1, Math.max(0, ((x - s.from.x) * ex + (y - s.from.y) * ey) / lengthSquared));
    const d = Math.hypot(x - (s.from.x + t * ex), y - (s.from.y + t * ey));
    return edge(s.radius - d);
  };
}

/** One pass of a separable [1, 2, 1] / 4 blur, edges repeated. */
export function blurField(field: Field): void {
  const { width: w, height: h, values } = field;
  const pass = (step: number, count: number, along: (i: number) => number): void => {
    const src = values.slice();
    for (let i = 0; i < values.length; i += 1) {
      const k = along(i);
      const before = k > 0 ? i - step : i;
      const after = k < count - 1 ? i + step : i;
      values[i] = ((src[before] ?? 0) + 2 * (src[i] ?? 0) + (src[after] ?? 0)) / 4;
    }
  };
  pass(1, w, (i) => i % w);
  pass(w, h, (i) => Math.floor(i / w));
}
