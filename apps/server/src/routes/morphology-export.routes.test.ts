import {
  CropListResponseSchema,
  DataLabelItemsResponseSchema,
  DataLabelSchema,
  DetectionSchema,
  MORPHOLOGY_CLASSES,
  defaultDataLabelName,
  type DataLabelItem,
  type Detection,
} from '@sarm/contracts';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeGrayPng } from '../media/png.js';
import { decodeRle } from '../services/annotation-formats/morphology.js';
import { caller } from '../test/admin-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { seedTechnical, type Caller, type TechnicalFixture } from '../test/technical-fixture.js';

/**
 * Export of a morphology label (COCO with polygons and RLE, or PNG masks with a CSV) through the
 * data label export route: bad items left out by default, frame images on request, 400 for the
 * detection formats, 403 without a permission and 404 across projects.
 */
let fx: TechnicalFixture;
let morphologist: Caller;
let labelId = '';
/** The two items: a head defect (good) and a normal cell marked bad. */
let items: DataLabelItem[] = [];
/** Pixels on in each item's stored mask, by detection id. */
const maskPixels = new Map<string, number>();

const ErrorSchema = z.object({ statusCode: z.number(), message: z.string() });
const CocoSchema = z.object({
  images: z.array(z.object({ id: z.number(), file_name: z.string() })),
  categories: z.array(z.object({ id: z.number(), name: z.string() })),
  annotations: z.array(
    z.object({
      image_id: z.number(),
      category_id: z.number(),
      detection_id: z.string(),
      bbox: z.array(z.number()).length(4),
      area: z.number(),
      segmentation: z.array(z.array(z.number())),
      rle: z.object({ counts: z.array(z.number()), size: z.tuple([z.number(), z.number()]) }),
      attributes: z.object({ morphology_class: z.string(), quality: z.string().nullable() }),
    }),
  ),
});

const exportUrl = (label = labelId, dataset = fx.datasetId, prefix = '/api/sarm/annotation') =>
  `${prefix}/datasets/${dataset}/data-labels/${label}/export`;

async function exported(body: object, who: Caller = morphologist) {
  const response = await fx.expectStatus(who, 'POST', exportUrl(), 200, body);
  expect(response.headers['content-type']).toBe('application/zip');
  return unzipSync(response.rawPayload);
}

const cocoOf = (files: Record<string, Uint8Array>) =>
  CocoSchema.parse(JSON.parse(strFromU8(files['annotations.json'] ?? new Uint8Array())));

/** Generates a mask around the detection's centre and adds it to the label with a class. */
async function addMaskItem(box: Detection, morphologyClass: string) {
  const crops = CropListResponseSchema.parse(
    (
      await fx.annotator.call('POST', '/api/technical/crops/filter', { frame_id: box.frame_id })
    ).json(),
  ).crops;
  const place = crops.find((c) => c.detection_id === box.id)?.bounding_box;
  if (place === undefined) throw new Error('no crop');
  const centre = { x: (box.x1 + box.x2) / 2 - place.x1, y: (box.y1 + box.y2) / 2 - place.y1 };
  await fx.expectStatus(morphologist, 'POST', '/api/sarm/annotation/generate-mask', 200, {
    crop_id: box.id,
    point_prompts: [{ ...centre, label: 1 }],
  });
  await fx.expectStatus(
    morphologist,
    'POST',
    `/api/sarm/annotation/datasets/${fx.datasetId}/data-labels/${labelId}/items/${fx.videoId}/${box.id}`,
    200,
    { class: morphologyClass, points: [{ ...centre, label: 1 }] },
  );
}

beforeAll(async () => {
  fx = await seedTechnical();
  morphologist = await caller(fx.server, { email: 'morph-export@example.org' });
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
  const boxes: Detection[] = [];
  for (const item of fx.items.slice(0, 2))
    boxes.push(
      DetectionSchema.parse(
        (
          await fx.annotator.call('GET', `/api/sarm/detection/get-detection/${item.detection_id}`)
        ).json(),
      ),
    );
  const [first, second] = boxes;
  if (first === undefined || second === undefined) throw new Error('no boxes');
  await addMaskItem(first, 'head_defect');
  await addMaskItem(second, 'normal');
  items = DataLabelItemsResponseSchema.parse(
    (await morphologist.call('GET', `/api/sarm/annotation/data-labels/${labelId}/items`)).json(),
  ).items.sort((a, b) => (a.detection_id === first.id ? -1 : b.detection_id === first.id ? 1 : 0));
  expect(items.map((item) => item.morphology_class)).toEqual(['head_defect', 'normal']);
  const bad = items[1];
  await fx.expectStatus(
    morphologist,
    'PATCH',
    `/api/sarm/annotation/datasets/${fx.datasetId}/data-labels/${labelId}/items/${bad?.id ?? ''}/quality`,
    200,
    { quality: 'bad' },
  );
  for (const item of items) {
    const mask = await morphologist.call('GET', item.mask_url ?? '');
    expect(mask.statusCode).toBe(200);
    const png = decodeGrayPng(mask.rawPayload);
    maskPixels.set(
      item.detection_id,
      png.pixels.reduce((sum, value) => sum + (value === 0 ? 0 : 1), 0),
    );
  }
}, 180_000);
afterAll(async () => {
  await fx.close();
});

describe('POST /sarm/annotation/datasets/:d/data-labels/:l/export (morphology)', () => {
  it('answers COCO with the good item only, its class, RLE and the frame image', async () => {
    const files = await exported({ format: 'coco' });
    const coco = cocoOf(files);
    expect(coco.categories.map((c) => c.name)).toEqual([...MORPHOLOGY_CLASSES]);
    expect(coco.annotations).toHaveLength(1);
    const [annotation] = coco.annotations;
    const good = items[0];
    expect(annotation?.detection_id).toBe(good?.detection_id);
    expect(annotation?.category_id).toBe(MORPHOLOGY_CLASSES.indexOf('head_defect') + 1);
    expect(annotation?.attributes).toMatchObject({ morphology_class: 'head_defect' });
    const pixels = maskPixels.get(good?.detection_id ?? '') ?? -1;
    expect(pixels).toBeGreaterThan(0);
    const decoded = decodeRle(annotation?.rle ?? { counts: [], size: [0, 0] });
    expect(decoded.reduce((sum, value) => sum + value, 0)).toBe(pixels);
    expect(annotation?.area).toBe(pixels);
    expect(annotation?.segmentation.length).toBeGreaterThan(0);
    expect(coco.images).toHaveLength(1);
    const image = coco.images[0]?.file_name ?? '';
    expect(image).toMatch(/^images\/frame_\d{6}\.jpg$/);
    expect(files[image]?.length ?? 0).toBeGreaterThan(0);
  });

  it('includes the bad item when exclude_bad_quality is false', async () => {
    const coco = cocoOf(
      await exported({
        format: 'coco',
        exclude_bad_quality: false,
        include_original_images: false,
      }),
    );
    expect(coco.annotations).toHaveLength(2);
    const normal = coco.annotations.find((a) => a.detection_id === items[1]?.detection_id);
    expect(normal?.category_id).toBe(MORPHOLOGY_CLASSES.indexOf('normal') + 1);
    expect(normal?.attributes.quality).toBe('bad');
    expect(normal?.area).toBe(maskPixels.get(items[1]?.detection_id ?? ''));
  });

  it('answers the masks layout: PNG masks and a CSV row per item, without images', async () => {
    const files = await exported({ format: 'masks', include_original_images: false });
    const good = items[0];
    const id = good?.detection_id ?? '';
    expect(Object.keys(files).sort()).toEqual(['labels.csv', `masks/${id}.png`]);
    const png = decodeGrayPng(files[`masks/${id}.png`] ?? new Uint8Array());
    expect(png.pixels.reduce((sum, value) => sum + (value === 0 ? 0 : 1), 0)).toBe(
      maskPixels.get(id),
    );
    const lines = strFromU8(files['labels.csv'] ?? new Uint8Array())
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe(
      'detection_id,frame_number,video,class,annotated_class,annotator_confidence,notes,quality,' +
        'crop_x,crop_y,crop_width,crop_height,mask_file,' +
        'area_um2,perimeter_um,length_um,width_um,ellipticity,elongation,regularity',
    );
    expect(lines).toHaveLength(2);
    const cells = lines[1]?.split(',') ?? [];
    expect(cells[0]).toBe(id);
    expect(cells[1]).toBe(String(good?.frame_number));
    expect(cells[3]).toBe('head_defect');
    expect(cells.slice(10, 12)).toEqual([String(png.width), String(png.height)]);
    expect(cells[12]).toBe(`masks/${id}.png`);
    // Head length and width in µm, the length the longer.
    expect(Number(cells[15])).toBeGreaterThan(Number(cells[16]));
    expect(Number(cells[16])).toBeGreaterThan(0);
  });

  it('adds the frame images to the masks layout by default and every item when asked', async () => {
    const files = await exported({ format: 'masks', exclude_bad_quality: false });
    const names = Object.keys(files);
    expect(names.filter((name) => name.startsWith('masks/'))).toHaveLength(2);
    expect(names.some((name) => /^images\/frame_\d{6}\.jpg$/.test(name))).toBe(true);
    const rows = strFromU8(files['labels.csv'] ?? new Uint8Array())
      .trimEnd()
      .split('\n');
    expect(rows).toHaveLength(3);
  });

  it('exports under the SAM2 prefix too, to a reviewer', async () => {
    const response = await fx.expectStatus(
      fx.reviewer,
      'POST',
      exportUrl(labelId, fx.datasetId, '/api/annotations/sam2'),
      200,
      { include_original_images: false },
    );
    expect(cocoOf(unzipSync(response.rawPayload)).annotations).toHaveLength(1);
  });

  it.each(['yolo', 'mot'])('answers 400 for %s on a morphology label', async (format) => {
    const response = await fx.expectStatus(morphologist, 'POST', exportUrl(), 400, { format });
    expect(ErrorSchema.parse(response.json()).message).toBe(
      'Morphology labels export as coco or masks',
    );
  });

  it('answers 400 for masks on a detection label', async () => {
    const response = await fx.expectStatus(fx.annotator, 'POST', exportUrl(fx.labelId), 400, {
      format: 'masks',
    });
    expect(ErrorSchema.parse(response.json()).message).toBe(
      'Detection labels export as coco, yolo or mot',
    );
  });

  it('answers 400 for an unknown format', () =>
    fx.expectStatus(morphologist, 'POST', exportUrl(), 400, { format: 'voc' }));

  it('answers 403 without a permission', () =>
    fx.expectStatus(fx.bystander, 'POST', exportUrl(), 403, { format: 'coco' }));

  it('answers 404 from another project', async () => {
    const response = await fx.expectStatus(fx.outsider, 'POST', exportUrl(), 404, {
      format: 'coco',
    });
    expect(ErrorSchema.parse(response.json()).message).toMatch(/not found/i);
  });

  it('answers 404 when the label is not of the dataset in the path', () =>
    fx.expectStatus(morphologist, 'POST', exportUrl(labelId, fx.foreign.datasetId), 404, {
      format: 'masks',
    }));
});
