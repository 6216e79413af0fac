import type {
  Detection,
  DetectionConfig,
  FrameDetectionResponse,
  UpdateDetectionRequest,
} from '@sarm/contracts';
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

/** The URL of a prompted mask's visualisation PNG (the mask and its points over the crop). */
export const maskVisualizationUrl = (detectionId: string) =>
  `/api/sarm/media/view-mask-visualization/${detectionId}`;

/** The URL the web app fetches a detection's crop JPEG from. */
export const cropUrl = (detectionId: string) => `/api/sarm/media/view-crop/${detectionId}`;

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
    detection_id: row.id,
    sperm_detection_id: row.id,
    frame_id: row.frameId,
    width: row.x2 - row.x1,
    height: row.y2 - row.y1,
    track_id: row.trackId,
    crop_url: cropUrl(row.id),
  };
}

function frameResponse(
  frame: FrameRow,
  rows: readonly DetectionRow[],
  total = rows.length,
): FrameDetectionResponse {
  return {
    detections: rows.map(toDetection),
    video_id: frame.videoId,
    frame_number: frame.frameNumber,
    detection_count: total,
    metadata: {
      width: frame.width,
      height: frame.height,
      processingStatus: total > 0 ? 'completed' : 'pending',
    },
  };
}

type Box = { x1: number; y1: number; x2: number; y2: number };

/**
 * The change from `before` to `after` (shift of the centre, growth of each side) applied to
 * `target`, kept inside the frame and at least 1 px.
 */
export function shiftBox(
  target: Box,
  before: Box,
  after: Box,
  frame: { width: number; height: number },
): Box {
  const dx = (after.x1 + after.x2 - before.x1 - before.x2) / 2;
  const dy = (after.y1 + after.y2 - before.y1 - before.y2) / 2;
  const grow = (target: number, b: number, a: number, limit: number) =>
    Math.min(limit, Math.max(1, target + a - b));
  const width = grow(
    target.x2 - target.x1,
    before.x2 - before.x1,
    after.x2 - after.x1,
    frame.width,
  );
  const height = grow(
    target.y2 - target.y1,
    before.y2 - before.y1,
    after.y2 - after.y1,
    frame.height,
  );
  const cx = (target.x1 + target.x2) / 2 + dx;
  const cy = (target.y1 + target.y2) / 2 + dy;
  const x1 = Math.min(Math.max(0, cx - width / 2), frame.width - width);
  const y1 = Math.min(Math.max(0, cy - height / 2), frame.height - height);
  return { x1, y1, x2: x1 + width, y2: y1 + height };
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

  /** One page of a frame's detections; `detection_count` is the frame's total. */
  async function forFrame(
    auth: AuthContext,
    frameId: string,
    page: { limit: number; offset: number },
  ) {
    const frame = await videos.findFrame(auth, frameId);
    const { rows, total } = await detections.pageByFrame(frame.id, page.limit, page.offset);
    return frameResponse(frame, rows, total);
  }

  async function detect(auth: AuthContext, frameId: string, config?: DetectionConfig) {
    const frame = await videos.findFrame(auth, frameId);
    return frameResponse(frame, await runner.detectFrame(frame, config));
  }

  async function detectFrames(
    auth: AuthContext,
    frameIds: readonly string[],
    config?: DetectionConfig,
  ) {
    const unique = [...new Set(frameIds)];
    for (const id of unique) await videos.findFrame(auth, id);
    const task = await deps.queue.enqueueTask(
      'detection.detect_frames',
      { frameIds: unique, ...(config === undefined ? {} : { config }) },
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

  /**
   * Moves, resizes, reclassifies or verifies a box; any edit by a person verifies it. With
   * `propagate: 'track'` the same move and resize is applied to the track's boxes on the video's
   * later frames (clamped to each frame), so one correction follows the cell.
   */
  async function update(auth: AuthContext, id: string, body: UpdateDetectionRequest) {
    const { row, frame } = await find(auth, id);
    const updated = await detections.update(row.id, {
      verified: body.verified ?? true,
      ...(body.class === undefined ? {} : { className: body.class }),
      ...(body.box === undefined ? {} : { ...body.box, source: 'manual', hasMask: false }),
      updatedAt: deps.now(),
    });
    if (updated === undefined) throw notFound(DETECTION_MESSAGES.notFound);
    if (body.box !== undefined) {
      await runner.deleteMask(updated);
      await runner.refreshAfterEdit(frame, [updated]);
    }
    const propagated =
      body.box !== undefined && body.propagate === 'track' && row.trackId !== null
        ? await propagateAlongTrack(frame, row, body.box)
        : 0;
    const detection = toDetection(updated);
    return {
      ...detection,
      success: true as const,
      message: 'Detection updated',
      detection,
      propagated,
    };
  }

  async function propagateAlongTrack(frame: FrameRow, before: DetectionRow, box: Box) {
    if (before.trackId === null) return 0;
    const later = await detections.laterInTrack(frame.videoId, before.trackId, frame.frameNumber);
    for (const { detection, frame: laterFrame } of later) {
      const moved = shiftBox(detection, before, box, laterFrame);
      const row = await detections.update(detection.id, {
        ...moved,
        source: 'manual',
        verified: true,
        hasMask: false,
        updatedAt: deps.now(),
      });
      if (row !== undefined) {
        await runner.deleteMask(row);
        await runner.refreshAfterEdit(laterFrame, [row]);
      }
    }
    return later.length;
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
    find,
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
