import {
  AddFrameToDataLabelResponseSchema,
  DatasetSchema,
  DataLabelItemsResponseSchema,
  DataLabelListResponseSchema,
  DataLabelSchema,
  DataLabelStatsSchema,
  DataLabelWithItemsSchema,
  DetectionSchema,
  FrameDetectionResponseSchema,
  defaultDataLabelName,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FrameRow } from '../db/schema/index.js';
import { caller } from '../test/admin-helpers.js';
import { seedSimulatedFrames } from '../test/detection-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

type Caller = Awaited<ReturnType<typeof caller>>;
let server: TestServer;
let annotator: Caller;
let reviewer: Caller;
let manager: Caller;
let clinician: Caller;
let outsider: Caller;
let frames: FrameRow[];
let datasetId: string;
let foreignFrame: FrameRow;

beforeAll(async () => {
  server = await createTestServer();
  annotator = await caller(server, { email: 'annotator@example.org', displayName: 'Ann Otator' });
  reviewer = await caller(server, { email: 'reviewer@example.org' });
  manager = await caller(server, { email: 'manager@example.org' });
  clinician = await caller(server, { email: 'clinician@example.org' });
  outsider = await caller(server, { email: 'outsider@example.org' });
  await grantCustomRole(server, annotator.user.id, ['finetune.annotate_detection']);
  await grantCustomRole(server, reviewer.user.id, ['finetune.review_annotations']);
  await grantCustomRole(server, manager.user.id, ['finetune.manage_dataset']);
  await grantCustomRole(server, clinician.user.id, ['sarm.view_detailed_detection']);
  await grantCustomRole(server, outsider.user.id, [
    'finetune.annotate_detection',
    'finetune.review_annotations',
  ]);
  const seeded = await seedSimulatedFrames(server, annotator.user.id, 2);
  for (const member of [reviewer, manager, clinician])
    await server.context.repositories.projects.addMember({
      projectId: seeded.project.id,
      userId: member.user.id,
      accessLevel: 'member',
    });
  frames = seeded.frames;
  datasetId = seeded.dataset.id;
  for (const frame of frames)
    await annotator.call('POST', '/api/sarm/detection/detect-sperm', { frame_id: frame.id });
  const other = await seedSimulatedFrames(server, outsider.user.id, 1);
  const first = other.frames[0];
  if (first === undefined) throw new Error('no foreign frame');
  foreignFrame = first;
}, 60_000);
afterAll(async () => {
  await server.close();
});

const frameAt = (index: number): FrameRow => {
  const frame = frames[index];
  if (frame === undefined) throw new Error('missing frame');
  return frame;
};
const defaultName = () => defaultDataLabelName(annotator.user.id, datasetId, 'detection');

describe('the frame page flow (spec 2 §4 frame-to-data-label)', () => {
  let labelId: string;

  it('answers 404 for the missing default label, then creates it once', async () => {
    const missing = await annotator.call('GET', `/api/sarm/annotation/get-label/${defaultName()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Data label not found' });
    const created = await annotator.call('POST', '/api/sarm/annotation/create-label', {
      name: defaultName(),
      description: 'Detections of the annotator',
      dataset_id: datasetId,
      user_id: annotator.user.id,
      label_type: 'detection',
    });
    expect(created.statusCode).toBe(201);
    const label = DataLabelSchema.parse(created.json());
    expect(label).toMatchObject({
      is_default: true,
      item_count: 0,
      user_id: annotator.user.id,
      user_name: 'Ann Otator',
      label_type: 'detection',
      can_edit: true,
    });
    labelId = label.id;
    const again = await annotator.call('POST', '/api/sarm/annotation/create-label', {
      name: defaultName(),
      dataset_id: datasetId,
      label_type: 'detection',
    });
    expect(again.statusCode).toBe(409);
    const blank = await annotator.call('POST', '/api/sarm/annotation/create-label', {
      name: '   ',
      dataset_id: datasetId,
      label_type: 'detection',
    });
    expect(blank.statusCode).toBe(400);
  });

  it("adds a frame's detections; re-adding replaces them", async () => {
    const frame = frameAt(0);
    const boxes = FrameDetectionResponseSchema.parse(
      (await annotator.call('GET', `/api/sarm/detection/get-sperm/${frame.id}`)).json(),
    ).detections;
    const added = AddFrameToDataLabelResponseSchema.parse(
      (
        await annotator.call('POST', '/api/sarm/annotation/add-frame', {
          data_label_id: labelId,
          frame_id: frame.id,
        })
      ).json(),
    );
    expect(added.added).toBe(boxes.length);
    const drawn = DetectionSchema.parse(
      (
        await annotator.call('POST', '/api/sarm/detection/create-sperm', {
          frame_id: frame.id,
          ...{ x1: 100, y1: 100, x2: 130, y2: 120 },
        })
      ).json(),
    );
    const readded = AddFrameToDataLabelResponseSchema.parse(
      (
        await annotator.call('POST', '/api/sarm/annotation/add-frame', {
          data_label_id: labelId,
          frame_id: frame.id,
        })
      ).json(),
    );
    expect(readded.added).toBe(boxes.length + 1);
    const label = DataLabelWithItemsSchema.parse(
      (
        await annotator.call('GET', `/api/sarm/annotation/get-label/${defaultName()}?limit=10000`)
      ).json(),
    );
    expect(label.item_count).toBe(boxes.length + 1);
    expect(label.total_count).toBe(boxes.length + 1);
    expect(label.detection_ids).toContain(drawn.id);
    expect(label.items[0]).toMatchObject({ class_name: 'sperm', review_status: 'pending' });
    expect(label.items.every((item) => item.annotated_by_name === 'Ann Otator')).toBe(true);
  });

  it('lists, pages, searches and sorts the items, and gives figures', async () => {
    await annotator.call('POST', '/api/sarm/annotation/add-frame', {
      data_label_id: labelId,
      frame_id: frameAt(1).id,
    });
    for (const prefix of ['/api/sarm/annotation', '/api/annotations/sam2']) {
      const page = DataLabelItemsResponseSchema.parse(
        (
          await reviewer.call('GET', `${prefix}/data-labels/${labelId}/items/?page=1&limit=5`)
        ).json(),
      );
      expect(page.items).toHaveLength(5);
      expect(page.total_pages).toBe(Math.ceil(page.total / 5));
    }
    const byConfidence = DataLabelItemsResponseSchema.parse(
      (
        await reviewer.call(
          'GET',
          `/api/sarm/annotation/data-labels/${labelId}/items/filter?sortBy=confidence&limit=100`,
        )
      ).json(),
    );
    const confidences = byConfidence.items.map((item) => item.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
    const frameOne = DataLabelItemsResponseSchema.parse(
      (
        await reviewer.call(
          'GET',
          `/api/sarm/annotation/data-labels/${labelId}/items/filter?query=%231&limit=100`,
        )
      ).json(),
    );
    expect(frameOne.items.length).toBeGreaterThan(0);
    expect(frameOne.items.every((item) => item.frame_number === 1)).toBe(true);
    const stats = DataLabelStatsSchema.parse(
      (await reviewer.call('GET', `/api/sarm/annotation/data-labels/${labelId}/stats`)).json(),
    );
    expect(stats.total_items).toBe(byConfidence.total);
    expect(stats.total_frames).toBe(2);
    expect(stats.average_confidence).toBeGreaterThan(0);
    expect(stats.review_counts.pending).toBe(2);
  });

  it('lists labels of a dataset, of a user, by type and by search', async () => {
    const ofDataset = DataLabelListResponseSchema.parse(
      (await reviewer.call('GET', `/api/sarm/annotation/list-labels/${datasetId}`)).json(),
    );
    expect(ofDataset.data_labels.map((l) => l.id)).toEqual([labelId]);
    expect(ofDataset.data_labels[0]).toMatchObject({ frame_count: 2, can_edit: false });
    const ofUser = DataLabelListResponseSchema.parse(
      (
        await reviewer.call('GET', `/api/annotations/sam2/users/${annotator.user.id}/data-labels/`)
      ).json(),
    );
    expect(ofUser.total).toBe(1);
    const morphology = DataLabelListResponseSchema.parse(
      (
        await reviewer.call('GET', '/api/sarm/annotation/data-labels/?label_type=morphology')
      ).json(),
    );
    expect(morphology.total).toBe(0);
    const search = DataLabelListResponseSchema.parse(
      (
        await reviewer.call('GET', '/api/sarm/annotation/data-labels/search?query=Detection')
      ).json(),
    );
    expect(search.data_labels.map((l) => l.id)).toContain(labelId);
    const hidden = DataLabelListResponseSchema.parse(
      (await outsider.call('GET', '/api/sarm/annotation/data-labels/')).json(),
    );
    expect(hidden.data_labels.map((l) => l.id)).not.toContain(labelId);
  });

  it('removes items by item and by detection', async () => {
    const label = DataLabelWithItemsSchema.parse(
      (await annotator.call('GET', `/api/sarm/annotation/get-label/${labelId}?limit=3`)).json(),
    );
    const [first, second, third] = label.items;
    if (first === undefined || second === undefined || third === undefined)
      throw new Error('three items needed');
    expect(
      (
        await annotator.call('DELETE', '/api/sarm/annotation/remove-item', {
          data_label_id: labelId,
          item_id: first.id,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await annotator.call('DELETE', '/api/sarm/annotation/remove-by-detection', {
          data_label_id: labelId,
          detection_id: second.detection_id,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await annotator.call(
          'DELETE',
          `/api/sarm/annotation/data-labels/${labelId}/items/${third.id}`,
        )
      ).statusCode,
    ).toBe(200);
    const gone = await annotator.call('DELETE', '/api/sarm/annotation/remove-item', {
      data_label_id: labelId,
      item_id: first.id,
    });
    expect(gone.statusCode).toBe(404);
    const after = DataLabelWithItemsSchema.parse(
      (await annotator.call('GET', `/api/sarm/annotation/get-label/${labelId}`)).json(),
    );
    expect(after.total_count).toBe(label.total_count - 3);
    expect(after.detection_ids).not.toContain(second.detection_id);
  });

  it('lets the owner or a dataset manager rename and delete, nobody else', async () => {
    const renamed = await annotator.call('PUT', `/api/sarm/annotation/data-labels/${labelId}`, {
      name: 'Training set A',
      description: 'First pass',
    });
    expect(DataLabelSchema.parse(renamed.json())).toMatchObject({
      name: 'Training set A',
      description: 'First pass',
    });
    const denied = await reviewer.call('PUT', `/api/sarm/annotation/data-labels/${labelId}`, {
      name: 'Mine now',
    });
    expect(denied.statusCode).toBe(403);
    const foreign = await outsider.call('PUT', `/api/sarm/annotation/data-labels/${labelId}`, {
      name: 'Mine now',
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await reviewer.call('DELETE', `/api/sarm/annotation/delete-label/${labelId}`)).statusCode,
    ).toBe(403);
    expect(
      (await manager.call('DELETE', `/api/sarm/annotation/delete-label/${labelId}`)).statusCode,
    ).toBe(200);
    expect(
      (await annotator.call('GET', `/api/sarm/annotation/get-label/${labelId}`)).statusCode,
    ).toBe(404);
  });
});

describe('access', () => {
  it('refuses callers without a technical permission and hides other projects', async () => {
    const created = await annotator.call(
      'POST',
      `/api/annotations/sam2/datasets/${datasetId}/data-labels/`,
      { data_label_name: 'Second label' },
    );
    const label = z.object({ data_label: DataLabelSchema }).parse(created.json()).data_label;
    expect(
      (await clinician.call('GET', `/api/sarm/annotation/get-label/${label.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await clinician.call('GET', `/api/sarm/annotation/list-labels/${datasetId}`)).statusCode,
    ).toBe(403);
    expect(
      (await outsider.call('GET', `/api/sarm/annotation/get-label/${label.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await outsider.call('GET', `/api/sarm/annotation/list-labels/${datasetId}`)).statusCode,
    ).toBe(404);
    // A reviewer reads but cannot add; an annotator cannot add another project's frame.
    const reviewerAdd = await reviewer.call('POST', '/api/sarm/annotation/add-frame', {
      data_label_id: label.id,
      frame_id: frameAt(0).id,
    });
    expect(reviewerAdd.statusCode).toBe(403);
    const crossProject = await annotator.call('POST', '/api/sarm/annotation/add-frame', {
      data_label_id: label.id,
      frame_id: foreignFrame.id,
    });
    expect(crossProject.statusCode).toBe(404);
    const missing = await annotator.call('POST', '/api/sarm/annotation/add-frame', {
      data_label_id: label.id,
    });
    expect(missing.statusCode).toBe(400);
  });

  it('creates a detection dataset from annotated frames (the wizard)', async () => {
    const video = frameAt(0).videoId;
    const project = (await server.context.repositories.datasets.findById(datasetId))?.dataset
      .projectId;
    const noFrames = await manager.call('POST', '/api/sarm/dataset/create-dataset', {
      name: 'Empty wizard',
      project_id: project,
      type: 'detection',
      status: 'draft',
      video_id: video,
      frames: [],
      include_all_frames: false,
      source: { type: 'annotation', video_id: video, frames: [] },
    });
    expect(noFrames.statusCode).toBe(400);
    const created = await manager.call('POST', '/api/sarm/dataset/create-dataset', {
      name: 'From frame 1',
      description: 'Wizard',
      project_id: project,
      type: 'detection',
      status: 'draft',
      video_id: video,
      frames: [frameAt(1).id],
      include_all_frames: false,
      user_id: manager.user.id,
      source: { type: 'annotation', video_id: video, frames: [frameAt(1).id] },
    });
    expect(created.statusCode).toBe(201);
    const dataset = DatasetSchema.parse(created.json());
    expect(dataset.metadata).toMatchObject({ source: 'annotation', source_video_id: video });
    const label = DataLabelWithItemsSchema.parse(
      (
        await reviewer.call(
          'GET',
          `/api/sarm/annotation/get-label/${defaultDataLabelName(manager.user.id, dataset.id, 'detection')}?limit=10000`,
        )
      ).json(),
    );
    const boxes = await server.context.repositories.detections.listByFrame(frameAt(1).id);
    expect(label.item_count).toBe(boxes.length);
    expect(label.items.every((item) => item.frame_id === frameAt(1).id)).toBe(true);
    const foreign = await manager.call('POST', '/api/sarm/dataset/create-dataset', {
      name: 'Foreign',
      project_id: project,
      video_id: foreignFrame.videoId,
      include_all_frames: true,
    });
    expect(foreign.statusCode).toBe(404);
    const denied = await reviewer.call('POST', '/api/sarm/dataset/create-dataset', {
      name: 'Not allowed',
      project_id: project,
      video_id: video,
      include_all_frames: true,
    });
    expect(denied.statusCode).toBe(403);
  });
});
