import {
  DetectFramesResponseSchema,
  DetectFramesStatusSchema,
  DetectionDetailResponseSchema,
  FrameDetectionResponseSchema,
  FrameSchema,
  type DetectFramesStatus,
  type DetectionConfig,
  type DetectionDetailResponse,
  type Frame,
  type FrameDetectionResponse,
} from '@sarm/contracts';
import { apiClient } from './apiClient';

export const detectionKeys = {
  frame: (frameId: string) => ['sarm', 'detection', 'frame', frameId] as const,
  frameInfo: (frameId: string) => ['sarm', 'detection', 'frame-info', frameId] as const,
  detail: (id: string) => ['sarm', 'detection', 'detail', id] as const,
  status: (taskId: string) => ['sarm', 'detection', 'status', taskId] as const,
};

export const fetchFrameDetections = (frameId: string): Promise<FrameDetectionResponse> =>
  apiClient.requestParsed(
    `/sarm/detection/view-result/${encodeURIComponent(frameId)}`,
    FrameDetectionResponseSchema,
  );

export const fetchFrame = (frameId: string): Promise<Frame> =>
  apiClient.requestParsed(`/sarm/frame/get-frame/${encodeURIComponent(frameId)}`, FrameSchema);

export const fetchDetectionDetail = (id: string): Promise<DetectionDetailResponse> =>
  apiClient.requestParsed(
    `/sarm/detection/get-detail-detection/${encodeURIComponent(id)}`,
    DetectionDetailResponseSchema,
  );

/** Queues detection on the frames; answers the task id. */
export async function detectFrames(
  frameIds: readonly string[],
  config?: DetectionConfig,
): Promise<string> {
  const answer = await apiClient.requestParsed(
    '/sarm/detection/detect-frames',
    DetectFramesResponseSchema,
    { method: 'POST', body: { frame_ids: frameIds, ...(config === undefined ? {} : { config }) } },
  );
  return answer.task_id;
}

export const fetchDetectStatus = (taskId: string): Promise<DetectFramesStatus> =>
  apiClient.requestParsed(
    `/sarm/detection/detect-frames/status/${encodeURIComponent(taskId)}`,
    DetectFramesStatusSchema,
  );
