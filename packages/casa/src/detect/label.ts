import type { BlobStats } from './blob-stats.js';
import type { SubtractedFrame } from './background.js';

/**
 * Labels per pixel, reused across frames. Instead of clearing the map every frame, each frame's
 * labels start above the previous frame's largest one (`base`), so "labelled this frame" is simply
 * `labels[p] > base`. The map is cleared only when the numbers run out.
 */
export class LabelMap {
  labels = new Int32Array(0);
  base = 0;
  next = 0;

  /** Starts a new frame of `size` pixels. */
  reset(size: number): void {
    if (this.labels.length !== size || this.next > 2_000_000_000) {
      this.labels = new Int32Array(size);
      this.next = 0;
    }
    this.base = this.next;
  }

  /** A fresh label for this frame. */
  take(): number {
    this.next += 1;
    return this.next;
  }

  /** Whether pixel `p` got a label in this frame. */
  isLabelled(p: number): boolean {
    return (this.labels[p] ?? 0) > this.base;
  }
}

/**
 * Hysteresis labelling: 8-connected components of pixels at or above `low`, kept when their peak
 * reaches `high`. Accumulates area, intensity-weighted centroid (weight = signal - low + 1), second
 * moments, box and boundary length while flood-filling, so no pixel is visited twice.
 */
export class BlobLabeller {
  readonly map = new LabelMap();
  private stack = new Int32Array(0);
  /** The row of each pixel on the stack, so no pixel's row is computed from its index. */
  private rows = new Int32Array(0);
  /** The pixels labelled in this frame, in the order they were taken off the stack. */
  private members = new Int32Array(0);

  label(
    frame: SubtractedFrame,
    width: number,
    height: number,
    low: number,
    high: number,
    /**
     * Decides instead of `peak >= high` whether a blob is kept, from its peak signal and the pixel
     * where it lies.
     */
    keep?: (peak: number, peakPixel: number) => boolean,
    /**
     * Blobs are filled only from pixels at or above this, so a blob whose peak is below it is
     * neither filled, labelled nor kept: by default `high` without `keep` (such a blob could not
     * pass) and `low` with it, unless the caller gives the lowest peak its `keep` passes. At a low
     * growing threshold noise makes many small blobs, which then cost nothing.
     */
    seedAt: number = keep ? low : high,
  ): BlobStats[] {
    const { signal, candidates, candidateCount } = frame;
    const size = width * height;
    this.map.reset(size);
    if (this.stack.length !== size) {
      this.stack = new Int32Array(size);
      this.rows = new Int32Array(size);
      this.members = new Int32Array(size);
    }
    const { stack, rows, members, map } = this;
    const labels = map.labels;
    const blobs: BlobStats[] = [];
    // Pixels labelled in this frame, in the order they were filled: marked in the signal (see
    // VISITED) until the frame is done, so a candidate in a blob already filled reads below `low`.
    let labelled = 0;
    for (let c = 0; c < candidateCount; c++) {
      const start = candidates[c] ?? 0;
      if ((signal[start] ?? 0) < seedAt) continue;
      const label = map.take();
      // The sums live in locals while the blob fills; a blob object is made only for a kept blob
      // (most components of a real recording are specks of noise or glow that are not).
      let area = 0;
      let boundary = 0;
      let peak = 0;
      let weight = 0;
      let wx = 0;
      let wy = 0;
      let sx = 0;
      let sy = 0;
      let sxx = 0;
      let syy = 0;
      let sxy = 0;
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      let peakPixel = start;
      let top = 0;
      stack[top] = start;
      rows[top++] = Math.floor(start / width);
      // While the blob fills, a pixel put on the stack is marked in the signal itself (see
      // VISITED): the neighbour test then reads one array, not the signal and the labels.
      signal[start] = (signal[start] ?? 0) - VISITED;
      while (top > 0) {
        const p = stack[--top] ?? 0;
        const y = rows[top] ?? 0;
        const x = p - y * width;
        members[labelled++] = p;
        labels[p] = label;
        const v = (signal[p] ?? 0) + VISITED;
        const w = v - low + 1;
        if (v > peak) {
          peakPixel = p;
          peak = v;
        }
        area += 1;
        weight += w;
        wx += w * x;
        wy += w * y;
        sx += x;
        sy += y;
        sxx += x * x;
        syy += y * y;
        sxy += x * y;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
        let edge = false;
        if (x > 0 && x < width - 1 && y > 0 && y < height - 1) {
          // Inside the frame: the eight neighbours in the general loop's order, without its checks
          // (unrolled: the hottest loop of the detector on a real recording).
          const above = p - width;
          const below = p + width;
          const up = y - 1;
          const down = y + 1;
          if ((signal[above - 1] ?? 0) >= low) top = mark(signal, stack, rows, top, above - 1, up);
          let s = signal[above] ?? 0;
          if (s >= low) top = mark(signal, stack, rows, top, above, up);
          else if (outside(s)) edge = true;
          if ((signal[above + 1] ?? 0) >= low) top = mark(signal, stack, rows, top, above + 1, up);
          s = signal[p - 1] ?? 0;
          if (s >= low) top = mark(signal, stack, rows, top, p - 1, y);
          else if (outside(s)) edge = true;
          s = signal[p + 1] ?? 0;
          if (s >= low) top = mark(signal, stack, rows, top, p + 1, y);
          else if (outside(s)) edge = true;
          if ((signal[below - 1] ?? 0) >= low)
            top = mark(signal, stack, rows, top, below - 1, down);
          s = signal[below] ?? 0;
          if (s >= low) top = mark(signal, stack, rows, top, below, down);
          else if (outside(s)) edge = true;
          if ((signal[below + 1] ?? 0) >= low)
            top = mark(signal, stack, rows, top, below + 1, down);
        } else {
          for (let dy = -1; dy <= 1; dy++) {
            const ny = y + dy;
            if (ny < 0 || ny >= height) {
              edge = true;
              continue;
            }
            for (let dx = -1; dx <= 1; dx++) {
              const nx = x + dx;
              if ((dx === 0 && dy === 0) || nx < 0 || nx >= width) continue;
              const q = ny * width + nx;
              const s = signal[q] ?? 0;
              if (s < low) {
                // Boundary: a 4-neighbour outside the blob.
                if ((dx === 0 || dy === 0) && outside(s)) edge = true;
                continue;
              }
              top = mark(signal, stack, rows, top, q, ny);
            }
          }
        }
        if (edge) boundary += 1;
      }
      if (keep ? !keep(peak, peakPixel) : peak < high) continue;
      blobs.push({
        members: [label],
        area,
        boundary,
        peak,
        weight,
        wx,
        wy,
        sx,
        sy,
        sxx,
        syy,
        sxy,
        minX,
        minY,
        maxX,
        maxY,
      });
    }
    // Every blob is whole: the labelled pixels get their signal back.
    for (let i = 0; i < labelled; i++) {
      const p = members[i] ?? 0;
      signal[p] = (signal[p] ?? 0) + VISITED;
    }
    return blobs;
  }
}

/**
 * Taken off a pixel's signal while its blob fills: signals lie within ±512 (grey levels against a
 * background) and the empty blocks hold -32768, so a marked pixel is below every threshold, yet
 * told apart from the pixels outside the blob (see `outside`).
 */
const VISITED = 16384;

/** Whether a signal below the threshold is a pixel outside the blob (not one marked in it). */
function outside(signal: number): boolean {
  return signal > -VISITED / 2 || signal < -VISITED - VISITED / 2;
}

/** Marks pixel `q` (in row `row`) and puts it on the stack; the new top. */
function mark(
  signal: Int16Array,
  stack: Int32Array,
  rows: Int32Array,
  top: number,
  q: number,
  row: number,
): number {
  signal[q] = (signal[q] ?? 0) - VISITED;
  stack[top] = q;
  rows[top] = row;
  return top + 1;
}
