import type { Detection, FrameDetectionResponse, UpdateDetectionRequest } from '@sarm/contracts';
import type { DetectionRow, FrameRow } from '../db/schema/index.js';
import { notFound } from '../http/errors.js';
import type { JobRegistry } from '../jobs/job-registry.js';
import type { TaskQueue } from '../jobs/task-queue.js';
import type { DetectionsRepository } from '../repositories/detections.repository.js';
import type { AuthContext } from './access.js';
import { cropKey, maskKey, visualizationKey, type DetectionRunner } from './detection-runner.js';
import type { VideosService } from './videos.service.js';

export const DETECTION_MESSAGES = {
  notFound: 'Detection not found',
  maskNotFound: 'Mask not found',
} as const;

/** The URL the web app fetches a detection's mask PNG from. */
export const maskUrl = (detectionId: string) => `/api/sarm/media/view-mask/${detectionId}`;

export function toDetection(row: DetectionRow): Detection {
  return {
    id: row.id,
    class: row.className,
    className: row.className,
    confidence: row.confidence,
    x1: row.x1,
    y1: row.y1,
    x2: row.x2,
    y2: row.y2,
    source: row.source,
    verified: row.verified,
    modelId: row.modelId,
    hasMask: row.hasMask,
    updated_at: row.updatedAt.toISOString(),
  };
}

function frameResponse(frame: FrameRow, rows: readonly DetectionRow[]): FrameDetectionResponse {
  return {
    detections: rows.map(toDetection),
    video_id: frame.videoId,
    frame_number: frame.frameNumber,
    detection_count: rows.length,
    metadata: {
      width: frame.width,
      height: frame.height,
      processingStatus: rows.length > 0 ? 'completed' : 'pending',
    },
  };
}

/** Detection endpoints (spec 1 §7 Detection) inside the projects a user may see. */
export function createDetectionService(deps: {
  videos: VideosService;
  detections: DetectionsRepository;
  runner: DetectionRunner;
  queue: TaskQueue<JobRegistry>;
  now: () => Date;
}) {
  const { videos, detections, runner } = deps;

  async function forFrame(auth: AuthContext, frameId: string) {
    const frame = await videos.findFrame(auth, frameId);
    return frameResponse(frame, await detections.listByFrame(frame.id));
  }

  async function detect(auth: AuthContext, frameId: string) {
    const frame = await videos.findFrame(auth, frameId);
    return frameResponse(frame, await runner.detectFrame(frame));
  }

  async function detectFrames(auth: AuthContext, frameIds: readonly string[]) {
    const unique = [...new Set(frameIds)];
    for (const id of unique) await videos.findFrame(auth, id);
    const task = await deps.queue.enqueueTask(
      'detection.detect_frames',
      { frameIds: unique },
      auth.user.id,
    );
    return { success: true as const, task_id: task.id, taskId: task.id, status: task.status };
  }

  async function deleteForFrame(auth: AuthContext, frameId: string) {
    const frame = await videos.findFrame(auth, frameId);
    const removed = await detections.removeByFrame(frame.id);
    await runner.deleteFiles(frame.id, removed);
    return { success: true as const, message: `${removed.length} detections deleted` };
  }

  /** The detection and its frame when the user may see the frame; 404 otherwise. */
  async function find(auth: AuthContext, id: string) {
    const row = await detections.findById(id);
    if (row === undefined) throw notFound(DETECTION_MESSAGES.notFound);
    try {
      return { row, frame: await videos.findFrame(auth, row.frameId) };
    } catch {
      throw notFound(DETECTION_MESSAGES.notFound);
    }
  }

  async function update(auth: AuthContext, id: string, body: UpdateDetectionRequest) {
    const { row, frame } = await find(auth, id);
    const updated = await detections.update(row.id, {
      ...(body.verified === undefined ? {} : { verified: body.verified }),
      ...(body.class === undefined ? {} : { className: body.class }),
      ...(body.box === undefined ? {} : { ...body.box, source: 'manual', hasMask: false }),
      updatedAt: deps.now(),
    });
    if (updated === undefined) throw notFound(DETECTION_MESSAGES.notFound);
    if (body.box !== undefined) {
      await runner.deleteMask(updated);
      await runner.redraw(frame);
    }
    return toDetection(updated);
  }

  async function remove(auth: AuthContext, id: string) {
    const { row, frame } = await find(auth, id);
    await detections.remove(row.id);
    await runner.deleteDetectionFiles(row);
    await runner.redraw(frame);
    return { success: true as const, message: 'Detection deleted' };
  }

  async function detail(auth: AuthContext, id: string) {
    const { row, frame } = await find(auth, id);
    const video = await videos.findVisible(auth, frame.videoId);
    return {
      detection: toDetection(row),
      frame: { frameNumber: frame.frameNumber, width: frame.width, height: frame.height },
      video: { name: video.name },
      mask: row.hasMask ? { id: row.id, mask_url: maskUrl(row.id) } : null,
    };
  }

  async function cropFile(auth: AuthContext, id: string) {
    return cropKey((await find(auth, id)).row);
  }

  /** Storage key of the detection's mask PNG; 404 `Mask not found` when it has none. */
  async function maskFile(auth: AuthContext, id: string) {
    const { row } = await find(auth, id);
    if (!row.hasMask) throw notFound(DETECTION_MESSAGES.maskNotFound);
    return maskKey(row);
  }

  async function visualizationFile(auth: AuthContext, frameId: string) {
    return visualizationKey((await videos.findFrame(auth, frameId)).id);
  }

  return {
    forFrame,
    detect,
    detectFrames,
    deleteForFrame,
    update,
    remove,
    detail,
    cropFile,
    maskFile,
    visualizationFile,
  };
}
export type DetectionService = ReturnType<typeof createDetectionService>;
