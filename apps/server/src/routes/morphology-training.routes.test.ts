import {
  ClassificationsResponseSchema,
  DataLabelSchema,
  ModelSchema,
  PredictionSchema,
  ProjectDetectorSchema,
} from '@sarm/contracts';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../test/admin-helpers.js';
import { seedSimulatedFrames } from '../test/detection-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';
import { pollPrediction, pollTraining } from '../test/training-helpers.js';

let server: TestServer;
let user: Awaited<ReturnType<typeof caller>>;
let seeded: Awaited<ReturnType<typeof seedSimulatedFrames>>;
let labelId: string;
let classified = 0;

/**
 * A morphology label whose classes follow what the crops show: heads larger than the median box
 * are labelled head defects, the others normal.
 */
beforeAll(async () => {
  server = await createTestServer();
  user = await caller(server, { email: 'morphologist@example.org' });
  await grantCustomRole(server, user.user.id, ['finetune.*']);
  seeded = await seedSimulatedFrames(server, user.user.id, 4);
  // Detection boxes and morphology crops in one dataset.
  await server.context.repositories.datasets.update(seeded.dataset.id, { type: 'combined' });
  for (const frame of seeded.frames)
    await user.call('POST', '/api/sarm/detection/detect-sperm', { frame_id: frame.id });
  const label = await user.call('POST', '/api/sarm/annotation/create-label', {
    name: 'Morphology set',
    dataset_id: seeded.dataset.id,
    label_type: 'morphology',
  });
  labelId = DataLabelSchema.parse(label.json()).id;
  const rows = (
    await Promise.all(
      seeded.frames.map((frame) => server.context.repositories.detections.listByFrame(frame.id)),
    )
  ).flat();
  const area = (r: (typeof rows)[number]) => (r.x2 - r.x1) * (r.y2 - r.y1);
  const median = [...rows.map(area)].sort((a, b) => a - b)[Math.floor(rows.length / 2)] ?? 0;
  const saved = await user.call(
    'POST',
    `/api/sarm/annotation/datasets/${seeded.dataset.id}/data-labels/${labelId}/classifications`,
    {
      items: rows.map((row) => ({
        detection_id: row.id,
        class: area(row) > median ? 'head_defect' : 'normal',
      })),
    },
  );
  expect(saved.statusCode, saved.body).toBe(200);
  classified = ClassificationsResponseSchema.parse(saved.json()).saved;
  expect(classified).toBeGreaterThan(20);
});
afterAll(async () => {
  await server.close();
});

describe('morphology models', () => {
  let modelId = '';

  it('trains a classifier on the label’s crops, with per-class accuracy and a confusion matrix', async () => {
    const created = await user.call('POST', '/api/technical/models', {
      name: 'Heads morphology',
      type: 'morphology',
      dataset_id: seeded.dataset.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const model = ModelSchema.parse(created.json());
    modelId = model.id;
    const started = await user.call('POST', `/api/technical/models/${model.id}/train`, {
      epochs: 3,
      batch_size: 8,
      learning_rate: 0.005,
      validation_split: 0.3,
      data_label_id: labelId,
    });
    expect(started.statusCode, started.body).toBe(202);
    const status = await pollTraining(user, model.id);
    expect(status.error).toBeNull();
    expect(status.status).toBe('trained');
    expect(status.metrics.accuracy).toHaveLength(3);
    expect(status.logs[1]).toMatch(new RegExp(`Training started on ${classified} crops$`));
    const evaluation = status.evaluation;
    if (evaluation === null) throw new Error('no evaluation');
    expect(evaluation.per_class.map((c) => c.class)).toEqual([
      'normal',
      'head_defect',
      'midpiece_defect',
      'tail_defect',
      'multiple_defects',
    ]);
    const cells = evaluation.confusion.flat().reduce((a, b) => a + b, 0);
    expect(cells).toBe(status.samples?.validation);
    expect(evaluation.accuracy).toBeCloseTo(
      status.metrics.val_accuracy[(status.best_epoch ?? 1) - 1] ?? -1,
      6,
    );

    const exported = await user.call('POST', `/api/technical/models/${model.id}/export`);
    const metadata = JSON.parse(
      Buffer.from(unzipSync(new Uint8Array(exported.rawPayload))['metadata.json'] ?? []).toString(),
    ) as Record<string, unknown>;
    expect(metadata).toMatchObject({ type: 'morphology', input: { channels: 2 } });

    // A trained classifier deploys as the project's morphology model, never as its detector.
    const deploy = await user.call('POST', `/api/technical/models/${model.id}/deploy`, {
      project_id: seeded.project.id,
    });
    expect(deploy.statusCode, deploy.body).toBe(200);
    expect(ProjectDetectorSchema.parse(deploy.json()).model?.id).toBe(model.id);
    const morphology = await user.call(
      'GET',
      `/api/technical/projects/${seeded.project.id}/morphology-model`,
    );
    expect(ProjectDetectorSchema.parse(morphology.json()).model?.id).toBe(model.id);
    const detector = await user.call(
      'GET',
      `/api/technical/projects/${seeded.project.id}/detector`,
    );
    expect(ProjectDetectorSchema.parse(detector.json()).model).toBeNull();
  });

  it('classifies the crops of a video’s detections: normal forms and each defect’s share', async () => {
    const started = await user.call('POST', '/api/technical/predictions', {
      model_id: modelId,
      video_id: seeded.video.id,
      name: 'Morphology of the sample',
    });
    expect(started.statusCode, started.body).toBe(202);
    const done = await pollPrediction(user, PredictionSchema.parse(started.json()).id);
    expect(done.error).toBeNull();
    expect(done.model_type).toBe('morphology');
    const metrics = done.metrics;
    if (metrics === null) throw new Error('no metrics');
    expect(metrics.totalAnalyzedSperm).toBe(classified);
    expect(metrics.processedFrames).toBe(4);
    const shares = [
      metrics.normalForms,
      metrics.abnormalHeads,
      metrics.abnormalMidpieces,
      metrics.abnormalTails,
    ].map((value) => value ?? -1);
    for (const value of shares) expect(value).toBeGreaterThanOrEqual(0);
    expect(shares.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(100.0001);
    const counted = done.frames.reduce(
      (n, f) => n + (f.normalCount ?? 0) + (f.abnormalCount ?? 0),
      0,
    );
    expect(counted).toBe(classified);
    const coco = (
      await user.call('GET', `/api/technical/predictions/${done.id}/export?format=coco`)
    ).json<{ annotations: { category_id: number }[]; categories: { name: string }[] }>();
    expect(coco.annotations).toHaveLength(classified);
    const normalShare =
      (100 *
        coco.annotations.filter((a) => coco.categories[a.category_id - 1]?.name === 'normal')
          .length) /
      classified;
    expect(normalShare).toBeCloseTo(metrics.normalForms ?? -1, 6);
    const preAnnotate = await user.call(
      'POST',
      `/api/technical/predictions/${done.id}/pre-annotate`,
    );
    expect(preAnnotate.statusCode).toBe(400);
  });
});
