import {
  BestCropsResponseSchema,
  CropListResponseSchema,
  FrameDetectionResponseSchema,
} from '@sarm/contracts';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FrameRow } from '../db/schema/index.js';
import { renderVisualization } from '../media/detection-images.js';
import { seedTechnical, NO_PERMISSION, type TechnicalFixture } from '../test/technical-fixture.js';

/**
 * Crops of a frame, of a video and the best crops of a scope (spec 2 §7.3 morphology operations):
 * position and frame order, ranking by sharpness and isolation, 403 without a crop permission,
 * 404 across projects, 400 for bad queries.
 */
let fx: TechnicalFixture;
/** A frame drawn for the ranking: a sharp lone head, a blurred lone head and two crowded ones. */
let drawn: FrameRow;
const ids = { sharp: '', blurred: '', crowdedA: '', crowdedB: '' };

const ErrorSchema = z.object({ statusCode: z.number(), message: z.string() });
const at = <T>(list: readonly T[], index: number): T => {
  const value = list[index];
  if (value === undefined) throw new Error(`missing element ${index}`);
  return value;
};

const [WIDTH, HEIGHT] = [320, 240];
/** Grey 100 with bright heads: hard-edged discs, and one Gaussian blob (out of focus). */
function rankingFrame(): Uint8Array {
  const gray = new Uint8Array(WIDTH * HEIGHT).fill(100);
  const discs = [
    [60, 60],
    [150, 180],
    [166, 180],
  ] as const;
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      let value = 100;
      for (const [cx, cy] of discs) if ((x - cx) ** 2 + (y - cy) ** 2 <= 64) value = 220;
      value += 120 * Math.exp(-((x - 260) ** 2 + (y - 60) ** 2) / (2 * 6 ** 2));
      gray[y * WIDTH + x] = Math.min(255, Math.round(value));
    }
  return gray;
}

beforeAll(async () => {
  fx = await seedTechnical();
  const { repositories, storage } = fx.server.context;
  const jpeg = await renderVisualization(rankingFrame(), WIDTH, HEIGHT, []);
  const storageKey = `videos/${fx.videoId}/frames/seed/frame_ranking.jpg`;
  await storage.put(storageKey, Readable.from([jpeg]));
  await repositories.videos.insertFrames([
    {
      videoId: fx.videoId,
      frameNumber: 99,
      timeOffset: 99 / 25,
      width: WIDTH,
      height: HEIGHT,
      storageKey,
      size: jpeg.length,
      extractionSession: 'seed',
    },
  ]);
  const frame = (await repositories.videos.allFrames(fx.videoId)).find((f) => f.frameNumber === 99);
  if (frame === undefined) throw new Error('no ranking frame');
  drawn = frame;
  // Inserted without a sharpness, as rows from before it was stored: computed on first ranking.
  const now = new Date();
  const older = async (cx: number, cy: number) =>
    (
      await repositories.detections.insert({
        frameId: frame.id,
        confidence: 0.9,
        x1: cx - 12,
        y1: cy - 12,
        x2: cx + 12,
        y2: cy + 12,
        source: 'import',
        createdAt: now,
        updatedAt: now,
      })
    ).id;
  ids.sharp = await older(60, 60);
  ids.blurred = await older(260, 60);
  // Drawn boxes: their crops are cut, and their sharpness stored, at once.
  ids.crowdedA = (await fx.drawBox(frame, { x1: 138, y1: 168, x2: 162, y2: 192 })).id;
  ids.crowdedB = (await fx.drawBox(frame, { x1: 154, y1: 168, x2: 178, y2: 192 })).id;
}, 120_000);
afterAll(async () => {
  await fx.close();
});

describe('GET /technical/frames/:frameId/crops', () => {
  const url = (frameId: string) => `/api/technical/frames/${frameId}/crops`;

  it("lists every crop of the frame in the detections' position order", async () => {
    const frame = at(fx.frames, 0);
    const response = await fx.expectStatus(fx.annotator, 'GET', url(frame.id), 200);
    const body = CropListResponseSchema.parse(response.json());
    const boxes = FrameDetectionResponseSchema.parse(
      (await fx.annotator.call('GET', `/api/sarm/detection/get-sperm/${frame.id}`)).json(),
    ).detections;
    const rows = await fx.server.context.repositories.detections.listByFrame(frame.id);
    expect(body.total).toBe(boxes.length);
    expect(body.crops.map((crop) => crop.detection_id)).toEqual(rows.map((row) => row.id));
    for (const crop of body.crops) {
      expect(crop.frame_id).toBe(frame.id);
      expect(crop.crop_url).toBe(`/api/sarm/media/view-crop/${crop.id}`);
      expect(crop.sharpness).toBeUndefined();
    }
    const tops = body.crops.map((crop) => crop.bounding_box.y1);
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
  });
  it('is readable by a reviewer', () =>
    fx.expectStatus(fx.reviewer, 'GET', url(at(fx.frames, 0).id), 200));
  it('answers 403 without a crop permission', async () => {
    const response = await fx.expectStatus(fx.bystander, 'GET', url(at(fx.frames, 0).id), 403);
    expect(ErrorSchema.parse(response.json()).message).toBe(NO_PERMISSION);
  });
  it("answers 404 'Frame not found' for a frame of another project", async () => {
    const response = await fx.expectStatus(fx.annotator, 'GET', url(fx.foreign.frame.id), 404);
    expect(ErrorSchema.parse(response.json()).message).toBe('Frame not found');
    await fx.expectStatus(fx.outsider, 'GET', url(at(fx.frames, 0).id), 404);
  });
});

describe('GET /technical/videos/:videoId/crops', () => {
  const url = (videoId: string, query = '') => `/api/technical/videos/${videoId}/crops${query}`;

  it('pages through the crops of every frame in frame order', async () => {
    const all = CropListResponseSchema.parse(
      (await fx.expectStatus(fx.annotator, 'GET', url(fx.videoId), 200)).json(),
    );
    expect(all).toMatchObject({ limit: 100, offset: 0 });
    expect(all.total).toBe(
      await fx.server.context.repositories.detections.countByVideo(fx.videoId),
    );
    const numbers = all.crops.map((crop) => crop.frame_number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
    expect(new Set(numbers)).toEqual(new Set([0, 1, 2, 99]));
    const second = CropListResponseSchema.parse(
      (
        await fx.expectStatus(fx.annotator, 'GET', url(fx.videoId, '?limit=5&offset=5'), 200)
      ).json(),
    );
    expect(second.crops.map((crop) => crop.id)).toEqual(
      all.crops.slice(5, 10).map((crop) => crop.id),
    );
  });
  it('answers 400 for a bad page', async () => {
    await fx.expectStatus(fx.annotator, 'GET', url(fx.videoId, '?limit=0'), 400);
    await fx.expectStatus(fx.annotator, 'GET', url(fx.videoId, '?offset=-1'), 400);
    await fx.expectStatus(fx.annotator, 'GET', url(fx.videoId, '?limit=many'), 400);
  });
  it('answers 403 without a crop permission', () =>
    fx.expectStatus(fx.bystander, 'GET', url(fx.videoId), 403));
  it('answers 404 across projects', async () => {
    await fx.expectStatus(fx.outsider, 'GET', url(fx.videoId), 404);
    await fx.expectStatus(fx.annotator, 'GET', url(fx.foreign.frame.videoId), 404);
  });
});

describe('GET /technical/crops/best', () => {
  const url = (query: string) => `/api/technical/crops/best?${query}`;

  it('ranks a sharp lone head above a blurred one and above crowded ones', async () => {
    const response = await fx.expectStatus(fx.annotator, 'GET', url(`frame_id=${drawn.id}`), 200);
    const body = BestCropsResponseSchema.parse(response.json());
    expect(body).toMatchObject({ total: 4, page: 1, page_size: 20, offset: 0, limit: 20 });
    const byId = new Map(body.crops.map((crop) => [crop.id, crop]));
    const score = (id: string) => byId.get(id)?.score ?? Number.NaN;
    expect(body.crops[0]?.id).toBe(ids.sharp);
    for (const other of [ids.blurred, ids.crowdedA, ids.crowdedB])
      expect(score(ids.sharp)).toBeGreaterThan(score(other));
    expect(byId.get(ids.sharp)).toMatchObject({ isolation: 1 });
    expect(byId.get(ids.blurred)?.isolation).toBe(1);
    expect(byId.get(ids.blurred)?.sharpness).toBeLessThan(0.5);
    for (const crowded of [ids.crowdedA, ids.crowdedB]) {
      expect(byId.get(crowded)?.isolation).toBeLessThanOrEqual(0.1);
      expect(byId.get(crowded)?.sharpness).toBeGreaterThan(0.5);
    }
    const scores = body.crops.map((crop) => crop.score ?? Number.NaN);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });
  it('stores the sharpness of older crops once it has measured it', async () => {
    const { detections } = fx.server.context.repositories;
    for (const id of Object.values(ids))
      expect((await detections.findById(id))?.cropSharpness).toBeGreaterThan(0);
  });
  it('stores the sharpness of engine crops when they are cut', async () => {
    const rows = await fx.server.context.repositories.detections.listByFrame(at(fx.frames, 0).id);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.cropSharpness).not.toBeNull();
  });
  it('ranks the crops of a frame whose image is gone without failing', async () => {
    const { repositories } = fx.server.context;
    await repositories.videos.insertFrames([
      {
        videoId: fx.videoId,
        frameNumber: 120,
        timeOffset: 120 / 25,
        width: WIDTH,
        height: HEIGHT,
        storageKey: `videos/${fx.videoId}/frames/seed/frame_gone.jpg`,
        extractionSession: 'seed',
      },
    ]);
    const gone = (await repositories.videos.allFrames(fx.videoId)).find(
      (f) => f.frameNumber === 120,
    );
    if (gone === undefined) throw new Error('no frame');
    const now = new Date();
    await repositories.detections.insert({
      frameId: gone.id,
      confidence: 0.5,
      x1: 10,
      y1: 10,
      x2: 30,
      y2: 30,
      createdAt: now,
      updatedAt: now,
    });
    const body = BestCropsResponseSchema.parse(
      (await fx.expectStatus(fx.annotator, 'GET', url(`frame_id=${gone.id}`), 200)).json(),
    );
    expect(body.crops).toHaveLength(1);
    expect(body.crops[0]).toMatchObject({ sharpness: 0, isolation: 1, score: 0.5 });
  });
  it('pages a dataset ranking without losing or repeating crops', async () => {
    const first = BestCropsResponseSchema.parse(
      (
        await fx.expectStatus(
          fx.reviewer,
          'GET',
          url(`dataset_id=${fx.datasetId}&page=1&page_size=7`),
          200,
        )
      ).json(),
    );
    const second = BestCropsResponseSchema.parse(
      (
        await fx.expectStatus(
          fx.reviewer,
          'GET',
          url(`dataset_id=${fx.datasetId}&video_id=${fx.videoId}&page=2&page_size=7`),
          200,
        )
      ).json(),
    );
    expect(first.total).toBe(second.total);
    expect(second).toMatchObject({ page: 2, page_size: 7, offset: 7 });
    expect(first.crops).toHaveLength(7);
    const seen = new Set([...first.crops, ...second.crops].map((crop) => crop.id));
    expect(seen.size).toBe(first.crops.length + second.crops.length);
    expect(first.crops.at(-1)?.score).toBeGreaterThanOrEqual(second.crops[0]?.score ?? 1);
  });
  it('answers 400 without a scope or with a bad page size', async () => {
    await fx.expectStatus(fx.annotator, 'GET', url('page=1'), 400);
    await fx.expectStatus(fx.annotator, 'GET', url(`frame_id=${drawn.id}&page_size=101`), 400);
    await fx.expectStatus(fx.annotator, 'GET', url(`frame_id=${drawn.id}&page_size=0`), 400);
    await fx.expectStatus(fx.annotator, 'GET', url(`frame_id=${drawn.id}&page=0`), 400);
  });
  it('answers 403 without a crop permission', () =>
    fx.expectStatus(fx.bystander, 'GET', url(`frame_id=${drawn.id}`), 403));
  it('answers 404 across projects', async () => {
    await fx.expectStatus(fx.outsider, 'GET', url(`dataset_id=${fx.datasetId}`), 404);
    await fx.expectStatus(fx.annotator, 'GET', url(`frame_id=${fx.foreign.frame.id}`), 404);
  });
});
