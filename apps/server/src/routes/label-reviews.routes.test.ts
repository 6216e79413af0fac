import {
  AnnotationFramesResponseSchema,
  DataLabelSchema,
  ReviewListResponseSchema,
  ReviewStatsSchema,
  ReviewUnitSchema,
  defaultDataLabelName,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameRow } from '../db/schema/index.js';
import { caller } from '../test/admin-helpers.js';
import { seedSimulatedFrames } from '../test/detection-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

type Caller = Awaited<ReturnType<typeof caller>>;
let server: TestServer;
let annotator: Caller;
let reviewer: Caller;
let outsider: Caller;
let frames: FrameRow[];
let labelId: string;

beforeAll(async () => {
  server = await createTestServer();
  annotator = await caller(server, { email: 'annotator@example.org', displayName: 'Ann Otator' });
  reviewer = await caller(server, { email: 'reviewer@example.org', displayName: 'Rev Iewer' });
  outsider = await caller(server, { email: 'outsider@example.org' });
  await grantCustomRole(server, annotator.user.id, ['finetune.annotate_detection']);
  await grantCustomRole(server, reviewer.user.id, ['finetune.review_annotations']);
  await grantCustomRole(server, outsider.user.id, ['finetune.review_annotations']);
  const seeded = await seedSimulatedFrames(server, annotator.user.id, 3);
  await server.context.repositories.projects.addMember({
    projectId: seeded.project.id,
    userId: reviewer.user.id,
    accessLevel: 'member',
  });
  frames = seeded.frames;
  const label = await annotator.call('POST', '/api/sarm/annotation/create-label', {
    name: defaultDataLabelName(annotator.user.id, seeded.dataset.id, 'detection'),
    dataset_id: seeded.dataset.id,
    label_type: 'detection',
  });
  labelId = DataLabelSchema.parse(label.json()).id;
  for (const frame of frames) {
    await annotator.call('POST', '/api/sarm/detection/detect-sperm', { frame_id: frame.id });
    await annotator.call('POST', '/api/sarm/annotation/add-frame', {
      data_label_id: labelId,
      frame_id: frame.id,
    });
  }
}, 60_000);
afterAll(async () => {
  await server.close();
});

const listReviews = async (who: Caller, query = '') =>
  ReviewListResponseSchema.parse(
    (await who.call('GET', `/api/sarm/annotation/reviews?label_type=detection${query}`)).json(),
  );

describe('data label review', () => {
  it('lists one pending unit per frame with its boxes, annotator and confidence', async () => {
    const list = await listReviews(reviewer, '&sort=created&order=asc');
    expect(list.total).toBe(3);
    expect(list.counts).toEqual({ detection: 3, morphology: 0 });
    expect(list.can_review).toBe(true);
    const [first] = list.reviews;
    expect(first).toMatchObject({
      type: 'detection',
      status: 'pending',
      creator_name: 'Ann Otator',
      data_label_id: labelId,
      reviewed_by: null,
    });
    expect(first?.label_count).toBe(first?.bounding_boxes.length);
    expect(first?.label_count).toBeGreaterThan(5);
    expect(first?.confidence).toBeGreaterThan(0);
    expect(list.reviews.map((unit) => unit.id)).toContain(`${labelId}:${frames[0]?.id ?? ''}`);
    const paged = await listReviews(reviewer, '&limit=2&page=2');
    expect(paged.reviews).toHaveLength(1);
    expect(paged.total).toBe(3);
    const annotatorView = await listReviews(annotator);
    expect(annotatorView.can_review).toBe(false);
    expect((await listReviews(outsider)).total).toBe(0);
  });

  it('records the decision, reviewer, time and notes once, only by a reviewer', async () => {
    const unitId = `${labelId}:${frames[0]?.id ?? ''}`;
    const byAnnotator = await annotator.call('POST', `/api/sarm/annotation/reviews/${unitId}`, {
      status: 'approved',
    });
    expect(byAnnotator.statusCode).toBe(403);
    const byOutsider = await outsider.call('POST', `/api/sarm/annotation/reviews/${unitId}`, {
      status: 'approved',
    });
    expect(byOutsider.statusCode).toBe(404);
    const bad = await reviewer.call('POST', `/api/sarm/annotation/reviews/${unitId}`, {
      status: 'pending',
    });
    expect(bad.statusCode).toBe(400);
    const approved = await reviewer.call('POST', `/api/sarm/annotation/reviews/${unitId}`, {
      status: 'approved',
      notes: 'All heads boxed',
    });
    expect(approved.statusCode).toBe(200);
    const unit = ReviewUnitSchema.parse(approved.json());
    expect(unit).toMatchObject({
      status: 'approved',
      reviewed_by: reviewer.user.id,
      reviewer_name: 'Rev Iewer',
      notes: 'All heads boxed',
    });
    expect(Date.now() - Date.parse(unit.reviewed_at ?? '')).toBeLessThan(60_000);
    const twice = await reviewer.call('POST', `/api/sarm/annotation/reviews/${unitId}`, {
      status: 'rejected',
    });
    expect(twice.statusCode).toBe(409);
    const pendingOnly = await listReviews(reviewer, '&status=pending');
    expect(pendingOnly.total).toBe(2);
  });

  it('sends a frame needing correction back to pending when it is added again', async () => {
    const frame = frames[1];
    if (frame === undefined) throw new Error('missing frame');
    const unitId = `${labelId}:${frame.id}`;
    await reviewer.call('POST', `/api/sarm/annotation/reviews/${unitId}`, {
      status: 'needsCorrection',
      notes: 'Two heads missed at the top',
    });
    const stats = ReviewStatsSchema.parse(
      (await reviewer.call('GET', '/api/sarm/annotation/reviews/stats')).json(),
    );
    expect(stats.detection).toEqual({ pending: 1, approved: 1, rejected: 0, needsCorrection: 1 });
    await annotator.call('POST', '/api/sarm/annotation/add-frame', {
      data_label_id: labelId,
      frame_id: frame.id,
    });
    const after = await listReviews(reviewer, '&status=pending');
    expect(after.reviews.map((unit) => unit.id)).toContain(unitId);
    expect(after.reviews.find((unit) => unit.id === unitId)).toMatchObject({ notes: '' });
  });

  it('filters by dataset, creator and dates, and refuses bad dates', async () => {
    expect((await listReviews(reviewer, `&creator_id=${reviewer.user.id}`)).total).toBe(0);
    expect((await listReviews(reviewer, `&creator_id=${annotator.user.id}`)).total).toBe(3);
    expect((await listReviews(reviewer, '&to=2000-01-01')).total).toBe(0);
    expect((await listReviews(reviewer, '&from=2000-01-01')).total).toBe(3);
    const bad = await reviewer.call('GET', '/api/sarm/annotation/reviews?from=yesterday');
    expect(bad.statusCode).toBe(400);
    const missing = await reviewer.call('POST', `/api/sarm/annotation/reviews/${labelId}:nope`, {
      status: 'approved',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists frames with their annotation status for Annotation Management', async () => {
    const extra = await seedSimulatedFrames(server, annotator.user.id, 1);
    const response = AnnotationFramesResponseSchema.parse(
      (await reviewer.call('GET', '/api/technical/annotation/frames?sort=status&order=asc')).json(),
    );
    // The three labelled frames are completed; the extra project is not the reviewer's.
    expect(response.counts).toEqual({ pending: 0, in_progress: 0, completed: 3 });
    expect(response.frames[0]).toMatchObject({
      annotation_status: 'completed',
      annotated_by: 'Ann Otator',
    });
    expect(response.frames[0]?.object_count).toBeGreaterThan(5);
    const own = AnnotationFramesResponseSchema.parse(
      (
        await annotator.call(
          'GET',
          `/api/technical/annotation/frames?dataset_id=${extra.dataset.id}`,
        )
      ).json(),
    );
    expect(own.frames.map((f) => f.annotation_status)).toEqual(['pending']);
    const hidden = await reviewer.call(
      'GET',
      `/api/technical/annotation/frames?dataset_id=${extra.dataset.id}`,
    );
    expect(hidden.statusCode).toBe(404);
    const denied = await outsider.call('GET', '/api/technical/annotation/frames?sort=nope');
    expect(denied.statusCode).toBe(400);
  });
});
