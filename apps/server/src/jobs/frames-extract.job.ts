import { FrameExtractionConfigSchema, type FrameExtractionConfig } from '@sarm/contracts';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import {
  jpegQScale,
  localFile,
  MediaError,
  putLocalFile,
  runFfmpeg,
  withTempDir,
} from '../media/ffmpeg.js';
import type { VideosRepository } from '../repositories/videos.repository.js';
import type { FileStorage } from '../storage/storage.js';
import { defineJob } from './job-definition.js';
import { framesLink, plural, videoNotice } from './job-notices.js';

/** Sampling rate (frames per second of video) and frame budget for an extraction config. */
export function samplingPlan(
  config: FrameExtractionConfig,
  video: { duration: number; fps: number },
): { rate: number; frames: number } {
  const duration = Math.max(video.duration, 1 / Math.max(video.fps, 1));
  const wanted =
    config.method === 'count'
      ? (config.count ?? config.maxFrames)
      : Math.floor(duration * config.fps);
  const frames = Math.max(1, Math.min(wanted, config.maxFrames));
  const rate = config.method === 'count' ? frames / duration : config.fps;
  return { rate: Math.min(rate, Math.max(video.fps, 1)), frames };
}

/**
 * Extracts JPEG frames at a fixed rate (method `fps`) or spread evenly (`count`), up to
 * `maxFrames`, stores them and records frame rows. The task id is the extraction session: a
 * retry first removes what an earlier attempt stored; on success frames of earlier sessions are
 * replaced.
 */
export function createFramesExtractJob(deps: {
  videos: VideosRepository;
  storage: FileStorage;
  clock: Clock;
}) {
  return defineJob({
    name: 'frames.extract',
    title: 'Frame extraction',
    payload: z.object({ videoId: z.string(), config: FrameExtractionConfigSchema }),
    retryLimit: 1,
    retryDelaySeconds: 5,
    async notice(payload, outcome) {
      const subject = await deps.videos.findSubject(payload.videoId);
      const extracted = z
        .object({ framesExtracted: z.number() })
        .safeParse(outcome.ok && outcome.result);
      return videoNotice({
        action: 'Frame extraction',
        subject,
        outcome: outcome.ok
          ? {
              ok: true,
              detail: `${plural(extracted.success ? extracted.data.framesExtracted : 0, 'frame')} extracted.`,
            }
          : outcome,
        link: framesLink(subject),
      });
    },
    async handler(payload, context) {
      const session = context.taskId;
      const video = await deps.videos.findById(payload.videoId);
      if (video === undefined) throw new Error('Video not found');
      await context.reportProgress(0, 'initializing', 'Reading video');
      const setStatus = (
        processingStatus: 'processing' | 'completed' | 'failed',
        error: string | null,
      ) => deps.videos.update(video.id, { processingStatus, error, updatedAt: deps.clock.now() });
      await setStatus('processing', null);
      try {
        const existing = await deps.videos.allFrames(video.id);
        const stale = existing.filter((frame) => frame.extractionSession === session);
        await deps.videos.deleteFrames(stale.map((frame) => frame.id));
        const plan = samplingPlan(payload.config, video);
        const result = await withTempDir(async (dir) => {
          const source = await localFile(deps.storage, video.playableKey ?? video.originalKey, dir);
          await context.reportProgress(5, 'extracting', `Extracting up to ${plan.frames} frames`);
          await runFfmpeg(
            [
              '-i',
              source,
              '-vf',
              `fps=${plan.rate.toFixed(6)}`,
              '-frames:v',
              String(plan.frames),
              '-q:v',
              String(jpegQScale(payload.config.quality)),
              path.join(dir, 'frame_%05d.jpg'),
            ],
            {
              signal: context.signal,
              onFrames: (done) =>
                void context
                  .reportProgress(
                    5 + (60 * Math.min(done, plan.frames)) / plan.frames,
                    'extracting',
                    `Extracted ${done} of ${plan.frames} frames`,
                  )
                  .catch(() => undefined),
            },
          );
          const files = (await readdir(dir)).filter((name) => /^frame_\d+\.jpg$/.test(name)).sort();
          if (files.length === 0)
            throw new MediaError(
              'No frame could be decoded (the file may be truncated or corrupt)',
            );
          await context.reportProgress(65, 'processing', `Processing ${files.length} frames`);
          const rows = [];
          for (const [index, name] of files.entries()) {
            const timeOffset = index / plan.rate;
            const key = `videos/${video.id}/frames/${session}/${name}`;
            await putLocalFile(deps.storage, key, path.join(dir, name));
            rows.push({
              videoId: video.id,
              frameNumber: Math.min(
                Math.round(timeOffset * video.fps),
                Math.max(0, video.frameCount - 1),
              ),
              timeOffset: Math.round(timeOffset * 1000) / 1000,
              width: video.width,
              height: video.height,
              storageKey: key,
              size: (await stat(path.join(dir, name))).size,
              extractionSession: session,
              createdAt: deps.clock.now(),
            });
            await context.reportProgress(
              65 + (30 * (index + 1)) / files.length,
              'storing',
              `Stored ${index + 1} of ${files.length} frames`,
            );
          }
          return rows;
        });
        await deps.videos.insertFrames(result);
        const previous = existing.filter((frame) => frame.extractionSession !== session);
        await deps.videos.deleteFrames(previous.map((frame) => frame.id));
        for (const frame of previous) await deps.storage.delete(frame.storageKey);
        await setStatus('completed', null);
        await context.reportProgress(100, 'completed', `Extracted ${result.length} frames`);
        return { videoId: video.id, framesExtracted: result.length, extractionSession: session };
      } catch (error) {
        await setStatus(
          'failed',
          `Frame extraction failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        await context
          .reportProgress(100, 'failed', 'Frame extraction failed')
          .catch(() => undefined);
        throw error;
      }
    },
  });
}
