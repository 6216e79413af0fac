import type { Frame } from '@sarm/contracts';

/** Frames shown first and added by Load More (spec 2 §9). */
export const INITIAL_FRAMES = 50;
export const LOAD_MORE_FRAMES = 20;

/** The extraction dialog's choices and the spec's slider ranges and defaults (spec 2 §9). */
export interface ExtractionSettings {
  readonly method: 'fps' | 'count';
  readonly fps: number;
  readonly count: number;
  readonly maxFrames: number;
  readonly quality: number;
}
export const DEFAULT_EXTRACTION: ExtractionSettings = {
  method: 'fps',
  fps: 5,
  count: 30,
  maxFrames: 50,
  quality: 95,
};
export const RANGES = {
  fps: { min: 1, max: 30, step: 1 },
  count: { min: 5, max: 100, step: 5 },
  maxFrames: { min: 10, max: 200, step: 10 },
  quality: { min: 50, max: 100, step: 5 },
} as const;

/** The API's extraction config for the dialog's settings. */
export function extractionConfig(settings: ExtractionSettings) {
  return settings.method === 'fps'
    ? {
        method: 'fps' as const,
        fps: settings.fps,
        quality: settings.quality,
        maxFrames: settings.maxFrames,
      }
    : {
        method: 'count' as const,
        fps: DEFAULT_EXTRACTION.fps,
        count: settings.count,
        quality: settings.quality,
        maxFrames: Math.max(settings.maxFrames, settings.count),
      };
}

/** Figures of the Statistics tab. */
export function frameStatistics(frames: readonly Frame[]) {
  const withDetections = frames.filter((frame) => frame.detectionCount > 0);
  const detections = withDetections.reduce((sum, frame) => sum + frame.detectionCount, 0);
  return {
    total: frames.length,
    selected: frames.filter((frame) => frame.selected).length,
    withDetections: withDetections.length,
    withoutDetections: frames.length - withDetections.length,
    detections,
    meanPerFrame: withDetections.length === 0 ? 0 : detections / withDetections.length,
    annotated: frames.filter((frame) => frame.annotated).length,
  };
}

/** The frame annotation page of a frame. */
export function annotateFramePath(frame: Frame, datasetId: string): string {
  const params = new URLSearchParams({ frameId: frame.id, videoId: frame.videoId, datasetId });
  return `/finetune/annotation/detection/frame?${params.toString()}`;
}
