import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { AnalysisRequestsRepository } from '../repositories/analysis-requests.repository.js';
import type { VideosRepository } from '../repositories/videos.repository.js';
import type { VideoAnalysisRunner } from '../services/analysis.service.js';
import type { NotificationContent } from '../services/notifications.service.js';
import { defineJob, TaskAbortedError } from './job-definition.js';
import { videoNotice } from './job-notices.js';

const RETRY_LIMIT = 1;
/** Progress is written at most this often (percentage points), not once per frame. */
const PROGRESS_STEP = 5;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const HeadlineFigures = z.object({
  motility: z.object({ total_motility_percent: z.number() }),
  concentration: z.object({ mean_concentration_million_per_ml: z.number() }),
});

/** "42% total motility, 12.5 million/ml": the figures a notice leads with. */
export function resultDetail(result: unknown): string {
  const figures = HeadlineFigures.safeParse(result);
  if (!figures.success) return 'The results are ready.';
  const { motility, concentration } = figures.data;
  return `${Math.round(motility.total_motility_percent)}% total motility, ${concentration.mean_concentration_million_per_ml.toFixed(1)} million/ml.`;
}

/** Link of the per-video analysis screen, carried by the notifications. */
export const analysisLink = (videoId: string) => `/sarm/analysis/${videoId}`;

/**
 * Runs the CASA engine over the whole video of an analysis request (reusing a stored analysis made
 * with the same settings), then marks the request completed with its analysis, or failed with the
 * reason once no retry is left, and tells the submitter.
 */
export function createVideoAnalyzeJob(deps: {
  analysisRequests: AnalysisRequestsRepository;
  videos: VideosRepository;
  analysisRunner: VideoAnalysisRunner;
  notify: (userId: string, content: NotificationContent) => Promise<void>;
  clock: Clock;
}) {
  const { analysisRequests: requests, clock } = deps;
  return defineJob({
    name: 'video.analyze',
    title: 'Video analysis',
    payload: z.object({ requestId: z.string() }),
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 5,
    timeLimitSeconds: 60 * 60,
    notifiesItself: true,
    async handler(payload, context) {
      const request = await requests.findById(payload.requestId);
      // Deleted with its video, or finished by an earlier attempt: nothing left to do.
      if (request === undefined) return { requestId: payload.requestId, skipped: true };
      if (request.status === 'completed')
        return { requestId: request.id, analysisId: request.analysisId, reused: true };
      await requests.update(request.id, {
        status: 'in-progress',
        error: null,
        taskId: context.taskId,
        updatedAt: clock.now(),
      });
      const tell = async (content: NotificationContent) => {
        if (request.createdBy !== null) await deps.notify(request.createdBy, content);
      };
      const subject = await deps.videos.findSubject(request.videoId);
      const link = analysisLink(request.videoId);
      let outcome: { analysisId: string; reused: boolean; detail: string };
      try {
        await context.reportProgress(0, 'analyzing', 'Analysing the video');
        const video = await deps.videos.findById(request.videoId);
        if (video === undefined) throw new Error('Video not found');
        let reported = 0;
        const { row, reused } = await deps.analysisRunner.analyse(video, request.createdBy, {
          onProgress: (done, total) => {
            // Throwing here stops the engine when the task is cancelled or the worker stops.
            context.signal.throwIfAborted();
            const percent = total > 0 ? Math.min(99, (100 * done) / total) : 0;
            if (percent - reported < PROGRESS_STEP) return;
            reported = percent;
            context
              .reportProgress(percent, 'analyzing', `Analysed ${done} of ${total} frames`)
              .catch(() => undefined); // a cancellation surfaces through the signal above
          },
        });
        await context.reportProgress(100, 'completed', 'Analysis completed');
        outcome = { analysisId: row.id, reused, detail: resultDetail(row.result) };
      } catch (error) {
        const reason: unknown = context.signal.reason;
        const cancelled = reason instanceof TaskAbortedError && reason.reason === 'cancelled';
        const message = reason instanceof TaskAbortedError ? reason.message : errorText(error);
        const final = cancelled || context.attempt >= RETRY_LIMIT;
        await requests.update(request.id, {
          status: final ? 'failed' : 'pending',
          error: message,
          updatedAt: clock.now(),
        });
        if (final)
          await tell(
            videoNotice({ action: 'Analysis', subject, outcome: { ok: false, message }, link }),
          );
        throw error;
      }
      await requests.update(request.id, {
        status: 'completed',
        analysisId: outcome.analysisId,
        error: null,
        updatedAt: clock.now(),
      });
      await tell(
        videoNotice({
          action: 'Analysis',
          subject,
          outcome: { ok: true, detail: outcome.detail },
          link,
        }),
      );
      return { requestId: request.id, analysisId: outcome.analysisId, reused: outcome.reused };
    },
  });
}
