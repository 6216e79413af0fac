import {
  AnnotationFramesResponseSchema,
  AnnotationImportResponseSchema,
  FrameDetectionResponseSchema,
  ReviewListResponseSchema,
  ReviewStatsSchema,
  ReviewUnitSchema,
} from '@sarm/contracts';
import { strFromU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { multipartBody } from '../test/clinical-helpers.js';
import { seedSimulatedFrames } from '../test/detection-helpers.js';
import {
  NO_PERMISSION,
  ROUTES,
  fill,
  seedTechnical,
  type Caller,
  type TechnicalFixture,
} from '../test/technical-fixture.js';

/**
 * label-reviews.routes.ts and annotation-transfer.routes.ts, every path: the happy path, 403
 * without the permission, 404 (or hidden) for a caller outside the project, 400 for bad input.
 */
let fx: TechnicalFixture;

beforeAll(async () => {
  fx = await seedTechnical();
}, 120_000);
afterAll(async () => {
  await fx.close();
});

const ErrorSchema = z.object({ statusCode: z.number(), message: z.string() });
const CocoSchema = z.object({
  images: z.array(z.object({ id: z.number() })),
  annotations: z.array(z.object({ bbox: z.array(z.number()) })),
});
const at = <T>(list: readonly T[], index: number): T => {
  const value = list[index];
  if (value === undefined) throw new Error(`missing element ${index}`);
  return value;
};
const forbidden = async (who: Caller, method: 'GET' | 'POST', url: string, body?: object) => {
  const response = await fx.expectStatus(who, method, url, 403, body);
  expect(ErrorSchema.parse(response.json()).message).toBe(NO_PERMISSION);
};
const notFound = async (method: 'GET' | 'POST', url: string, body?: object) => {
  const response = await fx.expectStatus(fx.outsider, method, url, 404, body);
  expect(ErrorSchema.parse(response.json()).message).toMatch(/not found/i);
};
const unitId = () => `${fx.labelId}:${at(fx.frames, 0).id}`;

describe('GET /technical/annotation/frames', () => {
  const url = '/api/technical/annotation/frames';
  it("lists the project's frames with their annotation status", async () => {
    const response = await fx.expectStatus(fx.reviewer, 'GET', `${url}?sort=frame_number`, 200);
    const body = AnnotationFramesResponseSchema.parse(response.json());
    expect(body.frames.map((frame) => frame.frame_id).sort()).toEqual(
      fx.frames.map((frame) => frame.id).sort(),
    );
    expect(body.counts.completed).toBe(2);
  });
  it('answers 403 without a technical permission', () => forbidden(fx.bystander, 'GET', url));
  it('answers 404 for a dataset of another project, and hides its frames', async () => {
    await notFound('GET', `${url}?dataset_id=${fx.datasetId}`);
    const own = AnnotationFramesResponseSchema.parse(
      (await fx.expectStatus(fx.outsider, 'GET', url, 200)).json(),
    );
    expect(own.frames.map((frame) => frame.frame_id)).toEqual([fx.foreign.frame.id]);
  });
  it('answers 400 for an unknown sort', () =>
    fx.expectStatus(fx.reviewer, 'GET', `${url}?sort=nope`, 400));
});

describe('GET /sarm/annotation/reviews and /reviews/stats', () => {
  const url = '/api/sarm/annotation/reviews';
  it('lists one pending unit per labelled frame', async () => {
    const response = await fx.expectStatus(fx.reviewer, 'GET', `${url}?label_type=detection`, 200);
    const body = ReviewListResponseSchema.parse(response.json());
    expect(body).toMatchObject({ total: 2, can_review: true });
    expect(body.reviews.map((unit) => unit.id)).toContain(unitId());
    const stats = ReviewStatsSchema.parse(
      (await fx.expectStatus(fx.reviewer, 'GET', `${url}/stats`, 200)).json(),
    );
    expect(stats.detection).toEqual({ pending: 2, approved: 0, rejected: 0, needsCorrection: 0 });
  });
  it.each([url, `${url}/stats`])('GET %s answers 403 without a technical permission', (path) =>
    forbidden(fx.bystander, 'GET', path),
  );
  it("hides another project's units", async () => {
    const list = ReviewListResponseSchema.parse(
      (await fx.expectStatus(fx.outsider, 'GET', url, 200)).json(),
    );
    expect(list.total).toBe(0);
    const stats = ReviewStatsSchema.parse(
      (await fx.expectStatus(fx.outsider, 'GET', `${url}/stats`, 200)).json(),
    );
    expect(stats.detection.pending).toBe(0);
    const filtered = await fx.outsider.call('GET', `${url}?dataset_id=${fx.datasetId}`);
    if (filtered.statusCode !== 404) {
      expect(filtered.statusCode).toBe(200);
      expect(ReviewListResponseSchema.parse(filtered.json()).total).toBe(0);
    }
  });
  it('answers 400 for a bad date or sort', async () => {
    await fx.expectStatus(fx.reviewer, 'GET', `${url}?from=yesterday`, 400);
    await fx.expectStatus(fx.reviewer, 'GET', `${url}?sort=size`, 400);
  });
});

describe.each(ROUTES.decide)('POST %s', (path) => {
  const url = () => fill(path, { id: unitId() });
  it('answers 403 for an annotator, who may not review', () =>
    forbidden(fx.annotator, 'POST', url(), { status: 'approved' }));
  it('answers 404 for a unit of another project', () =>
    notFound('POST', url(), { status: 'approved' }));
  it('answers 400 for a status that is no decision', () =>
    fx.expectStatus(fx.reviewer, 'POST', url(), 400, { status: 'pending' }));
  it('records the decision', async () => {
    const response = await fx.expectStatus(fx.reviewer, 'POST', url(), 200, {
      status: 'approved',
      notes: 'Fine',
    });
    expect(ReviewUnitSchema.parse(response.json())).toMatchObject({
      id: unitId(),
      status: 'approved',
      reviewed_by: fx.reviewer.user.id,
      notes: 'Fine',
    });
  });
});

describe('annotation export', () => {
  const exports = () => [
    { url: `/api/sarm/detection/export-video/${fx.videoId}`, frames: 3 },
    { url: `/api/sarm/detection/export-frame/${at(fx.frames, 1).id}`, frames: 1 },
    ...ROUTES.exportLabel.map((path) => ({
      url: fill(path, { datasetId: fx.datasetId, labelId: fx.labelId }),
      frames: 2,
    })),
  ];
  const cases = [0, 1, 2, 3];
  it('covers every export path', () => {
    expect(exports()).toHaveLength(cases.length);
  });
  it.each(cases)('export #%i answers a COCO zip to a reviewer', async (index) => {
    const { url, frames } = at(exports(), index);
    const response = await fx.expectStatus(fx.reviewer, 'POST', url, 200, {
      format: 'coco',
      include_original_images: false,
    });
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(response.rawPayload);
    expect(Object.keys(files).some((name) => name.endsWith('.jpg'))).toBe(false);
    const coco = CocoSchema.parse(
      JSON.parse(strFromU8(files['annotations.json'] ?? new Uint8Array())),
    );
    expect(coco.images).toHaveLength(frames);
    expect(coco.annotations.length).toBeGreaterThan(0);
  });
  it.each(cases)('export #%i answers 403 without a permission', (index) =>
    forbidden(fx.bystander, 'POST', at(exports(), index).url, {}),
  );
  it.each(cases)('export #%i answers 404 for another project', (index) =>
    notFound('POST', at(exports(), index).url, {}),
  );
  it.each(cases)('export #%i answers 400 for an unknown format', async (index) => {
    const response = await fx.expectStatus(fx.reviewer, 'POST', at(exports(), index).url, 400, {
      format: 'voc',
    });
    expect(ErrorSchema.parse(response.json()).statusCode).toBe(400);
  });
});

describe('POST /sarm/detection/import-video/:id', () => {
  let target: { videoId: string; zip: Buffer; boxes: number };
  beforeAll(async () => {
    // A video of its own, so replacing its boxes leaves the shared label alone.
    const extra = await seedSimulatedFrames(fx.server, fx.annotator.user.id, 1);
    const frame = at(extra.frames, 0);
    const detected = FrameDetectionResponseSchema.parse(
      (
        await fx.expectStatus(fx.annotator, 'POST', '/api/sarm/detection/detect-sperm', 200, {
          frame_id: frame.id,
        })
      ).json(),
    );
    const exported = await fx.expectStatus(
      fx.annotator,
      'POST',
      `/api/sarm/detection/export-video/${extra.video.id}`,
      200,
      { format: 'coco', include_original_images: false },
    );
    target = {
      videoId: extra.video.id,
      zip: Buffer.from(zipSync(unzipSync(exported.rawPayload))),
      boxes: detected.detection_count,
    };
  });
  const importAs = (who: Caller, videoId: string, fields: Record<string, string>, file = true) => {
    const body = multipartBody(
      fields,
      file
        ? { name: 'coco.zip', content: target.zip, type: 'application/octet-stream' }
        : undefined,
    );
    return fx.server.app.inject({
      method: 'POST',
      url: `/api/sarm/detection/import-video/${videoId}`,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  };
  it('imports the boxes of a COCO zip', async () => {
    const response = await importAs(fx.annotator, target.videoId, { format: 'coco' });
    expect(response.statusCode, response.body).toBe(200);
    expect(AnnotationImportResponseSchema.parse(response.json())).toMatchObject({
      success: true,
      frames: 1,
      frames_extracted: 0,
      boxes: target.boxes,
    });
  });
  it('answers 403 for a reviewer', async () => {
    const response = await importAs(fx.reviewer, target.videoId, { format: 'coco' });
    expect(response.statusCode).toBe(403);
    expect(ErrorSchema.parse(response.json()).message).toBe(NO_PERMISSION);
  });
  it('answers 404 for a video of another project', async () => {
    const response = await importAs(fx.outsider, target.videoId, { format: 'coco' });
    expect(response.statusCode).toBe(404);
    expect(ErrorSchema.parse(response.json()).message).toMatch(/not found/i);
  });
  it('answers 400 for an unknown format or a missing file', async () => {
    const format = await importAs(fx.annotator, target.videoId, { format: 'voc' });
    expect(format.statusCode).toBe(400);
    expect(ErrorSchema.parse(format.json()).message).toMatch(/^format must be one of/);
    const noFile = await importAs(fx.annotator, target.videoId, { format: 'coco' }, false);
    expect(noFile.statusCode).toBe(400);
    expect(ErrorSchema.parse(noFile.json()).message).toBe('Please select a file to import');
  });
});
