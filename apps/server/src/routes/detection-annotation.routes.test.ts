import {
  DetectFramesResponseSchema,
  DetectionSchema,
  FrameDetectionResponseSchema,
  NextFrameResponseSchema,
  TrackChangeResponseSchema,
  UpdateDetectionResponseSchema,
  VideoDetectionsResponseSchema,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameRow } from '../db/schema/index.js';
import { caller } from '../test/admin-helpers.js';
import { waitForTask } from '../test/clinical-helpers.js';
import { seedSimulatedFrames } from '../test/detection-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
let annotator: Awaited<ReturnType<typeof caller>>;
let reviewer: Awaited<ReturnType<typeof caller>>;
let outsider: Awaited<ReturnType<typeof caller>>;
let frames: FrameRow[];
let videoId: string;

beforeAll(async () => {
  server = await createTestServer({ workers: true });
  annotator = await caller(server, { email: 'annotator@example.org' });
  reviewer = await caller(server, { email: 'reviewer@example.org' });
  outsider = await caller(server, { email: 'outsider@example.org' });
  await grantCustomRole(server, annotator.user.id, ['finetune.annotate_detection']);
  await grantCustomRole(server, reviewer.user.id, ['finetune.review_annotations']);
  await grantCustomRole(server, outsider.user.id, ['finetune.annotate_detection']);
  const seeded = await seedSimulatedFrames(server, annotator.user.id, 4);
  await server.context.repositories.projects.addMember({
    projectId: seeded.project.id,
    userId: reviewer.user.id,
    accessLevel: 'member',
  });
  frames = seeded.frames;
  videoId = seeded.video.id;
  // Bulk detection: the engine's boxes on every frame, linked into tracks.
  const queued = await annotator.call('POST', '/api/sarm/detection/detect-frames', {
    frame_ids: frames.map((frame) => frame.id),
  });
  await waitForTask(
    server,
    DetectFramesResponseSchema.parse(queued.json()).task_id,
    annotator.headers,
  );
}, 60_000);
afterAll(async () => {
  await server.close();
});

const frameAt = (index: number): FrameRow => {
  const frame = frames[index];
  if (frame === undefined) throw new Error('missing frame');
  return frame;
};
const boxesOf = async (frame: FrameRow) =>
  FrameDetectionResponseSchema.parse(
    (await annotator.call('GET', `/api/sarm/detection/get-sperm/${frame.id}`)).json(),
  ).detections;

describe('drawing boxes', () => {
  it('creates a manual, verified box with its crop, readable by a reviewer', async () => {
    const frame = frameAt(0);
    const created = await annotator.call('POST', '/api/sarm/detection/create-sperm', {
      frame_id: frame.id,
      x1: 20,
      y1: 30,
      x2: 40,
      y2: 45,
    });
    expect(created.statusCode).toBe(201);
    const box = DetectionSchema.parse(created.json());
    expect(box).toMatchObject({ source: 'manual', verified: true, confidence: 1, width: 20 });
    expect(box.frame_id).toBe(frame.id);
    const read = await reviewer.call('GET', `/api/sarm/detection/get-detection/${box.id}`);
    expect(DetectionSchema.parse(read.json()).id).toBe(box.id);
    const crop = await reviewer.call('GET', box.crop_url);
    expect(crop.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses boxes of 10 px or less, outside the frame, or without the permission', async () => {
    const frame = frameAt(0);
    const small = await annotator.call('POST', '/api/sarm/detection/create-sperm', {
      frame_id: frame.id,
      ...{ x1: 20, y1: 30, x2: 30, y2: 45 },
    });
    expect(small.statusCode).toBe(400);
    const outside = await annotator.call('POST', '/api/sarm/detection/create-sperm', {
      frame_id: frame.id,
      ...{ x1: 300, y1: 30, x2: 330, y2: 45 },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.body).toContain('320x240');
    const denied = await reviewer.call('POST', '/api/sarm/detection/create-sperm', {
      frame_id: frame.id,
      ...{ x1: 20, y1: 30, x2: 40, y2: 45 },
    });
    expect(denied.statusCode).toBe(403);
    const hidden = await outsider.call('POST', '/api/sarm/detection/create-sperm', {
      frame_id: frame.id,
      ...{ x1: 20, y1: 30, x2: 40, y2: 45 },
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('tracks', () => {
  it('links the engine boxes of consecutive frames into tracks', async () => {
    const first = await boxesOf(frameAt(0));
    const second = await boxesOf(frameAt(1));
    const engine = first.filter((d) => d.source === 'classical');
    expect(engine.every((d) => d.track_id !== null)).toBe(true);
    const shared = engine.filter((d) => second.some((n) => n.track_id === d.track_id));
    // Simulated cells move a few pixels between frames: most keep their identity.
    expect(shared.length).toBeGreaterThan(engine.length * 0.6);
  });

  it('carries a correction to the later frames of the track', async () => {
    const box = (await boxesOf(frameAt(1))).find(
      (d) => d.track_id !== null && d.source === 'classical',
    );
    if (box === undefined || box.track_id === null) throw new Error('no tracked box');
    const beforeLater = (await boxesOf(frameAt(2))).find((d) => d.track_id === box.track_id);
    const moved = await annotator.call('PATCH', `/api/sarm/detection/update-sperm/${box.id}`, {
      box: { x1: box.x1 + 3, y1: box.y1 + 2, x2: box.x2 + 3, y2: box.y2 + 2 },
      propagate: 'track',
    });
    const body = UpdateDetectionResponseSchema.parse(moved.json());
    expect(body.detection).toMatchObject({ verified: true, source: 'manual' });
    if (beforeLater === undefined) {
      expect(body.propagated).toBe(0);
      return;
    }
    expect(body.propagated).toBeGreaterThan(0);
    const afterLater = (await boxesOf(frameAt(2))).find((d) => d.id === beforeLater.id);
    expect(afterLater?.x1).toBeCloseTo(beforeLater.x1 + 3, 5);
    expect(afterLater?.y1).toBeCloseTo(beforeLater.y1 + 2, 5);
    expect(afterLater?.verified).toBe(true);
  });

  it('splits an identity from a frame on and merges it back', async () => {
    const box = (await boxesOf(frameAt(2))).find((d) => d.track_id !== null);
    if (box === undefined || box.track_id === null) throw new Error('no tracked box');
    const original = box.track_id;
    const split = TrackChangeResponseSchema.parse(
      (
        await annotator.call('POST', '/api/sarm/detection/tracks/split', {
          detection_id: box.id,
        })
      ).json(),
    );
    expect(split.track_id).not.toBe(original);
    expect((await boxesOf(frameAt(2))).find((d) => d.id === box.id)?.track_id).toBe(split.track_id);
    const earlier = (await boxesOf(frameAt(1))).some((d) => d.track_id === original);
    const merge = await annotator.call('POST', '/api/sarm/detection/tracks/merge', {
      video_id: videoId,
      keep_track_id: original,
      merge_track_id: split.track_id,
    });
    if (!earlier) {
      expect(merge.statusCode).toBe(404);
      return;
    }
    expect(TrackChangeResponseSchema.parse(merge.json())).toMatchObject({
      track_id: original,
      moved: split.moved,
    });
    expect((await boxesOf(frameAt(2))).find((d) => d.id === box.id)?.track_id).toBe(original);
  });

  it('refuses to merge tracks that share a frame, and bad or foreign requests', async () => {
    const [a, b] = (await boxesOf(frameAt(3))).filter((d) => d.track_id !== null);
    if (a?.track_id == null || b?.track_id == null) throw new Error('two tracked boxes needed');
    const clash = await annotator.call('POST', '/api/sarm/detection/tracks/merge', {
      video_id: videoId,
      keep_track_id: a.track_id,
      merge_track_id: b.track_id,
    });
    expect(clash.statusCode).toBe(409);
    const same = await annotator.call('POST', '/api/sarm/detection/tracks/merge', {
      video_id: videoId,
      keep_track_id: a.track_id,
      merge_track_id: a.track_id,
    });
    expect(same.statusCode).toBe(400);
    const foreign = await outsider.call('POST', '/api/sarm/detection/tracks/split', {
      detection_id: a.id,
    });
    expect(foreign.statusCode).toBe(404);
    const denied = await reviewer.call('POST', '/api/sarm/detection/tracks/split', {
      detection_id: a.id,
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('reading a video and choosing the next frame', () => {
  it("pages a video's detections in frame order", async () => {
    const page = VideoDetectionsResponseSchema.parse(
      (
        await reviewer.call('GET', `/api/sarm/detection/get-video-detections/${videoId}?limit=5`)
      ).json(),
    );
    expect(page.detections).toHaveLength(5);
    expect(page.total).toBeGreaterThan(20);
    expect(page).toMatchObject({ limit: 5, offset: 0 });
    const defaults = VideoDetectionsResponseSchema.parse(
      (await reviewer.call('GET', `/api/sarm/detection/get-video-detections/${videoId}`)).json(),
    );
    expect(defaults.limit).toBe(10);
    const foreign = await outsider.call(
      'GET',
      `/api/sarm/detection/get-video-detections/${videoId}`,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('suggests an unfinished frame and skips frames whose boxes are all verified', async () => {
    const next = NextFrameResponseSchema.parse(
      (await annotator.call('GET', `/api/sarm/detection/next-frame/${videoId}`)).json(),
    );
    expect(frames.map((f) => f.id)).toContain(next.frame_id);
    // Verify every box of that frame: it is no longer suggested.
    const target = frames.find((f) => f.id === next.frame_id);
    if (target === undefined) throw new Error('unknown frame');
    for (const box of await boxesOf(target))
      await annotator.call('PATCH', `/api/sarm/detection/update-sperm/${box.id}`, {
        verified: true,
      });
    const after = NextFrameResponseSchema.parse(
      (await annotator.call('GET', `/api/sarm/detection/next-frame/${videoId}`)).json(),
    );
    expect(after.frame_id).not.toBe(next.frame_id);
    const bad = await annotator.call(
      'GET',
      `/api/sarm/detection/next-frame/${videoId}?threshold=2`,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('applies the detection configuration: threshold, no crops, no visualisation', async () => {
    const frame = frameAt(3);
    const all = FrameDetectionResponseSchema.parse(
      (
        await annotator.call('POST', '/api/sarm/detection/detect-sperm', { frame_id: frame.id })
      ).json(),
    ).detections;
    const strict = FrameDetectionResponseSchema.parse(
      (
        await annotator.call('POST', '/api/sarm/detection/detect-sperm', {
          frame_id: frame.id,
          config: {
            confidence_threshold: 0.9,
            generate_crops: false,
            generate_visualization: true,
          },
        })
      ).json(),
    ).detections;
    expect(strict.every((d) => d.confidence >= 0.9)).toBe(true);
    expect(strict.length).toBe(all.filter((d) => d.confidence >= 0.9).length);
    const first = strict[0];
    if (first !== undefined)
      expect((await annotator.call('GET', first.crop_url)).statusCode).toBe(404);
    const bad = await annotator.call('POST', '/api/sarm/detection/detect-sperm', {
      frame_id: frame.id,
      config: { confidence_threshold: 0.95 },
    });
    expect(bad.statusCode).toBe(400);
  });
});
