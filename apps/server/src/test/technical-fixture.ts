import {
  DataLabelSchema,
  DataLabelWithItemsSchema,
  DetectionSchema,
  FrameDetectionResponseSchema,
  defaultDataLabelName,
  type DataLabelItem,
  type Detection,
} from '@sarm/contracts';
import { expect } from 'vitest';
import { z } from 'zod';
import type { FrameRow } from '../db/schema/index.js';
import { caller } from './admin-helpers.js';
import { seedSimulatedFrames } from './detection-helpers.js';
import { grantCustomRole } from './factories.js';
import { createTestServer, type TestServer } from './test-server.js';

export type Caller = Awaited<ReturnType<typeof caller>>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The message of the access hook's 403. */
export const NO_PERMISSION = "You don't have permission to perform this action";

/**
 * A project A of the annotator (owner) with a reviewer and a bystander as members, three frames
 * with engine detections and a detection label holding frames 0 and 1; an outsider who holds every
 * permission but works only in a project B of their own.
 */
export interface TechnicalFixture {
  readonly server: TestServer;
  /** Owner of project A: annotate_detection and extract_frames. */
  readonly annotator: Caller;
  /** Member of A with review_annotations only. */
  readonly reviewer: Caller;
  /** Member of A with no technical permission (sarm.view_reports). */
  readonly bystander: Caller;
  /** Holds finetune.* and sarm.*, member of project B only. */
  readonly outsider: Caller;
  readonly projectId: string;
  readonly datasetId: string;
  readonly videoId: string;
  readonly frames: readonly FrameRow[];
  /** The annotator's default detection label of A, holding frames 0 and 1. */
  readonly labelId: string;
  readonly items: readonly DataLabelItem[];
  /** Outsider's own dataset, frame and label in project B. */
  readonly foreign: { datasetId: string; frame: FrameRow; labelId: string };
  /** Runs a request and checks its status, printing the body when it differs. */
  expectStatus(
    who: Caller,
    method: Method,
    url: string,
    status: number,
    payload?: object,
  ): Promise<Awaited<ReturnType<Caller['call']>>>;
  /** A fresh detection label of A owned by the annotator. */
  freshLabel(name: string): Promise<string>;
  /** A fresh label of A holding one detection of frame 2; answers label, item and detection ids. */
  freshItem(name: string): Promise<{ labelId: string; itemId: string; detectionId: string }>;
  /** A box drawn by the annotator on a frame of A. */
  drawBox(
    frame: FrameRow,
    box: Partial<Record<'x1' | 'y1' | 'x2' | 'y2', number>> & { track_id?: number },
  ): Promise<Detection>;
  close(): Promise<void>;
}

const at = <T>(list: readonly T[], index: number): T => {
  const value = list[index];
  if (value === undefined) throw new Error(`missing element ${index}`);
  return value;
};

export async function seedTechnical(): Promise<TechnicalFixture> {
  const server = await createTestServer({ workers: false });
  const annotator = await caller(server, {
    email: 'annotator@example.org',
    displayName: 'Ann Otator',
  });
  const reviewer = await caller(server, { email: 'reviewer@example.org' });
  const bystander = await caller(server, { email: 'bystander@example.org' });
  const outsider = await caller(server, { email: 'outsider@example.org' });
  await grantCustomRole(server, annotator.user.id, [
    'finetune.annotate_detection',
    'finetune.extract_frames',
  ]);
  await grantCustomRole(server, reviewer.user.id, ['finetune.review_annotations']);
  await grantCustomRole(server, bystander.user.id, ['sarm.view_reports']);
  await grantCustomRole(server, outsider.user.id, ['finetune.*', 'sarm.*']);
  const seeded = await seedSimulatedFrames(server, annotator.user.id, 3);
  for (const member of [reviewer, bystander])
    await server.context.repositories.projects.addMember({
      projectId: seeded.project.id,
      userId: member.user.id,
      accessLevel: 'member',
    });
  for (const frame of seeded.frames)
    expect(
      (await annotator.call('POST', '/api/sarm/detection/detect-sperm', { frame_id: frame.id }))
        .statusCode,
    ).toBe(200);
  const label = await annotator.call('POST', '/api/sarm/annotation/create-label', {
    name: defaultDataLabelName(annotator.user.id, seeded.dataset.id, 'detection'),
    dataset_id: seeded.dataset.id,
    label_type: 'detection',
  });
  const labelId = DataLabelSchema.parse(label.json()).id;
  for (const frame of seeded.frames.slice(0, 2))
    await annotator.call('POST', '/api/sarm/annotation/add-frame', {
      data_label_id: labelId,
      frame_id: frame.id,
    });
  const items = DataLabelWithItemsSchema.parse(
    (await annotator.call('GET', `/api/sarm/annotation/get-label/${labelId}?limit=10000`)).json(),
  ).items;
  expect(items.length).toBeGreaterThan(4);

  const other = await seedSimulatedFrames(server, outsider.user.id, 1);
  const foreignFrame = at(other.frames, 0);
  await outsider.call('POST', '/api/sarm/detection/detect-sperm', { frame_id: foreignFrame.id });
  const foreignLabel = DataLabelSchema.parse(
    (
      await outsider.call('POST', '/api/sarm/annotation/create-label', {
        name: 'Foreign label',
        dataset_id: other.dataset.id,
        label_type: 'detection',
      })
    ).json(),
  );

  const expectStatus: TechnicalFixture['expectStatus'] = async (
    who,
    method,
    url,
    status,
    payload,
  ) => {
    const response = await who.call(method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    // Every refusal carries the API error body: its status and a message.
    if (status >= 400) {
      const error = z.object({ statusCode: z.number(), message: z.string().min(1) });
      expect(error.parse(response.json()).statusCode).toBe(status);
    }
    return response;
  };

  const frame2Boxes = FrameDetectionResponseSchema.parse(
    (
      await annotator.call('GET', `/api/sarm/detection/get-sperm/${at(seeded.frames, 2).id}`)
    ).json(),
  ).detections;
  let nextBox = 0;

  const freshLabel = async (name: string) =>
    DataLabelSchema.parse(
      (
        await expectStatus(annotator, 'POST', '/api/sarm/annotation/create-label', 201, {
          name,
          dataset_id: seeded.dataset.id,
          label_type: 'detection',
        })
      ).json(),
    ).id;

  const freshItem = async (name: string) => {
    const freshId = await freshLabel(name);
    const detection = at(frame2Boxes, nextBox++ % frame2Boxes.length);
    const added = await expectStatus(annotator, 'POST', '/api/sarm/annotation/add-item', 200, {
      data_label_id: freshId,
      detection_id: detection.id,
    });
    const itemIds = z.object({ item_ids: z.array(z.string()) }).parse(added.json()).item_ids;
    return { labelId: freshId, itemId: at(itemIds, 0), detectionId: detection.id };
  };

  const drawBox: TechnicalFixture['drawBox'] = async (frame, box) =>
    DetectionSchema.parse(
      (
        await expectStatus(annotator, 'POST', '/api/sarm/detection/create-sperm', 201, {
          frame_id: frame.id,
          x1: 100,
          y1: 100,
          x2: 130,
          y2: 125,
          ...box,
        })
      ).json(),
    );

  return {
    server,
    annotator,
    reviewer,
    bystander,
    outsider,
    projectId: seeded.project.id,
    datasetId: seeded.dataset.id,
    videoId: seeded.video.id,
    frames: seeded.frames,
    labelId,
    items,
    foreign: { datasetId: other.dataset.id, frame: foreignFrame, labelId: foreignLabel.id },
    expectStatus,
    freshLabel,
    freshItem,
    drawBox,
    close: () => server.close(),
  };
}

const PREFIXES = ['/sarm/annotation', '/annotations/sam2'] as const;
/** Both service prefixes, with and without the trailing slash (as data-labels.routes.ts). */
const both = (path: string) =>
  PREFIXES.flatMap((prefix) => [`${prefix}${path}/`, `${prefix}${path}`]);
const noSlash = (paths: string[]) => paths.filter((path) => !path.endsWith('/'));

/** Every registered path of data-labels, label-reviews and annotation-transfer, by behaviour. */
export const ROUTES = {
  listLabels: [
    '/sarm/annotation/list-labels/:datasetId',
    ...both('/datasets/:datasetId/data-labels'),
  ],
  getLabel: ['/sarm/annotation/get-label/:id'],
  userLabels: both('/users/:userId/data-labels'),
  datasetItems: both('/datasets/:datasetId/data-labels/:labelId/items'),
  labelItems: [...both('/data-labels/:id/items'), ...both('/data-labels/:id/items/filter')],
  list: both('/data-labels'),
  search: both('/data-labels/search'),
  itemDetection: both('/data-labels/:id/items/:itemId/detection'),
  stats: both('/data-labels/:id/stats'),
  createLabel: ['/sarm/annotation/create-label'],
  createInDataset: both('/datasets/:datasetId/data-labels'),
  addFrame: ['/sarm/annotation/add-frame'],
  addItem: ['/sarm/annotation/add-item'],
  addLabel: ['/sarm/annotation/add-label'],
  removeItem: ['/sarm/annotation/remove-item'],
  removeByDetection: ['/sarm/annotation/remove-by-detection'],
  deleteDatasetItem: noSlash(both('/datasets/:datasetId/data-labels/:labelId/items/:itemId')),
  deleteLabelItem: noSlash(both('/data-labels/:id/items/:itemId')),
  quality: both('/datasets/:datasetId/data-labels/:labelId/items/:itemId/quality'),
  update: both('/data-labels/:id'),
  deleteLabel: ['/sarm/annotation/delete-label/:id', ...both('/data-labels/:id')],
  annotationFrames: ['/technical/annotation/frames'],
  reviews: ['/sarm/annotation/reviews'],
  reviewStats: ['/sarm/annotation/reviews/stats'],
  decide: ['/sarm/annotation/reviews/:id'],
  exportLabel: PREFIXES.map(
    (prefix) => `${prefix}/datasets/:datasetId/data-labels/:labelId/export`,
  ),
  // Segmentation (tested in segmentation.routes.test.ts).
  segmentationModels: both('/models'),
  generateMask: [...both('/generate-mask'), ...both('/mask-from-points')],
  autoSuggest: both('/auto-suggest-points'),
  addMaskItem: both('/datasets/:datasetId/data-labels/:labelId/items/:videoId/:cropId'),
  // Morphology classifications (tested in morphology-classifications.routes.test.ts).
  classifications: both('/datasets/:datasetId/data-labels/:labelId/classifications'),
} as const;

/** The method of each group of ROUTES. */
export const METHODS: Record<keyof typeof ROUTES, Method> = {
  listLabels: 'GET',
  getLabel: 'GET',
  userLabels: 'GET',
  datasetItems: 'GET',
  labelItems: 'GET',
  list: 'GET',
  search: 'GET',
  itemDetection: 'GET',
  stats: 'GET',
  createLabel: 'POST',
  createInDataset: 'POST',
  addFrame: 'POST',
  addItem: 'POST',
  addLabel: 'POST',
  removeItem: 'DELETE',
  removeByDetection: 'DELETE',
  deleteDatasetItem: 'DELETE',
  deleteLabelItem: 'DELETE',
  quality: 'PATCH',
  update: 'PUT',
  deleteLabel: 'DELETE',
  annotationFrames: 'GET',
  reviews: 'GET',
  reviewStats: 'GET',
  decide: 'POST',
  exportLabel: 'POST',
  segmentationModels: 'GET',
  generateMask: 'POST',
  autoSuggest: 'POST',
  addMaskItem: 'POST',
  classifications: 'POST',
};

/** `/api` + the path with its `:params` filled in. */
export function fill(path: string, params: Record<string, string> = {}): string {
  return `/api${path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(value);
  })}`;
}
