import {
  AddFrameToDataLabelResponseSchema,
  DataLabelItemsResponseSchema,
  DataLabelSchema,
  DataLabelWithItemsSchema,
  OkResponseSchema,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  NO_PERMISSION,
  ROUTES,
  fill,
  seedTechnical,
  type Caller,
  type Method,
  type TechnicalFixture,
} from '../test/technical-fixture.js';

/**
 * Every write path of data-labels.routes.ts, each alias separately: the happy path, 403 for a
 * reviewer (who reads labels but may not change them), 404 for a caller outside the label's
 * project (who holds every permission), 400 for a bad body.
 */
let fx: TechnicalFixture;

beforeAll(async () => {
  fx = await seedTechnical();
}, 120_000);
afterAll(async () => {
  await fx.close();
});

const ErrorSchema = z.object({ statusCode: z.number(), message: z.string() });
const AddItemsSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  item_ids: z.array(z.string()),
});
const at = <T>(list: readonly T[], index: number): T => {
  const value = list[index];
  if (value === undefined) throw new Error(`missing element ${index}`);
  return value;
};
const frame = (index: number) => at(fx.frames, index);
const firstItem = () => at(fx.items, 0);
let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;

async function refused(who: Caller, method: Method, url: string, status: 403 | 404, body?: object) {
  const response = await fx.expectStatus(who, method, url, status, body);
  const message = ErrorSchema.parse(response.json()).message;
  if (status === 404) expect(message).toMatch(/not found/i);
  else expect(message).not.toBe('');
  return message;
}
const itemsOf = async (labelId: string) =>
  DataLabelItemsResponseSchema.parse(
    (
      await fx.annotator.call('GET', `/api/sarm/annotation/data-labels/${labelId}/items?limit=100`)
    ).json(),
  ).items;

describe.each(ROUTES.createLabel)('POST %s', (path) => {
  const body = () => ({
    name: unique('Created'),
    dataset_id: fx.datasetId,
    label_type: 'detection',
  });
  it('creates a label owned by the caller', async () => {
    const sent = body();
    const response = await fx.expectStatus(fx.annotator, 'POST', fill(path), 201, sent);
    expect(DataLabelSchema.parse(response.json())).toMatchObject({
      name: sent.name,
      user_id: fx.annotator.user.id,
      dataset_id: fx.datasetId,
    });
  });
  it('answers 403 for a reviewer', async () => {
    expect(await refused(fx.reviewer, 'POST', fill(path), 403, body())).toBe(NO_PERMISSION);
  });
  it('answers 404 in a dataset of another project', () =>
    refused(fx.outsider, 'POST', fill(path), 404, body()));
  it('answers 400 for a blank name', async () => {
    await fx.expectStatus(fx.annotator, 'POST', fill(path), 400, { ...body(), name: '  ' });
  });
});

describe.each(ROUTES.createInDataset)('POST %s', (path) => {
  const url = () => fill(path, { datasetId: fx.datasetId });
  it('creates a label from data_label_name', async () => {
    const name = unique('In dataset');
    const response = await fx.expectStatus(fx.annotator, 'POST', url(), 201, {
      data_label_name: name,
    });
    const label = z.object({ data_label: DataLabelSchema }).parse(response.json()).data_label;
    expect(label).toMatchObject({ name, dataset_id: fx.datasetId, label_type: 'detection' });
  });
  it('answers 403 for a reviewer', async () => {
    expect(await refused(fx.reviewer, 'POST', url(), 403, { name: unique('x') })).toBe(
      NO_PERMISSION,
    );
  });
  it('answers 404 in a dataset of another project', () =>
    refused(fx.outsider, 'POST', url(), 404, { name: unique('x') }));
  it('answers 400 without a name', async () => {
    const response = await fx.expectStatus(fx.annotator, 'POST', url(), 400, {});
    expect(ErrorSchema.parse(response.json()).message).toBe('Name is required');
  });
});

describe.each(ROUTES.addFrame)('POST %s', (path) => {
  it("adds the frame's detections", async () => {
    const labelId = await fx.freshLabel(unique('Add frame'));
    const response = await fx.expectStatus(fx.annotator, 'POST', fill(path), 200, {
      data_label_id: labelId,
      frame_id: frame(2).id,
    });
    const body = AddFrameToDataLabelResponseSchema.parse(response.json());
    expect(body.added).toBeGreaterThan(0);
    expect(await itemsOf(labelId)).toHaveLength(Math.min(body.added, 100));
  });
  it('answers 403 for a reviewer', () =>
    refused(fx.reviewer, 'POST', fill(path), 403, {
      data_label_id: fx.labelId,
      frame_id: frame(2).id,
    }));
  it('answers 404 for a label and frame of another project', () =>
    refused(fx.outsider, 'POST', fill(path), 404, {
      data_label_id: fx.labelId,
      frame_id: frame(2).id,
    }));
  it('answers 404 for a frame of another project in an own label', () =>
    refused(fx.annotator, 'POST', fill(path), 404, {
      data_label_id: fx.labelId,
      frame_id: fx.foreign.frame.id,
    }));
  it('answers 400 without a frame', () =>
    fx.expectStatus(fx.annotator, 'POST', fill(path), 400, { data_label_id: fx.labelId }));
});

describe.each([...ROUTES.addItem, ...ROUTES.addLabel])('POST %s', (path) => {
  const isOne = path.endsWith('add-item');
  const bodyFor = (labelId: string, detectionId: string) =>
    isOne
      ? { data_label_id: labelId, detection_id: detectionId }
      : { data_label_id: labelId, item_ids: [detectionId], class_name: 'cluster' };
  it('adds a detection to the label', async () => {
    const labelId = await fx.freshLabel(unique('Add item'));
    const detectionId = firstItem().detection_id;
    const response = await fx.expectStatus(
      fx.annotator,
      'POST',
      fill(path),
      200,
      bodyFor(labelId, detectionId),
    );
    expect(AddItemsSchema.parse(response.json()).item_ids).toHaveLength(1);
    const [stored] = await itemsOf(labelId);
    expect(stored).toMatchObject({
      detection_id: detectionId,
      class_name: isOne ? 'sperm' : 'cluster',
    });
  });
  it('answers 403 for a reviewer', () =>
    refused(fx.reviewer, 'POST', fill(path), 403, bodyFor(fx.labelId, firstItem().detection_id)));
  it('answers 404 for a label of another project', () =>
    refused(fx.outsider, 'POST', fill(path), 404, bodyFor(fx.labelId, firstItem().detection_id)));
  it('answers 400 without a detection', () =>
    fx.expectStatus(
      fx.annotator,
      'POST',
      fill(path),
      400,
      isOne ? { data_label_id: fx.labelId } : { data_label_id: fx.labelId, item_ids: [] },
    ));
});

describe.each([...ROUTES.removeItem, ...ROUTES.removeByDetection])('DELETE %s', (path) => {
  const byDetection = path.endsWith('remove-by-detection');
  const bodyFor = (target: { labelId: string; itemId: string; detectionId: string }) =>
    byDetection
      ? { data_label_id: target.labelId, detection_id: target.detectionId }
      : { data_label_id: target.labelId, item_id: target.itemId };
  it('removes the item', async () => {
    const target = await fx.freshItem(unique('Remove'));
    const response = await fx.expectStatus(
      fx.annotator,
      'DELETE',
      fill(path),
      200,
      bodyFor(target),
    );
    expect(OkResponseSchema.parse(response.json()).success).toBe(true);
    expect(await itemsOf(target.labelId)).toHaveLength(0);
  });
  it('answers 403 for a reviewer', async () => {
    const target = await fx.freshItem(unique('Remove 403'));
    await refused(fx.reviewer, 'DELETE', fill(path), 403, bodyFor(target));
    expect(await itemsOf(target.labelId)).toHaveLength(1);
  });
  it('answers 404 for a label of another project', async () => {
    const target = await fx.freshItem(unique('Remove 404'));
    await refused(fx.outsider, 'DELETE', fill(path), 404, bodyFor(target));
    expect(await itemsOf(target.labelId)).toHaveLength(1);
  });
  it('answers 400 without the item', () =>
    fx.expectStatus(fx.annotator, 'DELETE', fill(path), 400, { data_label_id: fx.labelId }));
});

describe.each([...ROUTES.deleteDatasetItem, ...ROUTES.deleteLabelItem])('DELETE %s', (path) => {
  const urlFor = (target: { labelId: string; itemId: string }) =>
    fill(path, {
      datasetId: fx.datasetId,
      labelId: target.labelId,
      id: target.labelId,
      itemId: target.itemId,
    });
  it('removes the item', async () => {
    const target = await fx.freshItem(unique('Delete item'));
    const response = await fx.expectStatus(fx.annotator, 'DELETE', urlFor(target), 200);
    expect(OkResponseSchema.parse(response.json()).success).toBe(true);
    expect(await itemsOf(target.labelId)).toHaveLength(0);
  });
  it('answers 403 for a reviewer', async () => {
    const target = await fx.freshItem(unique('Delete item 403'));
    await refused(fx.reviewer, 'DELETE', urlFor(target), 403);
    expect(await itemsOf(target.labelId)).toHaveLength(1);
  });
  it('answers 404 for a label of another project', async () => {
    const target = await fx.freshItem(unique('Delete item 404'));
    await refused(fx.outsider, 'DELETE', urlFor(target), 404);
    expect(await itemsOf(target.labelId)).toHaveLength(1);
  });
});

describe.each(ROUTES.quality)('PATCH %s', (path) => {
  const url = () =>
    fill(path, { datasetId: fx.datasetId, labelId: fx.labelId, itemId: firstItem().id });
  it("marks the item's quality", async () => {
    for (const quality of ['bad', 'good'] as const) {
      const response = await fx.expectStatus(fx.annotator, 'PATCH', url(), 200, { quality });
      expect(OkResponseSchema.parse(response.json()).success).toBe(true);
      const stored = (await itemsOf(fx.labelId)).find((entry) => entry.id === firstItem().id);
      expect(stored?.quality).toBe(quality);
    }
  });
  it('answers 403 for a reviewer', () =>
    refused(fx.reviewer, 'PATCH', url(), 403, { quality: 'bad' }));
  it('answers 404 for a label of another project', () =>
    refused(fx.outsider, 'PATCH', url(), 404, { quality: 'bad' }));
  it('answers 400 for an unknown quality', () =>
    fx.expectStatus(fx.annotator, 'PATCH', url(), 400, { quality: 'meh' }));
});

describe.each(ROUTES.update)('PUT %s', (path) => {
  it('renames the label', async () => {
    const labelId = await fx.freshLabel(unique('Rename me'));
    const name = unique('Renamed');
    const response = await fx.expectStatus(fx.annotator, 'PUT', fill(path, { id: labelId }), 200, {
      name,
      description: 'Second pass',
    });
    expect(DataLabelSchema.parse(response.json())).toMatchObject({
      id: labelId,
      name,
      description: 'Second pass',
    });
  });
  it('answers 403 for a reviewer who does not own it', () =>
    refused(fx.reviewer, 'PUT', fill(path, { id: fx.labelId }), 403, { name: unique('Mine') }));
  it('answers 404 for a label of another project', () =>
    refused(fx.outsider, 'PUT', fill(path, { id: fx.labelId }), 404, { name: unique('Mine') }));
  it('answers 400 for a blank name', () =>
    fx.expectStatus(fx.annotator, 'PUT', fill(path, { id: fx.labelId }), 400, { name: ' ' }));
});

describe.each(ROUTES.deleteLabel)('DELETE %s', (path) => {
  it('deletes the label', async () => {
    const labelId = await fx.freshLabel(unique('Delete me'));
    const response = await fx.expectStatus(
      fx.annotator,
      'DELETE',
      fill(path, { id: labelId }),
      200,
    );
    expect(OkResponseSchema.parse(response.json()).success).toBe(true);
    await fx.expectStatus(fx.annotator, 'GET', `/api/sarm/annotation/get-label/${labelId}`, 404);
  });
  it('answers 403 for a reviewer who does not own it', async () => {
    await refused(fx.reviewer, 'DELETE', fill(path, { id: fx.labelId }), 403);
    await fx.expectStatus(fx.annotator, 'GET', `/api/sarm/annotation/get-label/${fx.labelId}`, 200);
  });
  it('answers 404 for a label of another project', async () => {
    await refused(fx.outsider, 'DELETE', fill(path, { id: fx.labelId }), 404);
    const label = DataLabelWithItemsSchema.parse(
      (
        await fx.expectStatus(
          fx.annotator,
          'GET',
          `/api/sarm/annotation/get-label/${fx.labelId}`,
          200,
        )
      ).json(),
    );
    expect(label.item_count).toBe(fx.items.length);
  });
});
