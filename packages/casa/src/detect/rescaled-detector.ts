import type { CasaSettings } from '../settings.js';
import type { GrayFrame } from '../types.js';
import type { Detection, Detector } from './types.js';

/**
 * A frame resampled by `factor` (2: twice as many pixels each way), bilinear, pixel centres kept:
 * frame pixel x lands at (x + 0.5) * factor - 0.5.
 */
export function resampleFrame(frame: GrayFrame, factor: number): GrayFrame {
  const width = Math.max(1, Math.round(frame.width * factor));
  const height = Math.max(1, Math.round(frame.height * factor));
  const data = new Uint8Array(width * height);
  const fx = frame.width / width;
  const fy = frame.height / height;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(frame.height - 1, Math.max(0, (y + 0.5) * fy - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(frame.height - 1, y0 + 1);
    const ty = sy - y0;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(frame.width - 1, Math.max(0, (x + 0.5) * fx - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(frame.width - 1, x0 + 1);
      const tx = sx - x0;
      const top =
        frame.data[y0 * frame.width + x0]! * (1 - tx) + frame.data[y0 * frame.width + x1]! * tx;
      const bottom =
        frame.data[y1 * frame.width + x0]! * (1 - tx) + frame.data[y1 * frame.width + x1]! * tx;
      data[y * width + x] = Math.round(top * (1 - ty) + bottom * ty);
    }
  }
  return { index: frame.index, width, height, data };
}

/** Below this relative difference of scales frames are not resampled (it would only blur them). */
const SAME_SCALE_TOLERANCE = 0.05;

/**
 * Runs a detector that learnt heads at one scale (µm per pixel) on frames of another: each frame is
 * resampled so a head has the size in pixels the detector saw in training, and the detections are
 * mapped back to frame pixels. Their morphometry is in µm already (the inner detector is told the
 * scale it works at), so it stands as it is; masks, drawn at the other scale, are left out.
 */
export class RescaledDetector implements Detector {
  constructor(
    private readonly inner: Detector,
    /** The scale of the detector's training frames, µm per pixel. */
    readonly umPerPixel: number,
  ) {}

  /** How many times a frame at `umPerPixel` is enlarged for the detector (1: not resampled). */
  factorFor(umPerPixel: number): number {
    const factor = umPerPixel / this.umPerPixel;
    return Math.abs(factor - 1) <= SAME_SCALE_TOLERANCE ? 1 : factor;
  }

  detect(frame: GrayFrame, settings: CasaSettings): Detection[] | Promise<Detection[]> {
    const factor = this.factorFor(settings.umPerPixel);
    if (factor === 1) return this.inner.detect(frame, settings);
    const inner = { ...settings, umPerPixel: this.umPerPixel };
    const found = this.inner.detect(resampleFrame(frame, factor), inner);
    const back = (list: Detection[]) => list.map((d) => toFramePixels(d, factor));
    return Array.isArray(found) ? back(found) : found.then(back);
  }
}

/** A detection made on a frame resampled by `factor`, in the original frame's pixels. */
function toFramePixels(d: Detection, factor: number): Detection {
  const at = (v: number) => (v + 0.5) / factor - 0.5;
  const { mask: _mask, ...rest } = d;
  return {
    ...rest,
    x: at(d.x),
    y: at(d.y),
    x1: Math.floor(d.x1 / factor),
    y1: Math.floor(d.y1 / factor),
    x2: Math.ceil(d.x2 / factor),
    y2: Math.ceil(d.y2 / factor),
  };
}
