/** The trained head detector behind the CASA engine's `Detector` interface. */
import type { CasaSettings, Detection, Detector, GrayFrame, HeadMorphometry } from '@sarm/casa';
import type { HeadPrediction } from '../types.js';
import { detectHeads, thresholdOf } from './infer.js';
import type { HeadDetectorModel } from './model.js';

/** Settings of a {@link TrainedHeadDetector}. */
export interface TrainedHeadDetectorOptions {
  /** Heat a peak needs to count as a head; the model's own (see `thresholdOf`) when left out. */
  readonly threshold?: number;
}

/**
 * Runs a trained head detector where `analyzeFrames` expects a detector (its `detector` option).
 * Every prediction is one sperm head. The network predicts boxes, not masks, so the morphometry is
 * that of the ellipse inscribed in the box ({@link boxMorphometry}), the angle only tells a wide
 * box (0) from a tall one (π/2), and no `mask` is given. Of the settings only `umPerPixel` is used:
 * the model learned polarity and thresholds from its training frames. The model stays the caller's
 * to dispose. Needs `initBackend()` to have finished.
 */
export class TrainedHeadDetector implements Detector {
  private readonly threshold: number;

  constructor(
    private readonly model: HeadDetectorModel,
    options: TrainedHeadDetectorOptions = {},
  ) {
    this.threshold = options.threshold ?? thresholdOf(model);
  }

  detect(frame: GrayFrame, settings: CasaSettings): Detection[] {
    return detectHeads(this.model, frame, this.threshold).map((p) =>
      toDetection(p, settings.umPerPixel),
    );
  }
}

/** A predicted head as a casa detection of one sperm head. */
export function toDetection(p: HeadPrediction, umPerPixel: number): Detection {
  const boxWidth = p.x2 - p.x1;
  const boxHeight = p.y2 - p.y1;
  return {
    x: p.x,
    y: p.y,
    x1: p.x1,
    y1: p.y1,
    x2: p.x2,
    y2: p.y2,
    confidence: p.confidence,
    className: 'sperm',
    cellCount: 1,
    angle: boxHeight > boxWidth ? Math.PI / 2 : 0,
    morphometry: boxMorphometry(boxWidth, boxHeight, umPerPixel),
  };
}

/**
 * Head shape of the ellipse whose axes are a box's sides, in µm: area π/4·L·W, length L, width W,
 * ellipticity L/W and the perimeter by Ramanujan's approximation π(3(a+b) − √((3a+b)(a+3b))) with
 * semi-axes a = L/2, b = W/2. An approximation: a rotated head's box is wider than the head.
 */
export function boxMorphometry(
  boxWidthPx: number,
  boxHeightPx: number,
  umPerPixel: number,
): HeadMorphometry {
  const length = Math.max(boxWidthPx, boxHeightPx) * umPerPixel;
  const width = Math.min(boxWidthPx, boxHeightPx) * umPerPixel;
  const a = length / 2;
  const b = width / 2;
  return {
    area_um2: (Math.PI / 4) * length * width,
    length_um: length,
    width_um: width,
    ellipticity: width > 0 ? length / width : 1,
    perimeter_um: Math.PI * (3 * (a + b) - Math.sqrt((3 * a + b) * (a + 3 * b))),
  };
}
