import { describe, expect, it } from 'vitest';
import type { VideoRow } from '../db/schema/index.js';
import type { VideosRepository } from '../repositories/videos.repository.js';
import type { FileStorage } from '../storage/storage.js';
import { createVideoRetentionJob } from './video-retention.job.js';

const NOW = new Date('2026-11-21T12:00:00Z');

function setup(
  retentionDays: number,
  rows: Pick<VideoRow, 'id' | 'originalKey' | 'playableKey' | 'createdAt'>[],
) {
  const updates: { id: string; originalKey: string | undefined }[] = [];
  const deleted: string[] = [];
  let askedCutoff: Date | undefined;
  const videos = {
    listExpiredOriginals: (cutoff: Date) => {
      askedCutoff = cutoff;
      return Promise.resolve(rows.filter((r) => r.createdAt < cutoff) as VideoRow[]);
    },
    update: (id: string, values: { originalKey?: string }) => {
      updates.push({ id, originalKey: values.originalKey });
      return Promise.resolve(undefined);
    },
  } as unknown as VideosRepository;
  const storage = {
    delete: (key: string) => {
      deleted.push(key);
      return Promise.resolve(true);
    },
  } as unknown as FileStorage;
  const job = createVideoRetentionJob({
    videos,
    storage,
    clock: { now: () => NOW },
    retentionDays: () => Promise.resolve(retentionDays),
  });
  const progress: number[] = [];
  const context = {
    taskId: 't',
    attempt: 0,
    signal: new AbortController().signal,
    reportProgress: (p: number) => {
      progress.push(p);
      return Promise.resolve();
    },
  };
  return { job, context, updates, deleted, progress, cutoff: () => askedCutoff };
}

describe('video.retention job', () => {
  it('removes originals older than the retention period and makes the playable copy the video file', async () => {
    const old = {
      id: 'v1',
      originalKey: 'videos/v1/original.avi',
      playableKey: 'videos/v1/playable.mp4',
      createdAt: new Date('2026-10-01T00:00:00Z'),
    };
    const recent = {
      id: 'v2',
      originalKey: 'videos/v2/original.avi',
      playableKey: 'videos/v2/playable.mp4',
      createdAt: new Date('2026-11-20T00:00:00Z'),
    };
    const { job, context, updates, deleted, progress, cutoff } = setup(30, [old, recent]);
    const result = await job.handler({ reason: 'manual' }, context);
    expect(cutoff()).toEqual(new Date('2026-10-22T12:00:00Z'));
    expect(updates).toEqual([{ id: 'v1', originalKey: 'videos/v1/playable.mp4' }]);
    expect(deleted).toEqual(['videos/v1/original.avi']);
    expect(result).toEqual({ removedOriginals: 1, retentionDays: 30 });
    expect(progress.at(-1)).toBe(100);
  });

  it('keeps everything when the retention period is 0 days', async () => {
    const old = {
      id: 'v1',
      originalKey: 'a',
      playableKey: 'b',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    };
    const { job, context, deleted, cutoff } = setup(0, [old]);
    expect(await job.handler({ reason: 'scheduled' }, context)).toEqual({
      removedOriginals: 0,
      retentionDays: 0,
    });
    expect(deleted).toEqual([]);
    expect(cutoff()).toBeUndefined();
  });
});
