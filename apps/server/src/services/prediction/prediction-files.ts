/** Storage keys of a prediction's files. */
export const predictionKeys = (predictionId: string) => ({
  /** Every frame's boxes as JSON (see `StoredPredictionDetections`). */
  detections: `predictions/${predictionId}/detections.json`,
  frame: (frameNumber: number) => `predictions/${predictionId}/frame_${frameNumber}.jpg`,
  folder: `predictions/${predictionId}`,
});

/** A box: x1, y1, x2, y2 (pixels) and confidence 0-1. */
export type StoredBox = readonly [number, number, number, number, number];

/** What a detection prediction stores of every frame. */
export interface StoredPredictionDetections {
  readonly video: { width: number; height: number; fps: number; frames: number };
  readonly frames: readonly {
    readonly frame: number;
    readonly boxes: readonly StoredBox[];
    /** Morphology predictions: the class of each box. */
    readonly labels?: readonly string[];
  }[];
}

/** Up to `count` frame numbers spread evenly over `total` frames. */
export function sampleFrameNumbers(total: number, count: number): number[] {
  if (total <= 0) return [];
  const n = Math.min(count, total);
  const picked = new Set<number>();
  for (let i = 0; i < n; i++) picked.add(Math.floor(((i + 0.5) * total) / n));
  return [...picked];
}
