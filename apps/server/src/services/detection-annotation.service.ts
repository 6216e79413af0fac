import type {
  BestCropsQuery,
  BestCropsResponse,
  Crop,
  CreateDetectionRequest,
  DetectionFilterRequest,
} from '@sarm/contracts';
import { CreateDetectionRequestSchema } from '@sarm/contracts';
import type { DetectionRow, FrameRow } from '../db/schema/index.js';
import { cropRect } from '../media/detection-images.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import type { DetectionsRepository } from '../repositories/detections.repository.js';
import type { AuthContext } from './access.js';
import { rankFramesToAnnotate } from './annotation/next-frame.js';
import { cropScore, isolationOf, normaliseSharpness } from './crop-quality.js';
import type { DetectionRunner } from './detection-runner.js';
import type { DatasetsService } from './datasets.service.js';
import { cropUrl, toDetection, type DetectionService } from './detection.service.js';
import type { ProjectScope } from './project-scope.js';
import type { VideosService } from './videos.service.js';

/** Most detections the best-crops ranking reads from one scope. */
export const BEST_CROPS_SCOPE_MAX = 20_000;

/**
 * Annotation of detections beyond the engine's run: boxes drawn by a person, track identities
 * (split, merge) and the suggestion of the next frame to look at.
 */
export function createDetectionAnnotationService(deps: {
  videos: VideosService;
  detections: DetectionsRepository;
  runner: DetectionRunner;
  /** Finds a detection the caller may see (404 otherwise). */
  detection: Pick<DetectionService, 'find'>;
  datasets: Pick<DatasetsService, 'findVisible'>;
  scope: ProjectScope;
  now: () => Date;
}) {
  const { videos, detections, runner, detection } = deps;

  /**
   * Detections the filter names, within the caller's projects; a frame, video or dataset the
   * caller may not see is a 404, as everywhere else.
   */
  async function filtered(auth: AuthContext, request: DetectionFilterRequest) {
    if (request.frame_id !== undefined) await videos.findFrame(auth, request.frame_id);
    if (request.video_id !== undefined) await videos.findVisible(auth, request.video_id);
    if (request.dataset_id !== undefined) await deps.datasets.findVisible(auth, request.dataset_id);
    const { rows, total } = await detections.filter(
      await deps.scope.visibleProjectIds(auth),
      request,
    );
    return { rows, total, limit: request.limit, offset: request.offset };
  }

  async function filter(auth: AuthContext, request: DetectionFilterRequest) {
    const { rows, ...page } = await filtered(auth, request);
    return { detections: rows.map((r) => toDetection(r.detection)), ...page };
  }

  /** A detection's crop: the box grown by the dataset's margin, as the crop JPEG was cut. */
  function toCrop(row: DetectionRow, frame: FrameRow, margin: number): Crop {
    const r = cropRect(row, frame.width, frame.height, margin);
    return {
      id: row.id,
      detection_id: row.id,
      frame_id: frame.id,
      video_id: frame.videoId,
      frame_number: frame.frameNumber,
      confidence: row.confidence,
      bounding_box: { x1: r.x, y1: r.y, x2: r.x + r.w, y2: r.y + r.h },
      width: r.w,
      height: r.h,
      crop_url: cropUrl(row.id),
    };
  }

  /** The crop margin of each video of the rows, in pixels. */
  async function marginsOf(rows: readonly { frame: FrameRow }[]) {
    const margins = new Map<string, number>();
    for (const { frame } of rows)
      if (!margins.has(frame.videoId))
        margins.set(frame.videoId, await runner.cropMarginPx(frame.videoId));
    return margins;
  }

  async function filterCrops(auth: AuthContext, request: DetectionFilterRequest) {
    const { rows, ...page } = await filtered(auth, request);
    const margins = await marginsOf(rows);
    return {
      crops: rows.map((r) => toCrop(r.detection, r.frame, margins.get(r.frame.videoId) ?? 0)),
      ...page,
    };
  }

  /** Every crop of a frame, in position order (top to bottom, then left to right). */
  /** One page of a frame's crops in position order; `total` counts them all. */
  async function frameCrops(
    auth: AuthContext,
    frameId: string,
    page: { limit: number; offset: number },
  ) {
    const frame = await videos.findFrame(auth, frameId);
    const { rows, total } = await detections.pageByFrame(frame.id, page.limit, page.offset);
    const margin = await runner.cropMarginPx(frame.videoId);
    return {
      crops: rows.map((row) => toCrop(row, frame, margin)),
      total,
      limit: page.limit,
      offset: page.offset,
    };
  }

  /** Crops of all frames of a video, in frame order, a page at a time. */
  async function videoCrops(auth: AuthContext, videoId: string, limit: number, offset: number) {
    return filterCrops(auth, { video_id: videoId, limit, offset });
  }

  /**
   * The scope's crops ranked best first for morphology work: sharp (see `laplacianVariance`,
   * stored when the crop is cut, computed once for older rows) and alone on the frame (see
   * `isolationOf`). The scope covers whole frames, so every neighbour of a crop is in it; its
   * first BEST_CROPS_SCOPE_MAX detections are ranked.
   */
  async function bestCrops(auth: AuthContext, query: BestCropsQuery): Promise<BestCropsResponse> {
    const { rows } = await filtered(auth, {
      dataset_id: query.dataset_id,
      video_id: query.video_id,
      frame_id: query.frame_id,
      limit: BEST_CROPS_SCOPE_MAX,
      offset: 0,
    });
    const byFrame = new Map<string, { frame: FrameRow; rows: DetectionRow[] }>();
    for (const { detection: row, frame } of rows) {
      const group = byFrame.get(frame.id) ?? { frame, rows: [] };
      group.rows.push(row);
      byFrame.set(frame.id, group);
    }
    const sharpness = new Map<string, number>();
    for (const { frame, rows: frameRows } of byFrame.values()) {
      const missing = frameRows.filter((row) => row.cropSharpness === null);
      const filled = await runner.fillCropSharpness(frame, missing);
      for (const row of frameRows)
        sharpness.set(row.id, row.cropSharpness ?? filled.get(row.id) ?? 0);
    }
    const margins = await marginsOf(rows);
    const relative = normaliseSharpness(rows.map((r) => sharpness.get(r.detection.id) ?? 0));
    const ranked = rows
      .map(({ detection: row, frame }, i) => {
        const crop = toCrop(row, frame, margins.get(frame.videoId) ?? 0);
        const region = {
          x: crop.bounding_box.x1,
          y: crop.bounding_box.y1,
          w: crop.width,
          h: crop.height,
        };
        const others = (byFrame.get(frame.id)?.rows ?? []).filter((other) => other.id !== row.id);
        const isolation = isolationOf(row, region, others);
        const sharp = relative[i] ?? 0;
        return { ...crop, sharpness: sharp, isolation, score: cropScore(sharp, isolation) };
      })
      .sort((a, b) => b.score - a.score);
    const offset = (query.page - 1) * query.page_size;
    return {
      crops: ranked.slice(offset, offset + query.page_size),
      total: ranked.length,
      limit: query.page_size,
      offset,
      page: query.page,
      page_size: query.page_size,
    };
  }

  /** A box a person drew: source `manual`, verified, inside the frame. */
  async function create(auth: AuthContext, input: CreateDetectionRequest) {
    const body = CreateDetectionRequestSchema.parse(input);
    const frame = await videos.findFrame(auth, body.frame_id);
    if (body.x1 < 0 || body.y1 < 0 || body.x2 > frame.width || body.y2 > frame.height)
      throw badRequest(`The box must lie inside the ${frame.width}x${frame.height} frame`);
    const now = deps.now();
    const row = await detections.insert({
      frameId: frame.id,
      className: body.class,
      confidence: body.confidence,
      x1: body.x1,
      y1: body.y1,
      x2: body.x2,
      y2: body.y2,
      source: 'manual',
      verified: true,
      trackId: body.track_id ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await runner.refreshAfterEdit(frame, [row]);
    return toDetection(row);
  }

  async function get(auth: AuthContext, id: string) {
    return toDetection((await detection.find(auth, id)).row);
  }

  async function listForVideo(auth: AuthContext, videoId: string, limit: number, offset: number) {
    await videos.findVisible(auth, videoId);
    const [rows, total] = await Promise.all([
      detections.listByVideo(videoId, { limit, offset }),
      detections.countByVideo(videoId),
    ]);
    return { detections: rows.map((r) => toDetection(r.detection)), total, limit, offset };
  }

  /** This box and the track's boxes on later frames become a new identity. */
  async function splitTrack(auth: AuthContext, detectionId: string) {
    const { row, frame } = await detection.find(auth, detectionId);
    const trackId = (await detections.maxTrackId(frame.videoId)) + 1;
    const later =
      row.trackId === null
        ? []
        : await detections.laterInTrack(frame.videoId, row.trackId, frame.frameNumber);
    const moved = new Map<string, number>([[row.id, trackId]]);
    for (const { detection } of later) moved.set(detection.id, trackId);
    await detections.setTracks(moved);
    return { success: true as const, track_id: trackId, moved: moved.size };
  }

  /** Every box of `mergeTrackId` joins `keepTrackId`; refused when both have a box on one frame. */
  async function mergeTracks(
    auth: AuthContext,
    body: { video_id: string; keep_track_id: number; merge_track_id: number },
  ) {
    await videos.findVisible(auth, body.video_id);
    if (body.keep_track_id === body.merge_track_id)
      throw badRequest('Choose two different tracks to merge');
    const rows = await detections.listByVideo(body.video_id);
    const keepFrames = new Set(
      rows.filter((r) => r.detection.trackId === body.keep_track_id).map((r) => r.frameNumber),
    );
    const merging = rows.filter((r) => r.detection.trackId === body.merge_track_id);
    if (keepFrames.size === 0 || merging.length === 0) throw notFound('Track not found');
    const clash = merging.find((r) => keepFrames.has(r.frameNumber));
    if (clash !== undefined)
      throw conflict(
        `Both tracks have a box on frame ${clash.frameNumber}; delete one of them first`,
      );
    await detections.setTracks(
      new Map(merging.map((r) => [r.detection.id, body.keep_track_id] as const)),
    );
    return { success: true as const, track_id: body.keep_track_id, moved: merging.length };
  }

  /** The frame of the video most in need of a person's eye (see rankFramesToAnnotate). */
  async function nextFrame(
    auth: AuthContext,
    videoId: string,
    threshold: number,
    excludeFrameId: string | undefined,
  ) {
    await videos.findVisible(auth, videoId);
    const { frames } = await videos.listFrames(auth, videoId, 10_000, 0);
    const boxes = await detections.listByVideo(videoId);
    const perFrame = new Map<string, { confidences: number[]; verified: number; total: number }>();
    for (const { detection } of boxes) {
      const entry = perFrame.get(detection.frameId) ?? { confidences: [], verified: 0, total: 0 };
      entry.total += 1;
      if (detection.verified) entry.verified += 1;
      else entry.confidences.push(detection.confidence);
      perFrame.set(detection.frameId, entry);
    }
    const ranked = rankFramesToAnnotate(
      frames.map((frame) => {
        const entry = perFrame.get(frame.id);
        return {
          frameId: frame.id,
          frameNumber: frame.frameNumber,
          confidences: entry?.confidences ?? [],
          verifiedCount: entry?.verified ?? 0,
          boxCount: entry?.total ?? 0,
        };
      }),
      threshold,
    ).filter((frame) => frame.frameId !== excludeFrameId);
    const best = ranked[0];
    if (best === undefined) throw notFound('Every frame of this video is annotated');
    return {
      frame_id: best.frameId,
      frame_number: best.frameNumber,
      score: best.score,
      reason: best.reason,
    };
  }

  return {
    create,
    get,
    listForVideo,
    filter,
    filterCrops,
    frameCrops,
    videoCrops,
    bestCrops,
    splitTrack,
    mergeTracks,
    nextFrame,
  };
}
export type DetectionAnnotationService = ReturnType<typeof createDetectionAnnotationService>;
