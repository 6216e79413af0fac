import type { SubtractedFrame } from './background.js';

/** The value of a pixel of the map that no threshold reaches (as in the subtracted signal). */
const BELOW_EVERY_THRESHOLD = -32768;

/**
 * Side of the box mean and of the opening's square, µm: half a head's width (a head is about 3 µm
 * wide, so the square fits inside it wherever the head is), about twice a flagellum's width with
 * the optics' blur.
 */
export const DARK_HEAD_WINDOW_UM = 1.5;

/** The two sides of {@link DarkHeadOpening} in pixels at a calibration. */
export interface DarkHeadWindows {
  /** Odd side of the centred box mean (1: none). */
  readonly box: number;
  /** Side of the opening's square, at least 2. */
  readonly square: number;
}

/**
 * The sides at a calibration: the box mean {@link DARK_HEAD_WINDOW_UM} rounded up to an odd number
 * of pixels (3 at 0.5 to 1 µm/px, 7 at 0.25, none at 1.5), the square rounded (3 at 0.5 µm/px,
 * 2 from 0.8 µm/px on).
 */
export function darkHeadWindows(umPerPixel: number): DarkHeadWindows {
  const px = DARK_HEAD_WINDOW_UM / umPerPixel;
  return {
    box: 2 * Math.max(0, Math.ceil((px - 1) / 2)) + 1,
    square: Math.max(2, Math.round(px)),
  };
}

/**
 * The signal of dark heads with their flagella taken out: a box mean (the noise of a dim head's
 * pixels averages out), then a grey-level opening (the largest of the minima over the squares
 * holding a pixel). Under bright-field optics the flagellum is dark like the head, a line one or
 * two pixels wide that joins heads to their tails at any threshold low enough for a head out of
 * focus; the opening keeps every structure at least a square wide at its contrast and takes the
 * lines down to the background, so the thresholds can follow the heads' own contrast.
 *
 * Computed at the candidates (pixels whose own contrast reaches the candidate floor) and their
 * eight neighbours only: the box mean reaches the floor only near a candidate, and the neighbours
 * fill the pixels of a dim head that noise put under it. A box reaching outside the candidates'
 * blocks reads those pixels' own contrast (`signalAt`). Buffers are reused across frames.
 */
export class DarkHeadOpening {
  private signal = new Int16Array(0);
  private candidates = new Int32Array(0);
  /** Box mean at a pixel, valid where marked in this frame. */
  private boxMean = new Int16Array(0);
  private boxMark = new Uint32Array(0);
  /** Minimum over the square whose top-left pixel is the index, valid where marked. */
  private squareMin = new Int16Array(0);
  private squareMark = new Uint32Array(0);
  /** Pixels whose opened value was computed in this frame. */
  private visited = new Uint32Array(0);
  private generation = 0;
  /** Where the last frame's values were written, to clear them. */
  private written = new Int32Array(0);
  private writtenCount = 0;

  /**
   * The opened map of `frame`: its signal, and the candidates where it reaches `candidateFloor`;
   * `signalAt` and the histogram stay the frame's own (the noise is that of single pixels).
   */
  open(
    frame: SubtractedFrame,
    width: number,
    height: number,
    windows: DarkHeadWindows,
    candidateFloor: number,
  ): SubtractedFrame {
    this.prepare(width * height);
    const { signal, candidates, written } = this;
    for (let i = 0; i < this.writtenCount; i++) signal[written[i] ?? 0] = BELOW_EVERY_THRESHOLD;
    this.writtenCount = 0;
    this.nextGeneration();
    const side = windows.square;
    const { visited, generation } = this;
    let count = 0;
    for (let c = 0; c < frame.candidateCount; c++) {
      const candidate = frame.candidates[c] ?? 0;
      const cx = candidate % width;
      const cy = (candidate - cx) / width;
      for (let py = Math.max(0, cy - 1); py <= Math.min(height - 1, cy + 1); py++) {
        for (let px = Math.max(0, cx - 1); px <= Math.min(width - 1, cx + 1); px++) {
          const p = py * width + px;
          if (visited[p] === generation) continue;
          visited[p] = generation;
          let opened = BELOW_EVERY_THRESHOLD;
          for (let qy = Math.max(0, py - side + 1); qy <= Math.min(py, height - side); qy++) {
            for (let qx = Math.max(0, px - side + 1); qx <= Math.min(px, width - side); qx++) {
              const m = this.squareMinAt(frame, width, height, windows, qx, qy);
              if (m > opened) opened = m;
            }
          }
          if (opened < candidateFloor) continue;
          signal[p] = opened;
          written[this.writtenCount++] = p;
          candidates[count++] = p;
        }
      }
    }
    return {
      signal,
      signalAt: frame.signalAt,
      sampleHistogram: frame.sampleHistogram,
      candidates,
      candidateCount: count,
    };
  }

  /** Minimum of the box means over the square whose top-left pixel is (qx, qy). */
  private squareMinAt(
    frame: SubtractedFrame,
    width: number,
    height: number,
    windows: DarkHeadWindows,
    qx: number,
    qy: number,
  ): number {
    const q = qy * width + qx;
    if (this.squareMark[q] === this.generation) return this.squareMin[q] ?? BELOW_EVERY_THRESHOLD;
    let m = 32767;
    for (let y = qy; y < qy + windows.square; y++) {
      for (let x = qx; x < qx + windows.square; x++) {
        const v = this.boxMeanAt(frame, width, height, windows.box, x, y);
        if (v < m) m = v;
      }
    }
    this.squareMark[q] = this.generation;
    this.squareMin[q] = m;
    return m;
  }

  /** Mean contrast over the box of odd side `box` centred on (x, y), clipped at the frame's edges. */
  private boxMeanAt(
    frame: SubtractedFrame,
    width: number,
    height: number,
    box: number,
    x: number,
    y: number,
  ): number {
    const p = y * width + x;
    if (this.boxMark[p] === this.generation) return this.boxMean[p] ?? BELOW_EVERY_THRESHOLD;
    const half = (box - 1) / 2;
    const source = frame.signal;
    let sum = 0;
    let n = 0;
    for (let yy = Math.max(0, y - half); yy <= Math.min(height - 1, y + half); yy++) {
      for (let xx = Math.max(0, x - half); xx <= Math.min(width - 1, x + half); xx++) {
        const i = yy * width + xx;
        const v = source[i] ?? BELOW_EVERY_THRESHOLD;
        // Outside the candidates' blocks the subtracted signal holds no value: read the pixel.
        sum += v === BELOW_EVERY_THRESHOLD ? frame.signalAt(i) : v;
        n += 1;
      }
    }
    const mean = Math.round(sum / n);
    this.boxMark[p] = this.generation;
    this.boxMean[p] = mean;
    return mean;
  }

  private nextGeneration(): void {
    this.generation += 1;
    if (this.generation < 0xfffffff0) return;
    this.boxMark.fill(0);
    this.squareMark.fill(0);
    this.visited.fill(0);
    this.generation = 1;
  }

  private prepare(size: number): void {
    if (this.signal.length === size) return;
    this.signal = new Int16Array(size).fill(BELOW_EVERY_THRESHOLD);
    this.candidates = new Int32Array(size);
    this.boxMean = new Int16Array(size);
    this.boxMark = new Uint32Array(size);
    this.squareMin = new Int16Array(size);
    this.squareMark = new Uint32Array(size);
    this.visited = new Uint32Array(size);
    this.written = new Int32Array(size);
    this.writtenCount = 0;
    this.generation = 0;
  }
}
