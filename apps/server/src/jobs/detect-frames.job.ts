import { DetectionConfigSchema } from '@sarm/contracts';
import { z } from 'zod';
import type { VideosRepository } from '../repositories/videos.repository.js';
import type { DetectionRunner } from '../services/detection-runner.js';
import { defineJob } from './job-definition.js';
import { framesLink, plural, videoNotice } from './job-notices.js';

/** The progress message of the detection job; the status route reads the counts back from it. */
export const detectProgressMessage = (current: number, total: number) =>
  `Detected ${current} of ${total} frames`;

const FinalCounts = z.object({ current: z.number().int(), total: z.number().int() });

/** Reads `{current, total}` back from the job's result or, while it runs, its progress message. */
export function parseDetectProgress(
  message: string | null,
  result: unknown = null,
): { current: number; total: number } {
  const final = FinalCounts.safeParse(result);
  if (final.success) return final.data;
  const match = /Detected (\d+) of (\d+) frames/.exec(message ?? '');
  return { current: Number(match?.[1] ?? 0), total: Number(match?.[2] ?? 0) };
}

/** Runs classical detection on each listed frame (replacing its detections), one after another. */
export function createDetectFramesJob(deps: {
  videos: VideosRepository;
  detectionRunner: DetectionRunner;
}) {
  return defineJob({
    name: 'detection.detect_frames',
    title: 'Sperm detection',
    payload: z.object({
      frameIds: z.array(z.string()).min(1),
      config: DetectionConfigSchema.optional(),
    }),
    retryLimit: 1,
    retryDelaySeconds: 5,
    async notice(payload, outcome) {
      // The frames of one run come from one screen, so the first frame's video names it.
      const [first] = payload.frameIds;
      const frame = first === undefined ? undefined : await deps.videos.findFrame(first);
      const subject =
        frame === undefined ? undefined : await deps.videos.findSubject(frame.videoId);
      const counts = z
        .object({ detections: z.number(), total: z.number() })
        .safeParse(outcome.ok && outcome.result);
      const detail = counts.success
        ? `${plural(counts.data.detections, 'detection')} in ${plural(counts.data.total, 'frame')}.`
        : `${plural(payload.frameIds.length, 'frame')} checked.`;
      return videoNotice({
        action: 'Sperm detection',
        subject,
        outcome: outcome.ok ? { ok: true, detail } : outcome,
        link: framesLink(subject),
      });
    },
    async handler(payload, context) {
      const total = payload.frameIds.length;
      await context.reportProgress(0, 'detecting', detectProgressMessage(0, total));
      let detections = 0;
      const failed: string[] = [];
      const videoIds = new Set<string>();
      for (const [index, frameId] of payload.frameIds.entries()) {
        context.signal.throwIfAborted();
        const frame = await deps.videos.findFrame(frameId);
        if (frame === undefined) failed.push(frameId);
        else {
          detections += (await deps.detectionRunner.detectFrame(frame, payload.config)).length;
          videoIds.add(frame.videoId);
        }
        const current = index + 1;
        await context.reportProgress(
          (100 * current) / total,
          'detecting',
          detectProgressMessage(current, total),
        );
      }
      // Fresh boxes of a video's frames are linked into tracks for track-aware annotation.
      for (const videoId of videoIds) await deps.detectionRunner.linkTracks(videoId);
      return { current: total, total, detections, failed };
    },
  });
}
