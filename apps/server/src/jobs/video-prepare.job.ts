import path from 'node:path';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import {
  isBrowserPlayable,
  localFile,
  putLocalFile,
  runFfmpeg,
  withTempDir,
} from '../media/ffmpeg.js';
import type { VideosRepository } from '../repositories/videos.repository.js';
import type { FileStorage } from '../storage/storage.js';
import { defineJob } from './job-definition.js';
import { videoNotice, videosLink } from './job-notices.js';

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Makes an uploaded video ready for the browser: a JPEG thumbnail and, when the original is not
 * H.264/VP8/VP9 in .mp4/.webm, an H.264 .mp4 copy (the original is kept). Sets the video to
 * `completed`, or `failed` with the error. Overwrites its outputs, so retries are safe.
 */
export function createVideoPrepareJob(deps: {
  videos: VideosRepository;
  storage: FileStorage;
  clock: Clock;
}) {
  return defineJob({
    name: 'video.prepare',
    title: 'Video preparation',
    payload: z.object({ videoId: z.string() }),
    retryLimit: 1,
    retryDelaySeconds: 5,
    // A prepared video is routine (its card shows it ready); only a failure is worth a notice.
    async notice(payload, outcome) {
      if (outcome.ok) return null;
      const subject = await deps.videos.findSubject(payload.videoId);
      return videoNotice({
        action: 'Preparation',
        subject,
        outcome,
        link: videosLink(subject),
      });
    },
    async handler(payload, context) {
      const video = await deps.videos.findById(payload.videoId);
      if (video === undefined) return { skipped: 'Video no longer exists' };
      await context.reportProgress(0, 'initializing', 'Preparing video');
      await deps.videos.update(video.id, {
        processingStatus: 'processing',
        error: null,
        updatedAt: deps.clock.now(),
      });
      try {
        return await withTempDir(async (dir) => {
          const source = await localFile(deps.storage, video.originalKey, dir);
          const thumbnail = path.join(dir, 'thumbnail.jpg');
          const seek = Math.min(1, video.duration / 2).toFixed(3);
          await runFfmpeg(
            [
              '-ss',
              seek,
              '-i',
              source,
              '-frames:v',
              '1',
              '-vf',
              'scale=320:-2',
              '-q:v',
              '4',
              thumbnail,
            ],
            { signal: context.signal, outputs: [thumbnail] },
          );
          const thumbnailKey = `videos/${video.id}/thumbnail.jpg`;
          await putLocalFile(deps.storage, thumbnailKey, thumbnail);
          await context.reportProgress(20, 'processing', 'Thumbnail created');
          let playableKey = video.originalKey;
          if (!isBrowserPlayable(video.codec, video.container, video.fileName)) {
            const output = path.join(dir, 'playable.mp4');
            const total = Math.max(1, video.frameCount);
            await runFfmpeg(
              [
                '-i',
                source,
                '-map',
                '0:v:0',
                '-an',
                '-c:v',
                'libx264',
                '-preset',
                'veryfast',
                '-crf',
                '20',
                '-pix_fmt',
                'yuv420p',
                '-vf',
                'pad=ceil(iw/2)*2:ceil(ih/2)*2',
                '-movflags',
                '+faststart',
                output,
              ],
              {
                signal: context.signal,
                outputs: [output],
                onFrames: (done) =>
                  void context
                    .reportProgress(
                      20 + (70 * Math.min(done, total)) / total,
                      'processing',
                      'Converting for playback',
                    )
                    .catch(() => undefined),
              },
            );
            playableKey = `videos/${video.id}/playable.mp4`;
            await context.reportProgress(90, 'storing', 'Storing playable copy');
            await putLocalFile(deps.storage, playableKey, output);
          }
          await deps.videos.update(video.id, {
            thumbnailKey,
            playableKey,
            processingStatus: 'completed',
            error: null,
            updatedAt: deps.clock.now(),
          });
          await context.reportProgress(100, 'completed', 'Video ready');
          return { videoId: video.id, transcoded: playableKey !== video.originalKey };
        });
      } catch (error) {
        await deps.videos.update(video.id, {
          processingStatus: 'failed',
          error: errorMessage(error),
          updatedAt: deps.clock.now(),
        });
        throw error;
      }
    },
  });
}
