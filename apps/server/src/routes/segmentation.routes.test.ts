import {
  AddMaskItemResponseSchema,
  AutoSuggestResponseSchema,
  DataLabelItemsResponseSchema,
  DataLabelSchema,
  DataLabelStatsSchema,
  defaultDataLabelName,
  CropListResponseSchema,
  BUILTIN_SEGMENTER_ID,
  DetectionSchema,
  MaskResultSchema,
  SegmentationModelListSchema,
  type Detection,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { caller } from '../test/admin-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { seedTechnical, NO_PERMISSION, type TechnicalFixture } from '../test/technical-fixture.js';

/**
 * Spec 2 §7.2 segmentation under both prefixes: the model list, point-prompted masks of detection
 * crops and suggested points; 403 without a mask permission, 404 across projects, 400 for bad
 * prompts.
 */
let fx: TechnicalFixture;
let box: Detection;
/** The crop's place in the frame. */
let place = { x1: 0, y1: 0, x2: 0, y2: 0 };

beforeAll(async () => {
  fx = await seedTechnical();
  const item = fx.items[0];
  if (item === undefined) throw new Error('no item');
  box = DetectionSchema.parse(
    (
      await fx.annotator.call('GET', `/api/sarm/detection/get-detection/${item.detection_id}`)
    ).json(),
  );
  const crops = CropListResponseSchema.parse(
    (
      await fx.annotator.call('POST', '/api/technical/crops/filter', { frame_id: box.frame_id })
    ).json(),
  ).crops;
  const crop = crops.find((c) => c.detection_id === box.id);
  if (crop === undefined) throw new Error('no crop');
  place = crop.bounding_box;
}, 120_000);
afterAll(async () => {
  await fx.close();
});

const ErrorSchema = z.object({ statusCode: z.number(), message: z.string() });
/** The detection's centre in crop pixels. */
const centre = () => ({ x: (box.x1 + box.x2) / 2 - place.x1, y: (box.y1 + box.y2) / 2 - place.y1 });
/** Width and height from a PNG's header. */
const pngSize = (bytes: Buffer) => ({
  width: bytes.readUInt32BE(16),
  height: bytes.readUInt32BE(20),
});
const maskPaths = [
  '/api/sarm/annotation/generate-mask',
  '/api/sarm/annotation/generate-mask/',
  '/api/annotations/sam2/mask-from-points/',
  '/api/annotations/sam2/mask-from-points',
];

describe.each(['/api/sarm/annotation/models/', '/api/annotations/sam2/models'])('GET %s', (url) => {
  it('offers the built-in segmenter as default and the SAM ids running as it', async () => {
    const response = await fx.expectStatus(
      fx.annotator,
      'GET',
      `${url}?model_type=segmentation`,
      200,
    );
    const { models } = SegmentationModelListSchema.parse(response.json());
    expect(models.filter((model) => model.default).map((model) => model.id)).toEqual([
      BUILTIN_SEGMENTER_ID,
    ]);
    expect(models.map((model) => model.id)).toContain('sam2_large');
    expect(models.every((model) => model.runs_as === BUILTIN_SEGMENTER_ID)).toBe(true);
  });
  it('has no detection models here', async () => {
    const response = await fx.expectStatus(fx.annotator, 'GET', `${url}?model_type=detection`, 200);
    expect(SegmentationModelListSchema.parse(response.json()).models).toEqual([]);
  });
  it('answers 403 without a technical permission', async () => {
    const response = await fx.expectStatus(fx.bystander, 'GET', url, 403);
    expect(ErrorSchema.parse(response.json()).message).toBe(NO_PERMISSION);
  });
  it('answers 400 for an unknown model type', () =>
    fx.expectStatus(fx.annotator, 'GET', `${url}?model_type=cells`, 400));
});

describe.each(maskPaths)('POST %s', (url) => {
  it('makes a crop-sized mask around the clicked head, stored with its visualisation', async () => {
    const response = await fx.expectStatus(fx.annotator, 'POST', url, 200, {
      crop_id: box.id,
      point_prompts: [{ ...centre(), label: 1 }],
      model_id: 'sam2_large',
      request_id: 'r-1',
    });
    const result = MaskResultSchema.parse(response.json());
    expect(result).toMatchObject({
      success: true,
      model_id: BUILTIN_SEGMENTER_ID,
      requested_model_id: 'sam2_large',
      crop_id: box.id,
      video_id: fx.videoId,
      request_id: 'r-1',
    });
    expect(result.confidence).toBeGreaterThan(0);
    expect(result.confidence).toBeLessThanOrEqual(1);
    expect(result.quality).toBe(result.confidence > 0.7 ? 'Good' : 'Fair');
    // A head of a few micrometres: the mask is measured at the dataset's scale.
    expect(result.morphometry.length_um).toBeGreaterThan(2);
    expect(result.morphometry.length_um).toBeLessThan(15);
    expect(result.morphometry.length_um).toBeGreaterThanOrEqual(result.morphometry.width_um);
    const mask = await fx.annotator.call('GET', result.mask_url);
    expect(mask.statusCode).toBe(200);
    expect(pngSize(mask.rawPayload)).toEqual({ width: result.width, height: result.height });
    expect([result.width, result.height]).toEqual([place.x2 - place.x1, place.y2 - place.y1]);
    const visual = await fx.annotator.call('GET', result.visualization_url ?? '');
    expect(visual.statusCode).toBe(200);
    expect(visual.headers['content-type']).toBe('image/png');
    const after = DetectionSchema.parse(
      (await fx.annotator.call('GET', `/api/sarm/detection/get-detection/${box.id}`)).json(),
    );
    expect(after.hasMask).toBe(true);
  });
  it('takes points as fractions of the crop', async () => {
    const response = await fx.expectStatus(fx.annotator, 'POST', url, 200, {
      crop_id: box.id,
      point_prompts: [{ x: 0.5, y: 0.5, label: 1 }],
      use_normalized_coordinates: true,
      save_visualization: false,
    });
    expect(MaskResultSchema.parse(response.json()).visualization_url).toBeNull();
  });
  it('answers 409 when the crop has a mask and overwriting is off', () =>
    fx.expectStatus(fx.annotator, 'POST', url, 409, {
      crop_id: box.id,
      point_prompts: [{ ...centre(), label: 1 }],
      overwrite_existing: false,
    }));
  it('answers 403 for a reviewer', async () => {
    const response = await fx.expectStatus(fx.reviewer, 'POST', url, 403, {
      crop_id: box.id,
      point_prompts: [{ ...centre(), label: 1 }],
    });
    expect(ErrorSchema.parse(response.json()).message).toBe(NO_PERMISSION);
  });
  it('answers 404 for a crop of another project', async () => {
    const response = await fx.expectStatus(fx.outsider, 'POST', url, 404, {
      crop_id: box.id,
      point_prompts: [{ ...centre(), label: 1 }],
    });
    expect(ErrorSchema.parse(response.json()).message).toMatch(/not found/i);
  });
  it("answers 400 with the spec's text without points", async () => {
    const response = await fx.expectStatus(fx.annotator, 'POST', url, 400, {
      crop_id: box.id,
      point_prompts: [],
    });
    expect(ErrorSchema.parse(response.json()).message).toContain(
      'Please select a crop and add points first',
    );
  });
  it('answers 400 naming a point outside the crop', async () => {
    const response = await fx.expectStatus(fx.annotator, 'POST', url, 400, {
      crop_id: box.id,
      point_prompts: [{ x: 500, y: 2, label: 1 }],
    });
    expect(ErrorSchema.parse(response.json()).message).toMatch(/^Point 1 .* outside the/);
  });
});

describe.each([
  '/api/sarm/annotation/auto-suggest-points/',
  '/api/annotations/sam2/auto-suggest-points',
])('POST %s', (url) => {
  it('suggests num_points points, the first on the head', async () => {
    const response = await fx.expectStatus(fx.annotator, 'POST', url, 200, {
      crop_id: box.id,
      num_points: 4,
    });
    const body = AutoSuggestResponseSchema.parse(response.json());
    expect(body.points).toHaveLength(4);
    const first = body.points[0];
    expect(first?.label).toBe(1);
    const head = centre();
    const halfWidth = (box.x2 - box.x1) / 2;
    const halfHeight = (box.y2 - box.y1) / 2;
    expect(Math.abs((first?.x ?? -99) - head.x)).toBeLessThanOrEqual(halfWidth);
    expect(Math.abs((first?.y ?? -99) - head.y)).toBeLessThanOrEqual(halfHeight);
    expect(body.points.some((point) => point.label === 0)).toBe(true);
  });
  it('answers fractions of the crop when asked', async () => {
    const response = await fx.expectStatus(fx.annotator, 'POST', url, 200, {
      crop_id: box.id,
      return_normalized_coordinates: true,
    });
    const body = AutoSuggestResponseSchema.parse(response.json());
    expect(body.points).toHaveLength(5);
    expect(body.points.every((point) => point.x <= 1 && point.y <= 1)).toBe(true);
  });
  it('answers 403 for a reviewer', () =>
    fx.expectStatus(fx.reviewer, 'POST', url, 403, { crop_id: box.id }));
  it('answers 404 for a crop of another project', () =>
    fx.expectStatus(fx.outsider, 'POST', url, 404, { crop_id: box.id }));
  it('answers 400 for no points', () =>
    fx.expectStatus(fx.annotator, 'POST', url, 400, { crop_id: box.id, num_points: 0 }));
});

describe('GET /sarm/media/view-mask-visualization/:id', () => {
  it('answers 404 across projects', () =>
    fx.expectStatus(fx.outsider, 'GET', `/api/sarm/media/view-mask-visualization/${box.id}`, 404));
  it('answers 403 without a technical permission', () =>
    fx.expectStatus(fx.bystander, 'GET', `/api/sarm/media/view-mask-visualization/${box.id}`, 403));
});

describe.each([
  '/api/sarm/annotation/datasets/:d/data-labels/:l/items/:v/:c/',
  '/api/annotations/sam2/datasets/:d/data-labels/:l/items/:v/:c',
])('POST %s (a mask into a morphology label)', (pattern) => {
  let morphologist: Awaited<ReturnType<typeof caller>>;
  let labelId = '';
  const url = (crop = box.id, video = fx.videoId, dataset = fx.datasetId, label = labelId) =>
    pattern.replace(':d', dataset).replace(':l', label).replace(':v', video).replace(':c', crop);

  beforeAll(async () => {
    morphologist = await caller(fx.server, {
      email: `morph-${pattern.startsWith('/api/sarm') ? 'a' : 'b'}@example.org`,
    });
    await grantCustomRole(fx.server, morphologist.user.id, ['finetune.annotate_morphology']);
    await fx.server.context.repositories.projects.addMember({
      projectId: fx.projectId,
      userId: morphologist.user.id,
      accessLevel: 'member',
    });
    labelId = DataLabelSchema.parse(
      (
        await morphologist.call('POST', '/api/sarm/annotation/create-label', {
          name: defaultDataLabelName(morphologist.user.id, fx.datasetId, 'morphology'),
          dataset_id: fx.datasetId,
          label_type: 'morphology',
        })
      ).json(),
    ).id;
    await fx.expectStatus(morphologist, 'POST', '/api/sarm/annotation/generate-mask', 200, {
      crop_id: box.id,
      point_prompts: [{ ...centre(), label: 1 }],
    });
  });

  it('stores the class of either list as the review class, with the mask and points', async () => {
    const response = await fx.expectStatus(morphologist, 'POST', url(), 200, {
      class: 'cytoplasmic_droplet',
      points: [{ ...centre(), label: 1 }],
    });
    expect(AddMaskItemResponseSchema.parse(response.json()).morphology_class).toBe(
      'midpiece_defect',
    );
    const items = DataLabelItemsResponseSchema.parse(
      (await morphologist.call('GET', `/api/sarm/annotation/data-labels/${labelId}/items`)).json(),
    ).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      detection_id: box.id,
      morphology_class: 'midpiece_defect',
      points: [{ label: 1 }],
      review_status: 'pending',
    });
    const mask = await morphologist.call('GET', items[0]?.mask_url ?? '');
    expect(mask.statusCode).toBe(200);
    const stats = DataLabelStatsSchema.parse(
      (await morphologist.call('GET', `/api/sarm/annotation/data-labels/${labelId}/stats`)).json(),
    );
    expect(stats).toMatchObject({
      total_items: 1,
      normal_count: 0,
      midpiece_defect_count: 1,
      normal_forms_percent: 0,
      normal_forms_reference_percent: 4,
    });
  });
  it('answers 409 when the crop is there and overwriting is off', () =>
    fx.expectStatus(morphologist, 'POST', url(), 409, {
      class: 'normal',
      overwrite_existing: false,
    }));
  it("answers 400 with the spec's text for a crop without a mask", async () => {
    const drawn = await fx.drawBox(fx.frames[0] ?? ({} as never), { x1: 5, y1: 5, x2: 30, y2: 30 });
    const response = await fx.expectStatus(morphologist, 'POST', url(drawn.id), 400, {
      class: 'normal',
    });
    expect(ErrorSchema.parse(response.json()).message).toBe(
      'Please select a crop, generate a mask, and select a data label',
    );
  });
  it('answers 400 for an unknown class', () =>
    fx.expectStatus(morphologist, 'POST', url(), 400, { class: 'pretty' }));
  it('answers 403 for a reviewer', () =>
    fx.expectStatus(fx.reviewer, 'POST', url(), 403, { class: 'normal' }));
  it('answers 404 for a crop of another video', async () => {
    const response = await fx.expectStatus(morphologist, 'POST', url(box.id, 'no-video'), 404, {
      class: 'normal',
    });
    expect(ErrorSchema.parse(response.json()).message).toBe('Crop not found');
  });
  it('answers 404 across projects', () =>
    fx.expectStatus(fx.outsider, 'POST', url(), 404, { class: 'normal' }));
  it('answers 400 for a detection label', () =>
    fx.expectStatus(fx.annotator, 'POST', url(box.id, fx.videoId, fx.datasetId, fx.labelId), 400, {
      class: 'normal',
    }));
});
