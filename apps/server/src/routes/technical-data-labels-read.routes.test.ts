import {
  DataLabelItemsResponseSchema,
  DataLabelListResponseSchema,
  DataLabelStatsSchema,
  DataLabelWithItemsSchema,
  DetectionSchema,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  METHODS,
  NO_PERMISSION,
  ROUTES,
  fill,
  seedTechnical,
  type TechnicalFixture,
} from '../test/technical-fixture.js';

/**
 * Every read path of data-labels.routes.ts, each alias separately: the happy path, 403 without a
 * technical permission, 404 (or hidden) for a caller outside the label's project, 400 for bad input.
 */
let fx: TechnicalFixture;

beforeAll(async () => {
  fx = await seedTechnical();
}, 120_000);
afterAll(async () => {
  await fx.close();
});

const item = (index = 0) => {
  const found = fx.items[index];
  if (found === undefined) throw new Error('missing item');
  return found;
};
const params = () => ({
  datasetId: fx.datasetId,
  labelId: fx.labelId,
  id: fx.labelId,
  itemId: item().id,
  userId: fx.annotator.user.id,
});
const ErrorSchema = z.object({ statusCode: z.number(), message: z.string() });
const forbidden = async (url: string) => {
  const response = await fx.expectStatus(fx.bystander, 'GET', url, 403);
  expect(ErrorSchema.parse(response.json()).message).toBe(NO_PERMISSION);
};
const notFound = async (url: string) => {
  const response = await fx.expectStatus(fx.outsider, 'GET', url, 404);
  expect(ErrorSchema.parse(response.json()).message).toMatch(/not found/i);
};
const badRequest = async (url: string) => {
  const response = await fx.expectStatus(fx.reviewer, 'GET', url, 400);
  expect(ErrorSchema.parse(response.json()).statusCode).toBe(400);
};

describe('every registered annotation path is in the alias tables', () => {
  it('matches the routes the server declares', () => {
    const declared = fx.server.app.declaredRoutes
      .filter((route) =>
        /^\/api\/(sarm\/annotation|annotations\/sam2|technical\/annotation)\//.test(route.url),
      )
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const tabled = (Object.keys(ROUTES) as (keyof typeof ROUTES)[])
      .flatMap((group) => ROUTES[group].map((path) => `${METHODS[group]} /api${path}`))
      .sort();
    expect(tabled).toEqual(declared);
    expect(declared.length).toBeGreaterThan(60);
  });
});

describe.each(ROUTES.listLabels)('GET %s (labels of a dataset)', (path) => {
  it('lists the dataset labels for a reviewer', async () => {
    const response = await fx.expectStatus(fx.reviewer, 'GET', fill(path, params()), 200);
    const body = DataLabelListResponseSchema.parse(response.json());
    expect(body.data_labels.map((label) => label.id)).toContain(fx.labelId);
    expect(body.data_labels.every((label) => label.dataset_id === fx.datasetId)).toBe(true);
  });
  it('answers 403 without a technical permission', () => forbidden(fill(path, params())));
  it('answers 404 for a dataset of another project', () => notFound(fill(path, params())));
  it('answers 400 for a repeated user_id', () =>
    badRequest(`${fill(path, params())}?user_id=a&user_id=b`));
});

describe.each(ROUTES.getLabel)('GET %s (label with items)', (path) => {
  it('answers the label and a page of its items', async () => {
    const response = await fx.expectStatus(
      fx.reviewer,
      'GET',
      `${fill(path, params())}?limit=3`,
      200,
    );
    const body = DataLabelWithItemsSchema.parse(response.json());
    expect(body).toMatchObject({ id: fx.labelId, total_count: fx.items.length, limit: 3 });
    expect(body.items).toHaveLength(3);
  });
  it('answers 403 without a technical permission', () => forbidden(fill(path, params())));
  it('answers 404 for a label of another project', () => notFound(fill(path, params())));
  it('answers 400 for page 0', () => badRequest(`${fill(path, params())}?page=0`));
});

describe.each(ROUTES.userLabels)("GET %s (a user's labels)", (path) => {
  it("lists the annotator's labels", async () => {
    const response = await fx.expectStatus(fx.reviewer, 'GET', fill(path, params()), 200);
    const body = DataLabelListResponseSchema.parse(response.json());
    expect(body.data_labels.map((label) => label.id)).toContain(fx.labelId);
    expect(body.data_labels.every((label) => label.user_id === fx.annotator.user.id)).toBe(true);
  });
  it('answers 403 without a technical permission', () => forbidden(fill(path, params())));
  it('answers 404 for a user of no project the caller sees', () => notFound(fill(path, params())));
  it('answers 400 for limit 0', () => badRequest(`${fill(path, params())}?limit=0`));
});

describe.each([...ROUTES.datasetItems, ...ROUTES.labelItems])('GET %s (items)', (path) => {
  it('pages the items, sorted by confidence', async () => {
    const response = await fx.expectStatus(
      fx.reviewer,
      'GET',
      `${fill(path, params())}?limit=4&sortBy=confidence`,
      200,
    );
    const body = DataLabelItemsResponseSchema.parse(response.json());
    expect(body).toMatchObject({ total: fx.items.length, limit: 4, page: 1 });
    const confidences = body.items.map((entry) => entry.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
    expect(body.items.every((entry) => entry.data_label_id === fx.labelId)).toBe(true);
  });
  it('answers 403 without a technical permission', () => forbidden(fill(path, params())));
  it('answers 404 for a label of another project', () => notFound(fill(path, params())));
  it('answers 400 for an unknown sort', () => badRequest(`${fill(path, params())}?sortBy=size`));
});

describe.each(ROUTES.list)('GET %s (all visible labels)', (path) => {
  it('lists the visible labels of a type', async () => {
    const response = await fx.expectStatus(
      fx.reviewer,
      'GET',
      `${fill(path)}?label_type=detection`,
      200,
    );
    const body = DataLabelListResponseSchema.parse(response.json());
    expect(body.data_labels.map((label) => label.id)).toContain(fx.labelId);
    expect(body.data_labels.map((label) => label.id)).not.toContain(fx.foreign.labelId);
  });
  it('answers 403 without a technical permission', () => forbidden(fill(path)));
  it("hides another project's labels, also when asked by dataset", async () => {
    const all = DataLabelListResponseSchema.parse(
      (await fx.expectStatus(fx.outsider, 'GET', fill(path), 200)).json(),
    );
    expect(all.data_labels.map((label) => label.id)).toEqual([fx.foreign.labelId]);
    const response = await fx.outsider.call('GET', `${fill(path)}?dataset_id=${fx.datasetId}`);
    if (response.statusCode === 404) return;
    expect(response.statusCode).toBe(200);
    expect(DataLabelListResponseSchema.parse(response.json()).total).toBe(0);
  });
  it('answers 400 for an unknown label type', () => badRequest(`${fill(path)}?label_type=video`));
});

describe.each(ROUTES.search)('GET %s (search)', (path) => {
  it('finds the label by dataset name', async () => {
    const response = await fx.expectStatus(
      fx.reviewer,
      'GET',
      `${fill(path)}?query=Detection`,
      200,
    );
    const body = DataLabelListResponseSchema.parse(response.json());
    expect(body.data_labels.map((label) => label.id)).toContain(fx.labelId);
  });
  it('answers 403 without a technical permission', () => forbidden(`${fill(path)}?query=a`));
  it("never finds another project's labels", async () => {
    const response = await fx.expectStatus(
      fx.outsider,
      'GET',
      `${fill(path)}?query=Detection`,
      200,
    );
    const body = DataLabelListResponseSchema.parse(response.json());
    expect(body.data_labels.map((label) => label.id)).not.toContain(fx.labelId);
  });
  it('answers 400 for a limit over 1000', () => badRequest(`${fill(path)}?limit=5000`));
});

describe.each(ROUTES.itemDetection)("GET %s (an item's detection)", (path) => {
  it("answers the item's detection", async () => {
    const response = await fx.expectStatus(fx.reviewer, 'GET', fill(path, params()), 200);
    const body = z.object({ detection: DetectionSchema }).parse(response.json());
    expect(body.detection.id).toBe(item().detection_id);
  });
  it('answers 403 without a technical permission', () => forbidden(fill(path, params())));
  it('answers 404 for a label of another project', () => notFound(fill(path, params())));
  it('answers 404 for an item of another label', async () => {
    const other = await fx.freshItem(`detection-probe ${path}`);
    await fx.expectStatus(
      fx.reviewer,
      'GET',
      fill(path, { ...params(), itemId: other.itemId }),
      404,
    );
  });
});

describe.each(ROUTES.stats)('GET %s (figures)', (path) => {
  it("answers the label's figures", async () => {
    const response = await fx.expectStatus(fx.reviewer, 'GET', fill(path, params()), 200);
    const body = DataLabelStatsSchema.parse(response.json());
    expect(body).toMatchObject({ total_items: fx.items.length, total_frames: 2 });
  });
  it('answers 403 without a technical permission', () => forbidden(fill(path, params())));
  it('answers 404 for a label of another project', () => notFound(fill(path, params())));
});

describe('paths that name a dataset', () => {
  const elsewhere = () => ({ ...params(), datasetId: fx.foreign.datasetId });
  const cases = [
    ...ROUTES.datasetItems.map((path) => ['GET', path, undefined] as const),
    ...ROUTES.deleteDatasetItem.map((path) => ['DELETE', path, undefined] as const),
    ...ROUTES.quality.map((path) => ['PATCH', path, { quality: 'bad' }] as const),
    ...ROUTES.exportLabel.map((path) => ['POST', path, { format: 'coco' }] as const),
  ];
  it.each(cases)(
    '%s %s answers 404 when the label is not of that dataset',
    async (m, path, body) => {
      const response = await fx.expectStatus(fx.annotator, m, fill(path, elsewhere()), 404, body);
      expect(ErrorSchema.parse(response.json()).message).toMatch(/not found/i);
    },
  );
  it('left the item in place', async () => {
    const response = await fx.expectStatus(
      fx.annotator,
      'GET',
      `${fill(ROUTES.datasetItems[0] ?? '', params())}?limit=100`,
      200,
    );
    const body = DataLabelItemsResponseSchema.parse(response.json());
    expect(body.items.find((entry) => entry.id === item().id)?.quality).not.toBe('bad');
    expect(body.total).toBe(fx.items.length);
  });
});
