import type { AnalysisRequest, SubmitAnalysisRequest } from '@sarm/contracts';
import type { Clock } from '../clock.js';
import type { AnalysisRequestRow, VideoRow } from '../db/schema/index.js';
import { badRequest } from '../http/errors.js';
import type { JobRegistry } from '../jobs/job-registry.js';
import type { TaskQueue } from '../jobs/task-queue.js';
import type { AnalysisRequestsRepository } from '../repositories/analysis-requests.repository.js';
import type { VideosRepository } from '../repositories/videos.repository.js';
import type { AuthContext } from './access.js';

export const FRAME_NOT_OF_VIDEO = 'Every selected frame must belong to the video';

export function toAnalysisRequest(row: AnalysisRequestRow): AnalysisRequest {
  return {
    id: row.id,
    status: row.status,
    videoId: row.videoId,
    frameIds: row.frameIds,
    notes: row.notes,
    taskId: row.taskId,
    analysisId: row.analysisId,
    error: row.error,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** "Submit for Analysis" of frame selection: stores the request and queues the video's analysis. */
export function createAnalysisRequestsService(deps: {
  findVisibleVideo: (auth: AuthContext, id: string) => Promise<VideoRow>;
  videos: Pick<VideosRepository, 'allFrames'>;
  requests: AnalysisRequestsRepository;
  queue: Pick<TaskQueue<JobRegistry>, 'enqueueTask'>;
  clock: Clock;
}) {
  /**
   * Checks the video (404 when not visible) and that every frame is one of its frames (400), marks
   * the frames selected, stores the request as pending and queues `video.analyze`.
   */
  async function submit(auth: AuthContext, body: SubmitAnalysisRequest): Promise<AnalysisRequest> {
    const video = await deps.findVisibleVideo(auth, body.videoId);
    const frameIds = [...new Set(body.frameIds)];
    const own = new Set((await deps.videos.allFrames(video.id)).map((frame) => frame.id));
    const foreign = frameIds.filter((id) => !own.has(id));
    if (foreign.length > 0) throw badRequest(FRAME_NOT_OF_VIDEO, { frameIds: foreign });
    const now = deps.clock.now();
    const row = await deps.requests.insertSelecting({
      videoId: video.id,
      frameIds,
      notes: body.notes?.trim() ?? '',
      status: 'pending',
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
    try {
      const task = await deps.queue.enqueueTask(
        'video.analyze',
        { requestId: row.id },
        auth.user.id,
      );
      const queued = await deps.requests.update(row.id, { taskId: task.id });
      return toAnalysisRequest(queued ?? row);
    } catch (error) {
      await deps.requests.update(row.id, {
        status: 'failed',
        error: 'The analysis could not be queued',
        updatedAt: deps.clock.now(),
      });
      throw error;
    }
  }

  /** The video's requests, newest first (404 when the video is not visible). */
  async function list(auth: AuthContext, videoId: string, page: { limit: number; offset: number }) {
    const video = await deps.findVisibleVideo(auth, videoId);
    const { rows, total } = await deps.requests.pageByVideo(video.id, page.limit, page.offset);
    return { requests: rows.map(toAnalysisRequest), total };
  }

  return { submit, list };
}
export type AnalysisRequestsService = ReturnType<typeof createAnalysisRequestsService>;
