import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { VideosRepository } from '../repositories/videos.repository.js';
import type { FileStorage } from '../storage/storage.js';
import { defineJob } from './job-definition.js';

export const VideoRetentionPayloadSchema = z.object({
  reason: z.enum(['scheduled', 'manual']).default('manual'),
});

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes uploaded originals older than the retention period (system setting
 * `storage.videoRetentionPeriod`, days; 0 keeps them forever) when a browser-playable copy exists.
 * The copy becomes the video's file, so playback, frames and analyses keep working. Originals that
 * are the only copy are kept. Deleting by age is idempotent, so retries are safe.
 */
export function createVideoRetentionJob(deps: {
  videos: VideosRepository;
  storage: FileStorage;
  clock: Clock;
  retentionDays: () => Promise<number>;
}) {
  return defineJob({
    name: 'video.retention',
    title: 'Video retention',
    payload: VideoRetentionPayloadSchema,
    retryLimit: 2,
    schedule: { cron: '30 3 * * *', payload: { reason: 'scheduled' } },
    async handler(payload, context) {
      const days = await deps.retentionDays();
      if (days <= 0) {
        await context.reportProgress(100, 'completed', 'Retention is off (0 days)');
        return { removedOriginals: 0, retentionDays: days };
      }
      const cutoff = new Date(deps.clock.now().getTime() - days * DAY_MS);
      const expired = await deps.videos.listExpiredOriginals(cutoff);
      await context.reportProgress(
        0,
        'removing',
        `${expired.length} originals older than ${days} days (${payload.reason})`,
      );
      let removed = 0;
      for (const video of expired) {
        if (context.signal.aborted) break;
        if (video.playableKey === null) continue;
        await deps.videos.update(video.id, { originalKey: video.playableKey });
        await deps.storage.delete(video.originalKey);
        removed += 1;
        await context.reportProgress(Math.round((100 * removed) / expired.length), 'removing');
      }
      await context.reportProgress(100, 'completed', `Removed ${removed} expired originals`);
      return { removedOriginals: removed, retentionDays: days };
    },
  });
}
