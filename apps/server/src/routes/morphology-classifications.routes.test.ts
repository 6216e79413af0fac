import {
  ClassificationsResponseSchema,
  CropListResponseSchema,
  DataLabelItemsResponseSchema,
  DataLabelSchema,
  DataLabelStatsSchema,
  DetectionSchema,
  FrameDetectionResponseSchema,
  defaultDataLabelName,
  type DataLabelItem,
  type Detection,
} from '@sarm/contracts';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { caller } from '../test/admin-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import {
  ROUTES,
  fill,
  seedTechnical,
  type Caller,
  type TechnicalFixture,
} from '../test/technical-fixture.js';

/**
 * Morphology classifications (the labeling page's Save Labels): class, confidence 1-5 and notes
 * per crop, with or without a mask, in one transaction; the add-mask route's confidence and notes;
 * statistics and export of items without a mask. 403 without a morphology permission, 404 across
 * projects and for detections of other datasets, 400 for bad input and detection labels.
 */
let fx: TechnicalFixture;
let morphologist: Caller;
let labelId = '';
/** Engine detections of frame 2 (not in any morphology label yet). */
let boxes: Detection[] = [];
/** A box drawn by hand on frame 2: it has no mask. */
let manual: Detection;
let foreignDetection = '';

const ErrorSchema = z.object({ statusCode: z.number(), message: z.string() });
const at = <T>(list: readonly T[], index: number): T => {
  const value = list[index];
  if (value === undefined) throw new Error(`missing element ${index}`);
  return value;
};
const url = (label = labelId, dataset = fx.datasetId, path = at(ROUTES.classifications, 1)) =>
  fill(path, { datasetId: dataset, labelId: label });

async function labelItems(): Promise<DataLabelItem[]> {
  return DataLabelItemsResponseSchema.parse(
    (
      await fx.expectStatus(
        morphologist,
        'GET',
        `/api/sarm/annotation/data-labels/${labelId}/items?limit=1000`,
        200,
      )
    ).json(),
  ).items;
}
const itemOf = async (detectionId: string) =>
  (await labelItems()).find((item) => item.detection_id === detectionId);

beforeAll(async () => {
  fx = await seedTechnical();
  morphologist = await caller(fx.server, { email: 'morph-classify@example.org' });
  await grantCustomRole(fx.server, morphologist.user.id, ['finetune.annotate_morphology']);
  await fx.server.context.repositories.projects.addMember({
    projectId: fx.projectId,
    userId: morphologist.user.id,
    accessLevel: 'member',
  });
  labelId = DataLabelSchema.parse(
    (
      await fx.expectStatus(morphologist, 'POST', '/api/sarm/annotation/create-label', 201, {
        name: defaultDataLabelName(morphologist.user.id, fx.datasetId, 'morphology'),
        dataset_id: fx.datasetId,
        label_type: 'morphology',
      })
    ).json(),
  ).id;
  boxes = FrameDetectionResponseSchema.parse(
    (await fx.annotator.call('GET', `/api/sarm/detection/get-sperm/${at(fx.frames, 2).id}`)).json(),
  ).detections;
  expect(boxes.length).toBeGreaterThan(5);
  manual = DetectionSchema.parse(
    (
      await fx.annotator.call('POST', '/api/sarm/detection/create-sperm', {
        frame_id: at(fx.frames, 2).id,
        x1: 4,
        y1: 4,
        x2: 24,
        y2: 20,
      })
    ).json(),
  );
  foreignDetection = at(
    FrameDetectionResponseSchema.parse(
      (
        await fx.outsider.call('GET', `/api/sarm/detection/get-sperm/${fx.foreign.frame.id}`)
      ).json(),
    ).detections,
    0,
  ).id;
}, 120_000);
afterAll(async () => {
  await fx.close();
});

describe('POST /datasets/:datasetId/data-labels/:labelId/classifications', () => {
  it('creates items in request order, with confidence and notes, with or without a mask', async () => {
    const [first, second] = [manual, at(boxes, 1)];
    const response = await fx.expectStatus(morphologist, 'POST', url(), 200, {
      items: [
        { detection_id: first.id, class: 'abnormal_head', confidence: 4, notes: 'Tapered head' },
        { detection_id: second.id, class: 'normal' },
      ],
    });
    const body = ClassificationsResponseSchema.parse(response.json());
    expect(body).toMatchObject({ success: true, saved: 2 });
    const items = await labelItems();
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(body.item_ids.map((id) => byId.get(id)?.detection_id)).toEqual([first.id, second.id]);
    expect(await itemOf(first.id)).toMatchObject({
      class_name: 'abnormal_head',
      morphology_class: 'head_defect',
      annotator_confidence: 4,
      notes: 'Tapered head',
      mask_url: null,
      points: [],
      annotated_by: morphologist.user.id,
      review_status: 'pending',
    });
    // The engine segmented this head when it detected it: the item has its mask and morphometry.
    const engineSegmented = await itemOf(second.id);
    expect(engineSegmented).toMatchObject({
      morphology_class: 'normal',
      annotator_confidence: 3,
      notes: '',
    });
    expect(engineSegmented?.mask_url).not.toBeNull();
    expect(engineSegmented?.morphometry?.length_um).toBeGreaterThan(1);
  });

  it('reclassifies an item with a mask, keeping mask and points, and sends it back to review', async () => {
    const box = at(boxes, 2);
    const crop = CropListResponseSchema.parse(
      (
        await fx.expectStatus(
          morphologist,
          'GET',
          `/api/technical/frames/${box.frame_id}/crops`,
          200,
        )
      ).json(),
    ).crops.find((c) => c.detection_id === box.id);
    if (crop === undefined) throw new Error('no crop');
    const point = {
      x: (box.x1 + box.x2) / 2 - crop.bounding_box.x1,
      y: (box.y1 + box.y2) / 2 - crop.bounding_box.y1,
      label: 1 as const,
    };
    await fx.expectStatus(morphologist, 'POST', '/api/sarm/annotation/generate-mask', 200, {
      crop_id: box.id,
      point_prompts: [point],
    });
    await fx.expectStatus(
      morphologist,
      'POST',
      `/api/sarm/annotation/datasets/${fx.datasetId}/data-labels/${labelId}/items/${fx.videoId}/${box.id}`,
      200,
      { class: 'normal', points: [point], confidence: 2, notes: 'First look' },
    );
    const masked = await itemOf(box.id);
    expect(masked).toMatchObject({ annotator_confidence: 2, notes: 'First look' });
    expect(masked?.mask_url).not.toBeNull();
    // The head measured once, at the dataset's scale, when the mask went in.
    expect(masked?.morphometry?.length_um).toBeGreaterThan(1);
    expect(masked?.morphometry?.width_um).toBeGreaterThan(0.5);
    await fx.expectStatus(
      fx.reviewer,
      'POST',
      `/api/sarm/annotation/reviews/${masked?.id ?? ''}`,
      200,
      { status: 'approved' },
    );
    expect((await itemOf(box.id))?.review_status).toBe('approved');

    const response = await fx.expectStatus(morphologist, 'POST', url(), 200, {
      items: [{ detection_id: box.id, class: 'tail_defect', confidence: 5, notes: 'Coiled' }],
    });
    expect(ClassificationsResponseSchema.parse(response.json()).item_ids).toEqual([masked?.id]);
    expect(await itemOf(box.id)).toMatchObject({
      morphology_class: 'tail_defect',
      annotator_confidence: 5,
      notes: 'Coiled',
      mask_url: masked?.mask_url,
      morphometry: masked?.morphometry,
      points: masked?.points,
      review_status: 'pending',
    });
  });

  it('gives a new item the mask and morphometry of a crop segmented before, and keeps the class as chosen', async () => {
    const box = at(boxes, 3);
    const crop = CropListResponseSchema.parse(
      (
        await fx.expectStatus(
          morphologist,
          'GET',
          `/api/technical/frames/${box.frame_id}/crops`,
          200,
        )
      ).json(),
    ).crops.find((c) => c.detection_id === box.id);
    if (crop === undefined) throw new Error('no crop');
    await fx.expectStatus(morphologist, 'POST', '/api/sarm/annotation/generate-mask', 200, {
      crop_id: box.id,
      point_prompts: [
        {
          x: (box.x1 + box.x2) / 2 - crop.bounding_box.x1,
          y: (box.y1 + box.y2) / 2 - crop.bounding_box.y1,
          label: 1,
        },
      ],
    });
    await fx.expectStatus(morphologist, 'POST', url(), 200, {
      items: [{ detection_id: box.id, class: 'cytoplasmic_droplet' }],
    });
    const item = await itemOf(box.id);
    expect(item).toMatchObject({
      class_name: 'cytoplasmic_droplet',
      morphology_class: 'midpiece_defect',
    });
    expect(item?.mask_url).not.toBeNull();
    expect(item?.morphometry?.area_um2).toBeGreaterThan(1);
  });

  it('keeps confidence and notes when a mask is added again without them', async () => {
    const box = at(boxes, 2);
    await fx.expectStatus(
      morphologist,
      'POST',
      `/api/annotations/sam2/datasets/${fx.datasetId}/data-labels/${labelId}/items/${fx.videoId}/${box.id}/`,
      200,
      { class: 'normal' },
    );
    expect(await itemOf(box.id)).toMatchObject({
      morphology_class: 'normal',
      annotator_confidence: 5,
      notes: 'Coiled',
    });
  });

  it('counts classifications without masks in the statistics and the export', async () => {
    const stats = DataLabelStatsSchema.parse(
      (
        await fx.expectStatus(
          morphologist,
          'GET',
          `/api/sarm/annotation/data-labels/${labelId}/stats`,
          200,
        )
      ).json(),
    );
    expect(stats).toMatchObject({
      total_items: 4,
      normal_count: 2,
      head_defect_count: 1,
      midpiece_defect_count: 1,
    });
    const exported = await fx.expectStatus(
      morphologist,
      'POST',
      `/api/sarm/annotation/datasets/${fx.datasetId}/data-labels/${labelId}/export`,
      200,
      { format: 'masks', include_original_images: false },
    );
    const files = unzipSync(exported.rawPayload);
    const rows = strFromU8(files['labels.csv'] ?? new Uint8Array())
      .trimEnd()
      .split('\n')
      .slice(1);
    expect(rows).toHaveLength(4);
    const bare = rows.find((row) => row.startsWith(manual.id));
    expect(bare).toMatch(/,head_defect,abnormal_head,4,Tapered head,.*,,,,,,,,$/);
    expect(files[`masks/${manual.id}.png`]).toBeUndefined();
    expect(files[`masks/${at(boxes, 2).id}.png`]).toBeDefined();

    const coco = z
      .object({
        annotations: z.array(
          z.object({ detection_id: z.string(), segmentation: z.array(z.array(z.number())) }),
        ),
      })
      .parse(
        JSON.parse(
          strFromU8(
            unzipSync(
              (
                await fx.expectStatus(
                  morphologist,
                  'POST',
                  `/api/sarm/annotation/datasets/${fx.datasetId}/data-labels/${labelId}/export`,
                  200,
                  { format: 'coco', include_original_images: false },
                )
              ).rawPayload,
            )['annotations.json'] ?? new Uint8Array(),
          ),
        ),
      );
    expect(coco.annotations).toHaveLength(4);
    const segments = new Map(coco.annotations.map((a) => [a.detection_id, a.segmentation]));
    expect(segments.get(manual.id)).toEqual([]);
    expect(segments.get(at(boxes, 2).id)?.length).toBeGreaterThan(0);
  });

  it.each(ROUTES.classifications)('answers under %s', async (path) => {
    const response = await fx.expectStatus(
      morphologist,
      'POST',
      url(labelId, fx.datasetId, path),
      200,
      {
        items: [{ detection_id: at(boxes, 3).id, class: 'multiple_defects' }],
      },
    );
    expect(ClassificationsResponseSchema.parse(response.json()).saved).toBe(1);
  });

  it('answers 400 for a detection label (403 without its permission)', async () => {
    const response = await fx.expectStatus(morphologist, 'POST', url(fx.labelId), 403, {
      items: [{ detection_id: at(boxes, 0).id, class: 'normal' }],
    });
    expect(ErrorSchema.parse(response.json()).message).toMatch(/annotate_detection/);
    const wrongType = await fx.expectStatus(fx.annotator, 'POST', url(fx.labelId), 400, {
      items: [{ detection_id: at(boxes, 0).id, class: 'normal' }],
    });
    expect(ErrorSchema.parse(wrongType.json()).message).toBe(
      'Classifications go into morphology data labels',
    );
  });

  it.each([
    ['no items', { items: [] }],
    ['an unknown class', { items: [{ detection_id: 'd', class: 'pretty' }] }],
    ['confidence 6', { items: [{ detection_id: 'd', class: 'normal', confidence: 6 }] }],
    ['confidence 0', { items: [{ detection_id: 'd', class: 'normal', confidence: 0 }] }],
    ['confidence 2.5', { items: [{ detection_id: 'd', class: 'normal', confidence: 2.5 }] }],
    ['long notes', { items: [{ detection_id: 'd', class: 'normal', notes: 'x'.repeat(2001) }] }],
    ['501 items', { items: Array(501).fill({ detection_id: 'd', class: 'normal' }) }],
  ])('answers 400 for %s', async (_, body) => {
    await fx.expectStatus(morphologist, 'POST', url(), 400, body);
  });

  it('answers 403 for a reviewer', () =>
    fx.expectStatus(fx.reviewer, 'POST', url(), 403, {
      items: [{ detection_id: at(boxes, 4).id, class: 'normal' }],
    }));

  it('answers 404 and writes nothing when a detection is of another dataset', async () => {
    const before = await labelItems();
    const response = await fx.expectStatus(morphologist, 'POST', url(), 404, {
      items: [
        { detection_id: at(boxes, 4).id, class: 'normal' },
        { detection_id: foreignDetection, class: 'normal' },
      ],
    });
    expect(ErrorSchema.parse(response.json()).message).toBe('Detection not found');
    await fx.expectStatus(morphologist, 'POST', url(), 404, {
      items: [{ detection_id: 'no-such-detection', class: 'normal' }],
    });
    expect((await labelItems()).map((item) => item.id).sort()).toEqual(
      before.map((item) => item.id).sort(),
    );
  });

  it('answers 404 across projects and for a label of another dataset', async () => {
    await fx.expectStatus(fx.outsider, 'POST', url(), 404, {
      items: [{ detection_id: at(boxes, 4).id, class: 'normal' }],
    });
    await fx.expectStatus(morphologist, 'POST', url(labelId, fx.foreign.datasetId), 404, {
      items: [{ detection_id: at(boxes, 4).id, class: 'normal' }],
    });
  });
});
