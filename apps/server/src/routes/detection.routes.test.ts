import {
  CropListResponseSchema,
  DetectFramesResponseSchema,
  DetectFramesStatusSchema,
  DetectionDetailResponseSchema,
  DetectionSchema,
  FrameDetectionResponseSchema,
  FrameListResponseSchema,
  FrameSchema,
} from '@sarm/contracts';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameRow } from '../db/schema/index.js';
import { parseDetectProgress } from '../jobs/detect-frames.job.js';
import { decodeGray } from '../media/detection-images.js';
import { withTempDir } from '../media/ffmpeg.js';
import { cropKey, detectionFileKeys, maskKey } from '../services/detection-runner.js';
import { caller } from '../test/admin-helpers.js';
import { waitForTask } from '../test/clinical-helpers.js';
import { seedSimulatedFrames } from '../test/detection-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
let runner: Awaited<ReturnType<typeof caller>>;
let reader: Awaited<ReturnType<typeof caller>>;
let frames: FrameRow[];
let expected: number[];

beforeAll(async () => {
  server = await createTestServer({ workers: true });
  runner = await caller(server, { email: 'runner@example.org' });
  reader = await caller(server, { email: 'reader@example.org' });
  await grantCustomRole(server, runner.user.id, ['sarm.run_detection', 'sarm.select_frames']);
  await grantCustomRole(server, reader.user.id, ['sarm.view_detailed_detection']);
  const seeded = await seedSimulatedFrames(server, runner.user.id, 3);
  const { projects } = server.context.repositories;
  await projects.addMember({
    projectId: seeded.project.id,
    userId: reader.user.id,
    accessLevel: 'member',
  });
  frames = seeded.frames;
  expected = seeded.truth.per_frame.map((entry) => entry.count);
}, 30_000);
afterAll(async () => {
  await server.close();
});

const frameAt = (index: number): FrameRow => {
  const frame = frames[index];
  if (frame === undefined) throw new Error('missing frame');
  return frame;
};

describe('detection', () => {
  it('detects heads on a stored frame, stores crops and a visualisation, lists them', async () => {
    const frame = frameAt(0);
    const response = await runner.call('POST', '/api/sarm/detection/detect-sperm', {
      frame_id: frame.id,
    });
    expect(response.statusCode).toBe(200);
    const body = FrameDetectionResponseSchema.parse(response.json());
    expect(body.detection_count).toBeGreaterThan((expected[0] ?? 0) * 0.6);
    expect(body.detections.every((d) => d.source === 'classical' && !d.verified)).toBe(true);
    expect(body.metadata).toEqual({ width: 320, height: 240, processingStatus: 'completed' });

    const again = await runner.call('POST', '/api/sarm/detection/manual-detect-sperm', {
      frame_id: frame.id,
    });
    const replaced = FrameDetectionResponseSchema.parse(again.json());
    expect(replaced.detection_count).toBe(body.detection_count);
    expect(replaced.detections[0]?.id).not.toBe(body.detections[0]?.id);

    for (const url of [
      `/api/sarm/detection/get-sperm/${frame.id}`,
      `/api/sarm/detection/view-result/${frame.id}`,
    ]) {
      const read = await reader.call('GET', url);
      expect(FrameDetectionResponseSchema.parse(read.json()).detections).toEqual(
        replaced.detections,
      );
    }
    const first = replaced.detections[0];
    if (first === undefined) throw new Error('no detection');
    const crop = await reader.call('GET', `/api/sarm/media/view-crop/${first.id}`);
    expect(crop.headers['content-type']).toBe('image/jpeg');
    expect(crop.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const vis = await reader.call('GET', `/api/sarm/media/view-visualization/${frame.id}`);
    expect(vis.statusCode).toBe(200);
    expect(vis.rawPayload.length).toBeGreaterThan(1000);

    const list = await runner.call('GET', `/api/sarm/media/list-frames/${frame.videoId}`);
    const listed = FrameListResponseSchema.parse(list.json()).frames;
    expect(listed[0]).toMatchObject({
      detectionStatus: 'completed',
      hasDetection: true,
      detectionCount: body.detection_count,
    });
    expect(listed[1]).toMatchObject({
      detectionStatus: 'none',
      hasDetection: false,
      detectionCount: 0,
    });
    const one = FrameSchema.parse(
      (await runner.call('GET', `/api/sarm/frame/get-frame/${frame.id}`)).json(),
    );
    expect(one.detectionCount).toBe(body.detection_count);

    const detail = await reader.call('GET', `/api/sarm/detection/get-detail-detection/${first.id}`);
    expect(DetectionDetailResponseSchema.parse(detail.json())).toMatchObject({
      detection: { id: first.id },
      frame: { frameNumber: 0, width: 320, height: 240 },
      video: { name: 'Simulated sample' },
      mask: { id: first.id, mask_url: `/api/sarm/media/view-mask/${first.id}` },
    });
  });

  it('stores a PNG mask of each head over the region of its crop', async () => {
    const frame = frameAt(0);
    const list = FrameDetectionResponseSchema.parse(
      (await reader.call('GET', `/api/sarm/detection/get-sperm/${frame.id}`)).json(),
    );
    expect(list.detections.length).toBeGreaterThan(0);
    expect(list.detections.every((d) => d.hasMask)).toBe(true);
    const head = list.detections.find((d) => d.className === 'sperm');
    if (head === undefined) throw new Error('no head');
    const response = await reader.call('GET', `/api/sarm/media/view-mask/${head.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = response.rawPayload;
    const crops = CropListResponseSchema.parse(
      (await reader.call('POST', '/api/technical/crops/filter', { frame_id: frame.id })).json(),
    ).crops;
    const place = crops.find((c) => c.detection_id === head.id)?.bounding_box;
    if (place === undefined) throw new Error('no crop');
    const rect = { y: place.y1, w: place.x2 - place.x1, h: place.y2 - place.y1 };
    // The crop holds the whole cell around the head: the dataset's margin, not the box alone.
    expect(rect.w).toBeGreaterThan(head.x2 - head.x1 + 8);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([rect.w, rect.h]);
    const crop = (await reader.call('GET', `/api/sarm/media/view-crop/${head.id}`)).rawPayload;
    const pixels = await withTempDir(async (dir) => {
      // Decoding checks the size: the crop JPEG and the mask PNG cover the same region.
      await writeFile(path.join(dir, 'crop.jpg'), crop);
      await decodeGray(path.join(dir, 'crop.jpg'), rect.w, rect.h);
      await writeFile(path.join(dir, 'mask.png'), png);
      return decodeGray(path.join(dir, 'mask.png'), rect.w, rect.h);
    });
    const white = pixels.filter((v) => v === 255).length;
    expect(white).toBeGreaterThan(0);
    expect(white).toBeLessThan(rect.w * rect.h);
    expect(white + pixels.filter((v) => v === 0).length).toBe(rect.w * rect.h);
    // The crop's margin lies outside the head's box, so its first row is black.
    if (rect.y > 0) expect(pixels.subarray(0, rect.w).every((v) => v === 0)).toBe(true);
  });

  it('verifies, reclassifies, moves and deletes detections', async () => {
    const frame = frameAt(0);
    const list = FrameDetectionResponseSchema.parse(
      (await runner.call('GET', `/api/sarm/detection/get-sperm/${frame.id}`)).json(),
    );
    const [first, second] = list.detections;
    if (first === undefined || second === undefined) throw new Error('too few detections');
    const patched = await runner.call('PATCH', `/api/sarm/detection/update-sperm/${first.id}`, {
      verified: true,
      class: 'cluster',
      box: { x1: 10, y1: 10, x2: 20, y2: 22 },
    });
    expect(DetectionSchema.parse(patched.json())).toMatchObject({
      verified: true,
      class: 'cluster',
      source: 'manual',
      x2: 20,
      hasMask: false,
    });
    // A moved (manual) box has no mask.
    const noMask = await reader.call('GET', `/api/sarm/media/view-mask/${first.id}`);
    expect(noMask.statusCode).toBe(404);
    expect(noMask.json()).toMatchObject({ message: 'Mask not found' });
    expect(
      DetectionDetailResponseSchema.parse(
        (await reader.call('GET', `/api/sarm/detection/get-detail-detection/${first.id}`)).json(),
      ).mask,
    ).toBeNull();
    expect(
      (await runner.call('PATCH', `/api/sarm/detection/update-sperm/${first.id}`, {})).statusCode,
    ).toBe(400);
    expect(
      (
        await runner.call('PATCH', `/api/sarm/detection/update-sperm/${first.id}`, {
          box: { x1: 5, y1: 5, x2: 1, y2: 9 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await reader.call('PATCH', `/api/sarm/detection/update-sperm/${first.id}`, {
          verified: true,
        })
      ).statusCode,
    ).toBe(403);

    expect(
      (await runner.call('DELETE', `/api/sarm/detection/delete-sperm/${second.id}`)).statusCode,
    ).toBe(200);
    expect(
      (await runner.call('DELETE', `/api/sarm/detection/delete-sperm/${second.id}`)).statusCode,
    ).toBe(404);
    expect((await reader.call('GET', `/api/sarm/media/view-crop/${second.id}`)).statusCode).toBe(
      404,
    );
    const removedKeys = { id: second.id, frameId: frame.id };
    expect(await server.context.storage.stat(maskKey(removedKeys))).toBeNull();
    expect(await server.context.storage.stat(cropKey(removedKeys))).toBeNull();
    const after = FrameDetectionResponseSchema.parse(
      (await runner.call('GET', `/api/sarm/detection/get-sperm/${frame.id}`)).json(),
    );
    expect(after.detection_count).toBe(list.detection_count - 1);

    const cleared = await runner.call(
      'DELETE',
      `/api/sarm/detection/delete-detections/${frame.id}`,
    );
    expect(cleared.statusCode).toBe(200);
    const empty = FrameDetectionResponseSchema.parse(
      (await runner.call('GET', `/api/sarm/detection/get-sperm/${frame.id}`)).json(),
    );
    expect(empty).toMatchObject({ detection_count: 0, metadata: { processingStatus: 'pending' } });
    const third = after.detections.find((d) => d.id !== first.id);
    if (third === undefined) throw new Error('too few detections');
    expect(
      await server.context.storage.stat(maskKey({ id: third.id, frameId: frame.id })),
    ).toBeNull();
    expect(
      (await reader.call('GET', `/api/sarm/media/view-visualization/${frame.id}`)).statusCode,
    ).toBe(404);
  });

  it('runs detection on several frames through the worker with progress', async () => {
    const ids = frames.map((frame) => frame.id);
    const queued = await runner.call('POST', '/api/sarm/detection/detect-frames', {
      frame_ids: ids,
    });
    expect(queued.statusCode).toBe(202);
    const { task_id } = DetectFramesResponseSchema.parse(queued.json());
    await waitForTask(server, task_id, runner.headers);
    const status = await runner.call('GET', `/api/sarm/detection/detect-frames/status/${task_id}`);
    expect(DetectFramesStatusSchema.parse(status.json())).toEqual({
      state: 'completed',
      result: { current: 3, total: 3, status: 'completed', error: null },
    });
    let found = 0;
    for (const frame of frames) {
      const read = FrameDetectionResponseSchema.parse(
        (await reader.call('GET', `/api/sarm/detection/get-sperm/${frame.id}`)).json(),
      );
      expect(read.detection_count).toBeGreaterThan(5);
      found += read.detection_count;
    }
    const { videos, datasets } = server.context.repositories;
    const video = await videos.findById(frameAt(0).videoId);
    const counts = (await datasets.counts([video?.datasetId ?? ''])).get(video?.datasetId ?? '');
    expect(counts).toMatchObject({ frames: 3, detections: found, annotatedFrames: 0 });
    expect(parseDetectProgress('Detected 2 of 7 frames')).toEqual({ current: 2, total: 7 });
  });

  it('answers 400 for invalid bodies, 404 for unknown ids and 403 without permission', async () => {
    expect((await runner.call('POST', '/api/sarm/detection/detect-sperm', {})).statusCode).toBe(
      400,
    );
    expect(
      (await runner.call('POST', '/api/sarm/detection/detect-frames', { frame_ids: [] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await runner.call('POST', '/api/sarm/detection/detect-sperm', { frame_id: 'nope' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await runner.call('POST', '/api/sarm/detection/detect-frames', { frame_ids: ['nope'] }))
        .statusCode,
    ).toBe(404);
    expect((await runner.call('GET', '/api/sarm/detection/get-sperm/nope')).statusCode).toBe(404);
    expect(
      (await runner.call('GET', '/api/sarm/detection/get-detail-detection/nope')).statusCode,
    ).toBe(404);
    expect(
      (await runner.call('GET', '/api/sarm/detection/detect-frames/status/nope')).statusCode,
    ).toBe(404);
    expect(
      (await reader.call('POST', '/api/sarm/detection/detect-sperm', { frame_id: frameAt(0).id }))
        .statusCode,
    ).toBe(403);
    const outsider = await caller(server, { email: 'outsider@example.org' });
    await grantCustomRole(server, outsider.user.id, ['sarm.run_detection']);
    expect(
      (await outsider.call('GET', `/api/sarm/detection/get-sperm/${frameAt(0).id}`)).statusCode,
    ).toBe(404);
  });
  it('removes crops, masks and visualisations with their frame and with their video', async () => {
    const manager = await caller(server, { email: 'manager@example.org' });
    await grantCustomRole(server, manager.user.id, ['sarm.manage_videos']);
    const video = await server.context.repositories.videos.findById(frameAt(0).videoId);
    const { projects, datasets, detections } = server.context.repositories;
    const dataset = await datasets.findById(video?.datasetId ?? '');
    await projects.addMember({
      projectId: dataset?.dataset.projectId ?? '',
      userId: manager.user.id,
      accessLevel: 'member',
    });
    // Engine detections leave a crop, a mask and the frame's visualisation (no prompted mask).
    const filesOf = async (frame: FrameRow) =>
      detectionFileKeys(frame.id, await detections.listByFrame(frame.id)).filter(
        (key) => !key.includes('/maskvis_'),
      );
    const stored = async (keys: readonly string[]) =>
      (await Promise.all(keys.map((key) => server.context.storage.stat(key)))).filter(
        (info) => info !== null,
      ).length;

    const first = await filesOf(frameAt(0));
    expect(await stored(first)).toBe(first.length);
    const deleted = await manager.call('DELETE', `/api/technical/frames/${frameAt(0).id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await stored(first)).toBe(0);

    const rest = [...(await filesOf(frameAt(1))), ...(await filesOf(frameAt(2)))];
    expect(await stored(rest)).toBe(rest.length);
    const removed = await manager.call('DELETE', `/api/business/videos/${frameAt(1).videoId}`);
    expect(removed.statusCode).toBe(200);
    expect(await stored(rest)).toBe(0);
  });
});
