import {
  FrameDetectionResponseSchema,
  type DetectionConfig,
  type FrameDetectionResponse,
} from '@sarm/contracts';
import { apiClient } from '../apiClient';

export const detectionRunKeys = {
  videoDetections: (videoId: string) => ['sarm', 'detection', 'video', videoId] as const,
};

/** Runs the detector on one frame at once (replaces that frame's detections). */
export const detectFrame = (
  frameId: string,
  config: DetectionConfig,
): Promise<FrameDetectionResponse> =>
  apiClient.requestParsed('/sarm/detection/detect-sperm', FrameDetectionResponseSchema, {
    method: 'POST',
    body: { frame_id: frameId, config },
  });
