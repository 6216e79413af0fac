import {
  CropListResponseSchema,
  DatasetListResponseSchema,
  DetectionSchema,
  ExtractFramesResponseSchema,
  FrameListResponseSchema,
  FrameSchema,
  NextFrameResponseSchema,
  OkResponseSchema,
  TrackChangeResponseSchema,
  UpdateDetectionResponseSchema,
  VideoDetectionsResponseSchema,
} from '@sarm/contracts';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FrameRow } from '../db/schema/index.js';
import {
  NO_PERMISSION,
  seedTechnical,
  type Caller,
  type Method,
  type TechnicalFixture,
} from '../test/technical-fixture.js';

/**
 * The annotation additions of detection.routes.ts and every path of frames.routes.ts: the happy
 * path, 403 without the permission, 404 for a caller outside the project (who holds every
 * permission), 400 for bad input where the path takes any.
 */
let fx: TechnicalFixture;

beforeAll(async () => {
  fx = await seedTechnical();
}, 120_000);
afterAll(async () => {
  await fx.close();
});

const ErrorSchema = z.object({ statusCode: z.number(), message: z.string() });
const at = <T>(list: readonly T[], index: number): T => {
  const value = list[index];
  if (value === undefined) throw new Error(`missing element ${index}`);
  return value;
};
const frame = (index: number) => at(fx.frames, index);
async function refused(who: Caller, method: Method, url: string, status: 403 | 404, body?: object) {
  const response = await fx.expectStatus(who, method, url, status, body);
  const message = ErrorSchema.parse(response.json()).message;
  if (status === 403) expect(message).toBe(NO_PERMISSION);
  else expect(message).toMatch(/not found/i);
}
const detectionExists = async (id: string) =>
  (await fx.annotator.call('GET', `/api/sarm/detection/get-detection/${id}`)).statusCode === 200;

describe('registration', () => {
  it('declares every path these tests cover', () => {
    const declared = fx.server.app.declaredRoutes.map((route) => `${route.method} ${route.url}`);
    expect(declared).toEqual(
      expect.arrayContaining(
        [
          'POST /sarm/detection/create-sperm',
          'POST /sarm/detection/filter',
          'POST /technical/crops/filter',
          'GET /sarm/dataset/list-datasets',
          'GET /sarm/detection/get-detection/:id',
          'GET /sarm/detection/get-video-detections/:videoId',
          'POST /sarm/detection/tracks/split',
          'POST /sarm/detection/tracks/merge',
          'GET /sarm/detection/next-frame/:videoId',
          'PATCH /sarm/detection/update-sperm/:id',
          'DELETE /sarm/detection/delete-sperm/:id',
          'POST /sarm/frame/extract-frame',
          'POST /sarm/frames/extract',
          'POST /technical/frames/extract',
          'GET /sarm/media/list-frames/:videoId',
          'GET /sarm/frame/get-frame/:id',
          'POST /technical/frames/:id/select',
          'DELETE /technical/frames/:id',
        ].map((route) => route.replace(' /', ' /api/')),
      ),
    );
  });
});

describe('POST /sarm/detection/filter', () => {
  const url = '/api/sarm/detection/filter';
  it('answers the boxes of a frame within a confidence band', async () => {
    const response = await fx.expectStatus(fx.reviewer, 'POST', url, 200, {
      frame_id: frame(2).id,
      min_confidence: 0.5,
    });
    const body = VideoDetectionsResponseSchema.parse(response.json());
    expect(body.detections.length).toBeGreaterThan(0);
    expect(body.total).toBe(body.detections.length);
    expect(body.detections.every((d) => d.frame_id === frame(2).id && d.confidence >= 0.5)).toBe(
      true,
    );
  });
  it('splits the boxes of the video into labelled and not labelled', async () => {
    const count = async (labelled: boolean) =>
      VideoDetectionsResponseSchema.parse(
        (
          await fx.expectStatus(fx.reviewer, 'POST', url, 200, {
            video_id: fx.videoId,
            labelled,
            limit: 1000,
          })
        ).json(),
      );
    const inLabel = await count(true);
    const outside = await count(false);
    const all = VideoDetectionsResponseSchema.parse(
      (await fx.expectStatus(fx.reviewer, 'POST', url, 200, { video_id: fx.videoId })).json(),
    );
    expect(inLabel.total).toBeGreaterThan(0);
    expect(new Set(inLabel.detections.map((d) => d.id))).toEqual(
      new Set(fx.items.map((item) => item.detection_id)),
    );
    expect(inLabel.total + outside.total).toBe(all.total);
  });
  it("sees only the caller's projects when nothing is named", async () => {
    const body = VideoDetectionsResponseSchema.parse(
      (await fx.expectStatus(fx.outsider, 'POST', url, 200, { limit: 1000 })).json(),
    );
    expect(body.detections.every((d) => d.frame_id === fx.foreign.frame.id)).toBe(true);
  });
  it('answers 403 without a detection permission', () =>
    refused(fx.bystander, 'POST', url, 403, { video_id: fx.videoId }));
  it('answers 404 for a dataset of another project', () =>
    refused(fx.outsider, 'POST', url, 404, { dataset_id: fx.datasetId }));
  it('answers 400 for a band upside down', () =>
    fx.expectStatus(fx.reviewer, 'POST', url, 400, { min_confidence: 0.8, max_confidence: 0.2 }));
});

describe('POST /technical/crops/filter', () => {
  const url = '/api/technical/crops/filter';
  it('answers the crops of a dataset with their place in the frame', async () => {
    const response = await fx.expectStatus(fx.annotator, 'POST', url, 200, {
      dataset_id: fx.datasetId,
      limit: 5,
    });
    const body = CropListResponseSchema.parse(response.json());
    expect(body.crops).toHaveLength(5);
    for (const crop of body.crops) {
      const box = DetectionSchema.parse(
        (
          await fx.annotator.call('GET', `/api/sarm/detection/get-detection/${crop.detection_id}`)
        ).json(),
      );
      expect(crop.bounding_box.x1).toBeLessThanOrEqual(box.x1);
      expect(crop.bounding_box.x2).toBeGreaterThanOrEqual(box.x2);
      expect(crop.width).toBe(crop.bounding_box.x2 - crop.bounding_box.x1);
      expect(crop.video_id).toBe(fx.videoId);
      const image = await fx.annotator.call('GET', crop.crop_url);
      expect(image.statusCode).toBe(200);
    }
  });
  it('answers 403 without a detection permission', () =>
    refused(fx.bystander, 'POST', url, 403, { dataset_id: fx.datasetId }));
  it('answers 404 for a video of another project', () =>
    refused(fx.outsider, 'POST', url, 404, { video_id: fx.videoId }));
  it('answers 400 for a confidence above 1', () =>
    fx.expectStatus(fx.annotator, 'POST', url, 400, { min_confidence: 1.5 }));
});

describe('GET /sarm/dataset/list-datasets', () => {
  const url = '/api/sarm/dataset/list-datasets';
  it("lists the detection datasets of the caller's projects", async () => {
    const body = DatasetListResponseSchema.parse(
      (await fx.expectStatus(fx.reviewer, 'GET', `${url}?type=detection`, 200)).json(),
    );
    expect(body.datasets.map((d) => d.id)).toContain(fx.datasetId);
    expect(body.datasets.map((d) => d.id)).not.toContain(fx.foreign.datasetId);
    expect(body.datasets.every((d) => d.type === 'detection')).toBe(true);
  });
  it('answers 401 without a session', async () => {
    const response = await fx.server.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
  });
  it('answers 400 for an unknown type', () =>
    fx.expectStatus(fx.reviewer, 'GET', `${url}?type=cells`, 400));
});

describe('POST /sarm/detection/create-sperm', () => {
  const url = '/api/sarm/detection/create-sperm';
  const box = () => ({ frame_id: frame(0).id, x1: 20, y1: 30, x2: 45, y2: 50 });
  it('draws a manual, verified box', async () => {
    const response = await fx.expectStatus(fx.annotator, 'POST', url, 201, box());
    expect(DetectionSchema.parse(response.json())).toMatchObject({
      source: 'manual',
      verified: true,
      x1: 20,
      x2: 45,
    });
  });
  it('answers 403 for a reviewer', () => refused(fx.reviewer, 'POST', url, 403, box()));
  it('answers 404 on a frame of another project', () =>
    refused(fx.outsider, 'POST', url, 404, box()));
  it('answers 400 for a box of 10 px or less', () =>
    fx.expectStatus(fx.annotator, 'POST', url, 400, { ...box(), x2: 25 }));
});

describe('GET /sarm/detection/get-detection/:id', () => {
  const url = () => `/api/sarm/detection/get-detection/${at(fx.items, 0).detection_id}`;
  it('answers the detection to a reviewer', async () => {
    const response = await fx.expectStatus(fx.reviewer, 'GET', url(), 200);
    expect(DetectionSchema.parse(response.json()).id).toBe(at(fx.items, 0).detection_id);
  });
  it('answers 403 without a detection permission', () => refused(fx.bystander, 'GET', url(), 403));
  it('answers 404 for a detection of another project', () =>
    refused(fx.outsider, 'GET', url(), 404));
});

describe('GET /sarm/detection/get-video-detections/:videoId', () => {
  const url = () => `/api/sarm/detection/get-video-detections/${fx.videoId}`;
  it('pages the detections of the video', async () => {
    const response = await fx.expectStatus(fx.reviewer, 'GET', `${url()}?limit=5&offset=1`, 200);
    const body = VideoDetectionsResponseSchema.parse(response.json());
    expect(body).toMatchObject({ limit: 5, offset: 1 });
    expect(body.detections).toHaveLength(5);
    expect(body.total).toBeGreaterThan(10);
  });
  it('answers 403 without a detection permission', () => refused(fx.bystander, 'GET', url(), 403));
  it('answers 404 for a video of another project', () => refused(fx.outsider, 'GET', url(), 404));
  it('answers 400 for limit 0', () => fx.expectStatus(fx.reviewer, 'GET', `${url()}?limit=0`, 400));
});

describe('POST /sarm/detection/tracks/split', () => {
  const url = '/api/sarm/detection/tracks/split';
  it('gives the box and its later boxes a new identity', async () => {
    await fx.drawBox(frame(0), { track_id: 500 });
    const second = await fx.drawBox(frame(1), { track_id: 500 });
    const later = await fx.drawBox(frame(2), { track_id: 500 });
    const response = await fx.expectStatus(fx.annotator, 'POST', url, 200, {
      detection_id: second.id,
    });
    const body = TrackChangeResponseSchema.parse(response.json());
    expect(body.track_id).not.toBe(500);
    expect(body.moved).toBe(2);
    const moved = DetectionSchema.parse(
      (await fx.annotator.call('GET', `/api/sarm/detection/get-detection/${later.id}`)).json(),
    );
    expect(moved.track_id).toBe(body.track_id);
  });
  it('answers 403 for a reviewer', () =>
    refused(fx.reviewer, 'POST', url, 403, { detection_id: at(fx.items, 0).detection_id }));
  it('answers 404 for a detection of another project', () =>
    refused(fx.outsider, 'POST', url, 404, { detection_id: at(fx.items, 0).detection_id }));
  it('answers 400 without a detection', () => fx.expectStatus(fx.annotator, 'POST', url, 400, {}));
});

describe('POST /sarm/detection/tracks/merge', () => {
  const url = '/api/sarm/detection/tracks/merge';
  const body = () => ({ video_id: fx.videoId, keep_track_id: 600, merge_track_id: 601 });
  it('joins two identities without a shared frame', async () => {
    await fx.drawBox(frame(0), { track_id: 600 });
    const merged = await fx.drawBox(frame(2), { track_id: 601 });
    const response = await fx.expectStatus(fx.annotator, 'POST', url, 200, body());
    expect(TrackChangeResponseSchema.parse(response.json())).toMatchObject({
      track_id: 600,
      moved: 1,
    });
    const after = DetectionSchema.parse(
      (await fx.annotator.call('GET', `/api/sarm/detection/get-detection/${merged.id}`)).json(),
    );
    expect(after.track_id).toBe(600);
  });
  it('answers 403 for a reviewer', () => refused(fx.reviewer, 'POST', url, 403, body()));
  it('answers 404 for a video of another project', () =>
    refused(fx.outsider, 'POST', url, 404, body()));
  it('answers 400 for a track id that is no number', () =>
    fx.expectStatus(fx.annotator, 'POST', url, 400, { ...body(), keep_track_id: 'a' }));
});

describe('GET /sarm/detection/next-frame/:videoId', () => {
  const url = () => `/api/sarm/detection/next-frame/${fx.videoId}`;
  it('suggests a frame of the video, leaving out the excluded one', async () => {
    const first = NextFrameResponseSchema.parse(
      (await fx.expectStatus(fx.annotator, 'GET', url(), 200)).json(),
    );
    expect(fx.frames.map((f) => f.id)).toContain(first.frame_id);
    const other = NextFrameResponseSchema.parse(
      (
        await fx.expectStatus(
          fx.annotator,
          'GET',
          `${url()}?exclude_frame_id=${first.frame_id}`,
          200,
        )
      ).json(),
    );
    expect(other.frame_id).not.toBe(first.frame_id);
  });
  it('answers 403 without a detection permission', () => refused(fx.bystander, 'GET', url(), 403));
  it('answers 404 for a video of another project', () => refused(fx.outsider, 'GET', url(), 404));
  it('answers 400 for a threshold over 1', () =>
    fx.expectStatus(fx.annotator, 'GET', `${url()}?threshold=2`, 400));
});

describe('PATCH /sarm/detection/update-sperm/:id', () => {
  let id: string;
  beforeAll(async () => {
    id = (await fx.drawBox(frame(1), { x1: 200, x2: 230 })).id;
  });
  const url = () => `/api/sarm/detection/update-sperm/${id}`;
  it('reclassifies the box', async () => {
    const response = await fx.expectStatus(fx.annotator, 'PATCH', url(), 200, {
      class: 'cluster',
    });
    const body = UpdateDetectionResponseSchema.parse(response.json());
    expect(body.detection).toMatchObject({ id, class: 'cluster' });
  });
  it('answers 403 for a reviewer', () =>
    refused(fx.reviewer, 'PATCH', url(), 403, { verified: true }));
  it('answers 404 for a box of another project', () =>
    refused(fx.outsider, 'PATCH', url(), 404, { verified: true }));
  it('answers 400 for an empty change', () =>
    fx.expectStatus(fx.annotator, 'PATCH', url(), 400, {}));
});

describe('DELETE /sarm/detection/delete-sperm/:id', () => {
  const url = (id: string) => `/api/sarm/detection/delete-sperm/${id}`;
  it('deletes the box', async () => {
    const box = await fx.drawBox(frame(2), { x1: 250, x2: 280 });
    const response = await fx.expectStatus(fx.annotator, 'DELETE', url(box.id), 200);
    expect(OkResponseSchema.parse(response.json()).success).toBe(true);
    expect(await detectionExists(box.id)).toBe(false);
  });
  it('answers 403 for a reviewer', async () => {
    const box = await fx.drawBox(frame(2), { x1: 250, x2: 280 });
    await refused(fx.reviewer, 'DELETE', url(box.id), 403);
    expect(await detectionExists(box.id)).toBe(true);
  });
  it('answers 404 for a box of another project', async () => {
    const box = await fx.drawBox(frame(2), { x1: 250, x2: 280 });
    await refused(fx.outsider, 'DELETE', url(box.id), 404);
    expect(await detectionExists(box.id)).toBe(true);
  });
});

describe.each(['/sarm/frame/extract-frame', '/sarm/frames/extract', '/technical/frames/extract'])(
  'POST %s',
  (path) => {
    const url = `/api/${path.slice(1)}`;
    let videoId: string;
    beforeAll(async () => {
      const video = await fx.server.context.repositories.videos.insert({
        datasetId: fx.datasetId,
        name: `Extract ${path}`,
        fileName: 'extract.mp4',
        originalFilename: 'extract.mp4',
        originalKey: `videos/extract${path.replaceAll('/', '-')}/original.mp4`,
        width: 320,
        height: 240,
        fps: 25,
        processingStatus: 'completed',
      });
      videoId = video.id;
    });
    it('queues the extraction', async () => {
      const response = await fx.expectStatus(fx.annotator, 'POST', url, 202, {
        video_id: videoId,
        config: { method: 'count', count: 2, quality: 80 },
      });
      const body = ExtractFramesResponseSchema.parse(response.json());
      expect(body.task_id).toBe(body.taskId);
      expect(body.success).toBe(true);
    });
    it('answers 403 for a reviewer', () =>
      refused(fx.reviewer, 'POST', url, 403, { video_id: fx.videoId }));
    it('answers 404 for a video of another project', () =>
      refused(fx.outsider, 'POST', url, 404, { videoId: fx.videoId }));
    it('answers 400 without a video or with a bad method', async () => {
      const missing = await fx.expectStatus(fx.annotator, 'POST', url, 400, {});
      expect(ErrorSchema.parse(missing.json()).message).toBe('Video ID is required');
      await fx.expectStatus(fx.annotator, 'POST', url, 400, {
        videoId: fx.videoId,
        config: { method: 'every' },
      });
    });
  },
);

describe('GET /sarm/media/list-frames/:videoId', () => {
  const url = () => `/api/sarm/media/list-frames/${fx.videoId}`;
  it('pages the frames in frame order', async () => {
    const response = await fx.expectStatus(fx.reviewer, 'GET', `${url()}?limit=2&offset=1`, 200);
    const body = FrameListResponseSchema.parse(response.json());
    expect(body.frames.map((f) => f.id)).toEqual([frame(1).id, frame(2).id]);
  });
  it('answers 403 without a frame permission', () => refused(fx.bystander, 'GET', url(), 403));
  it('answers 404 for a video of another project', () => refused(fx.outsider, 'GET', url(), 404));
  it('answers 400 for limit 0', () => fx.expectStatus(fx.reviewer, 'GET', `${url()}?limit=0`, 400));
});

describe('GET /sarm/frame/get-frame/:id', () => {
  const url = () => `/api/sarm/frame/get-frame/${frame(0).id}`;
  it('answers the frame', async () => {
    const response = await fx.expectStatus(fx.reviewer, 'GET', url(), 200);
    expect(FrameSchema.parse(response.json())).toMatchObject({ id: frame(0).id, width: 320 });
  });
  it('answers 403 without a frame permission', () => refused(fx.bystander, 'GET', url(), 403));
  it('answers 404 for a frame of another project', () => refused(fx.outsider, 'GET', url(), 404));
});

describe('POST /technical/frames/:id/select', () => {
  const url = () => `/api/technical/frames/${frame(1).id}/select`;
  it('selects the frame with a note', async () => {
    const response = await fx.expectStatus(fx.annotator, 'POST', url(), 200, {
      selected: true,
      note: 'sharp',
    });
    expect(FrameSchema.parse(response.json())).toMatchObject({
      id: frame(1).id,
      selected: true,
      note: 'sharp',
    });
  });
  it('answers 403 for a reviewer', () =>
    refused(fx.reviewer, 'POST', url(), 403, { selected: true }));
  it('answers 404 for a frame of another project', () =>
    refused(fx.outsider, 'POST', url(), 404, { selected: true }));
  it('answers 400 for a selection that is no boolean', () =>
    fx.expectStatus(fx.annotator, 'POST', url(), 400, { selected: 'yes' }));
});

describe('DELETE /technical/frames/:id', () => {
  let spare: FrameRow;
  beforeAll(async () => {
    const { videos } = fx.server.context.repositories;
    const key = `videos/${fx.videoId}/frames/spare/frame_99.jpg`;
    await fx.server.context.storage.put(key, Readable.from([Buffer.from([0xff, 0xd8, 0xff])]));
    await videos.insertFrames([
      {
        videoId: fx.videoId,
        frameNumber: 99,
        timeOffset: 99 / 25,
        width: 320,
        height: 240,
        storageKey: key,
        size: 3,
        extractionSession: 'spare',
      },
    ]);
    const found = (await videos.allFrames(fx.videoId)).find((f) => f.frameNumber === 99);
    if (found === undefined) throw new Error('spare frame not stored');
    spare = found;
  });
  const url = () => `/api/technical/frames/${spare.id}`;
  const exists = async () =>
    (await fx.annotator.call('GET', `/api/sarm/frame/get-frame/${spare.id}`)).statusCode === 200;
  it('answers 403 for a reviewer', async () => {
    await refused(fx.reviewer, 'DELETE', url(), 403);
    expect(await exists()).toBe(true);
  });
  it('answers 404 for a frame of another project', async () => {
    await refused(fx.outsider, 'DELETE', url(), 404);
    expect(await exists()).toBe(true);
  });
  it('deletes the frame', async () => {
    const response = await fx.expectStatus(fx.annotator, 'DELETE', url(), 200);
    expect(OkResponseSchema.parse(response.json()).success).toBe(true);
    expect(await exists()).toBe(false);
  });
});
