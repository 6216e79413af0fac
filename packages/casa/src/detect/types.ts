import type { GrayFrame } from '../types.js';

/** What a blob was judged to be: a single head, touching cells, or a pinhead/small debris. */
export type DetectionClass = 'sperm' | 'cluster' | 'small_or_pinhead';

/** Head shape measured from the segmented blob, in micrometres. */
export interface HeadMorphometry {
  readonly area_um2: number;
  readonly length_um: number;
  readonly width_um: number;
  /** length / width. */
  readonly ellipticity: number;
  readonly perimeter_um: number;
}

/** One object found in one frame; coordinates in pixels, box corners x1,y1 inclusive, x2,y2 exclusive. */
export interface Detection {
  /** Sub-pixel, intensity-weighted centroid. */
  readonly x: number;
  readonly y: number;
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  /** 0 to 1. */
  readonly confidence: number;
  readonly className: DetectionClass;
  /** How many cells the blob stands for: 1 for a head, the estimate for a cluster, 0 for a pinhead. */
  readonly cellCount: number;
  readonly morphometry: HeadMorphometry;
}

/** Finds heads in a frame. The classical detector implements it; a trained model can replace it. */
export interface Detector {
  detect(frame: GrayFrame): Detection[];
}
