import {
  ModelSchema,
  PredictionListResponseSchema,
  PredictionSchema,
  TaskSchema,
  type DetectionScore,
  type TrainingStatus,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../test/admin-helpers.js';
import { seedSimulatedVideos } from '../test/analysis-helpers.js';
import { multipartBody, waitForTask } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';
import {
  createDetectionModel,
  pollPrediction,
  pollTraining,
  seedDetectionLabel,
} from '../test/training-helpers.js';

let server: TestServer;
let user: Awaited<ReturnType<typeof caller>>;
let seeded: Awaited<ReturnType<typeof seedDetectionLabel>>;
let modelId: string;
let videoId: string;
let trained: TrainingStatus;

beforeAll(async () => {
  server = await createTestServer();
  user = await caller(server, { email: 'predictor@example.org' });
  await grantCustomRole(server, user.user.id, ['finetune.*', 'sarm.*']);
  seeded = await seedDetectionLabel(server, user, 4);
  const model = await createDetectionModel(user, seeded.dataset.id, 'Heads');
  await user.call('POST', `/api/technical/models/${model.id}/train`, {
    epochs: 6,
    batch_size: 2,
    learning_rate: 0.02,
    data_label_id: seeded.labelId,
  });
  trained = await pollTraining(user, model.id);
  expect(trained.status).toBe('trained');
  modelId = model.id;
  const [video] = await seedSimulatedVideos(server, user.headers, seeded.dataset.id, 1);
  if (video === undefined) throw new Error('no video');
  videoId = video.id;
});
afterAll(async () => {
  await server.close();
});

/** Precision, recall and F1 agree with the counts and lie in 0..1. */
function expectConsistentScore(score: DetectionScore) {
  const { true_positives: tp, false_positives: fp, false_negatives: fn } = score;
  expect(score.precision).toBeCloseTo(tp / (tp + fp), 9);
  expect(score.recall).toBeCloseTo(tp / (tp + fn), 9);
  expect(score.f1).toBeCloseTo((2 * tp) / (2 * tp + fp + fn), 9);
  for (const value of [score.precision, score.recall, score.f1]) {
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(1);
  }
}

describe('trained detector figures', () => {
  it('keeps the kept epoch’s precision, recall and F1 on the named validation frames', async () => {
    const model = ModelSchema.parse(
      (await user.call('GET', `/api/technical/models/${modelId}`)).json(),
    );
    const validation = model.validation;
    if (validation == null) throw new Error('no validation figures');
    expect(validation.epoch).toBe(trained.best_epoch);
    expect(validation.match_radius_px).toBeGreaterThan(0);
    expect(validation.frame_count).toBe(trained.samples?.validation);
    expect(validation.frames).toHaveLength(validation.frame_count);
    const seededIds = seeded.frames.map((f) => f.id);
    for (const frame of validation.frames) {
      expect(seededIds).toContain(frame.frame_id);
      expect(frame).toMatchObject({ video_id: seeded.video.id, video_name: 'Simulated sample' });
    }
    expectConsistentScore(validation);
    // Scored again after training with the kept weights: the kept epoch's validation F1.
    const keptF1 = trained.metrics.val_accuracy[(trained.best_epoch ?? 0) - 1];
    expect(validation.f1).toBeCloseTo(keptF1 ?? -1, 6);
    // Every annotated head of the held-out frames is found or missed.
    const heldOut = await Promise.all(
      validation.frames.map((f) => server.context.repositories.detections.listByFrame(f.frame_id)),
    );
    expect(validation.true_positives + validation.false_negatives).toBe(heldOut.flat().length);
  });
});

describe('predictions', () => {
  it('runs the model over the whole video as a job; metrics, frames and exports agree', async () => {
    const started = await user.call('POST', '/api/technical/predictions', {
      model_id: modelId,
      video_id: videoId,
      name: 'First run',
    });
    expect(started.statusCode, started.body).toBe(202);
    const queued = PredictionSchema.parse(started.json());
    expect(queued).toMatchObject({ name: 'First run', status: 'queued', model_name: 'Heads' });
    expect(queued.task_id).not.toBeNull();

    const done = await pollPrediction(user, queued.id);
    expect(done.error).toBeNull();
    expect(done.status).toBe('completed');
    expect(done.progress).toBe(100);
    const metrics = done.metrics;
    if (metrics === null) throw new Error('no metrics');
    // The simulated video has 40 frames; every one went through the model.
    expect(metrics.processedFrames).toBe(40);
    expect(metrics.processingTime).toBeGreaterThan(0);
    // The simulation has 6 heads and 2 debris particles a frame.
    expect(metrics.totalSpermCount).toBeGreaterThan(3);
    expect(metrics.totalSpermCount).toBeLessThan(10);
    expect(metrics.totalAnalyzedSperm).toBeNull();
    const shares = [metrics.progressive, metrics.nonProgressive, metrics.immotile];
    for (const share of shares) expect(share).not.toBeNull();
    expect(done.frames.length).toBe(6);

    const image = await user.call('GET', done.frames[0]?.imageUrl ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');

    // The MOT export holds every box: its count per frame averages to the stored mean count.
    const mot = await user.call('GET', `/api/technical/predictions/${queued.id}/export?format=mot`);
    expect(mot.statusCode).toBe(200);
    const lines = mot.body.trim() === '' ? [] : mot.body.trim().split('\n');
    expect(lines.length / 40).toBeCloseTo(metrics.totalSpermCount ?? -1, 6);
    const coco = await user.call(
      'GET',
      `/api/technical/predictions/${queued.id}/export?format=coco`,
    );
    const parsed = coco.json<{ images: unknown[]; annotations: { score: number }[] }>();
    expect(parsed.images).toHaveLength(40);
    expect(parsed.annotations).toHaveLength(lines.length);
    if (parsed.annotations.length > 0) {
      const mean = parsed.annotations.reduce((s, a) => s + a.score, 0) / parsed.annotations.length;
      expect(mean).toBeCloseTo(metrics.detectionConfidence ?? -1, 2);
    }
    const sampleCounts = done.frames.map((f) => f.spermCount ?? -1);
    const motFrames = lines.map((line) => Number(line.split(',')[0]) - 1);
    done.frames.forEach((frame, i) =>
      expect(motFrames.filter((n) => n === frame.frame_number)).toHaveLength(sampleCounts[i] ?? -2),
    );

    const list = PredictionListResponseSchema.parse(
      (await user.call('GET', `/api/technical/predictions?model_id=${modelId}`)).json(),
    );
    expect(list.predictions.map((p) => p.id)).toContain(queued.id);

    // The classical detector ran on the same 40 frames; neither is the truth: agreement.
    const comparison = done.comparison;
    if (comparison == null) throw new Error('no comparison');
    expect(comparison.frames).toBe(40);
    expect(comparison.model.per_frame_counts).toHaveLength(40);
    expect(comparison.classical.per_frame_counts).toHaveLength(40);
    const modelTotal = comparison.model.per_frame_counts.reduce((sum, n) => sum + n, 0);
    expect(modelTotal).toBe(lines.length);
    expect(comparison.classical.mean_heads_per_frame).toBeGreaterThan(3);
    expect(comparison.classical.mean_heads_per_frame).toBeLessThan(10);
    expectConsistentScore(comparison.agreement);
    // Both found: at most what either found.
    expect(comparison.agreement.true_positives).toBeLessThanOrEqual(
      comparison.model.total_detections,
    );
    expect(comparison.agreement.true_positives).toBeLessThanOrEqual(
      comparison.classical.total_detections,
    );
    expect(comparison.annotated).toBeNull();
    for (const frame of done.frames)
      expect(frame.classicalCount).toBe(comparison.classical.per_frame_counts[frame.frame_number]);
  });

  it('pre-annotates the video’s extracted frames with the predicted boxes (source model)', async () => {
    const started = PredictionSchema.parse(
      (
        await user.call('POST', '/api/technical/predictions', {
          model_id: modelId,
          video_id: videoId,
          options: { name: 'For annotation' },
        })
      ).json(),
    );
    expect(started.name).toBe('For annotation');
    await pollPrediction(user, started.id);
    const noFrames = await user.call(
      'POST',
      `/api/technical/predictions/${started.id}/pre-annotate`,
    );
    expect(noFrames.statusCode).toBe(400);
    expect(noFrames.json()).toMatchObject({
      message: 'The video has no extracted frames: extract frames first',
    });

    const extraction = await user.call('POST', '/api/sarm/frames/extract', { videoId });
    const { task_id: taskId } = extraction.json<{ task_id: string }>();
    const { task } = await waitForTask(server, taskId, user.headers);
    expect(TaskSchema.parse(task).status).toBe('completed');
    const annotated = await user.call(
      'POST',
      `/api/technical/predictions/${started.id}/pre-annotate`,
    );
    expect(annotated.statusCode, annotated.body).toBe(200);
    const { frames, detections } = annotated.json<{ frames: number; detections: number }>();
    expect(frames).toBeGreaterThan(0);
    const rows = await server.context.repositories.detections.listByVideo(videoId);
    expect(rows.length).toBe(detections);
    expect(
      rows.every(({ detection }) => detection.source === 'model' && detection.modelId === modelId),
    ).toBe(true);
  });

  it('scores both detectors against the video’s hand-annotated frames', async () => {
    // The frames extracted above carry the model's pre-annotations: label three of them.
    const { rows } = await server.context.repositories.videos.listFrames(videoId, 100, 0);
    const picked = rows.slice(0, 3);
    let heads = 0;
    for (const frame of picked) {
      const added = await user.call('POST', '/api/sarm/annotation/add-frame', {
        data_label_id: seeded.labelId,
        frame_id: frame.id,
      });
      expect(added.statusCode, added.body).toBe(200);
      heads += (await server.context.repositories.detections.listByFrame(frame.id)).length;
    }
    const started = await user.call('POST', '/api/technical/predictions', {
      model_id: modelId,
      video_id: videoId,
      name: 'Against annotations',
    });
    const done = await pollPrediction(user, PredictionSchema.parse(started.json()).id);
    const annotated = done.comparison?.annotated;
    if (annotated == null) throw new Error('no annotated scores');
    expect(annotated.frame_numbers).toEqual(picked.map((f) => f.frameNumber).sort((a, b) => a - b));
    expect(annotated.annotated_heads).toBe(heads);
    expectConsistentScore(annotated.model);
    expectConsistentScore(annotated.classical);
    expect(annotated.model.true_positives + annotated.model.false_negatives).toBe(heads);
    // The annotations are this model's own boxes (from the decoded JPEG): it finds nearly all.
    expect(annotated.model.f1).toBeGreaterThan(0.8);
  });

  it('runs the clinical analysis with the project’s deployed detector and records which one', async () => {
    const detectorOf = async () => {
      const [row] = await server.context.repositories.analyses.latestByVideo([videoId]);
      return (row?.result as { detector?: unknown } | undefined)?.detector;
    };
    const calculate = () =>
      user.call('POST', '/api/sarm/calculation/cal-concentration', { video_ids: [videoId] });
    expect((await calculate()).statusCode).toBe(200);
    expect(await detectorOf()).toEqual({ kind: 'classical' });

    const deployed = await user.call('POST', `/api/technical/models/${modelId}/deploy`, {
      project_id: seeded.project.id,
    });
    expect(deployed.statusCode).toBe(200);
    server.clock.advance(1000);
    expect((await calculate()).statusCode).toBe(200);
    expect(await detectorOf()).toEqual({
      kind: 'model',
      model_id: modelId,
      name: 'Heads',
      version: 1,
    });

    await user.call('DELETE', `/api/technical/projects/${seeded.project.id}/detector`);
  });

  it('gives the same predictions with the exported and re-imported model', async () => {
    const run = async (id: string) => {
      const started = await user.call('POST', '/api/technical/predictions', {
        model_id: id,
        video_id: videoId,
        name: `Run of ${id}`,
      });
      const done = await pollPrediction(user, PredictionSchema.parse(started.json()).id);
      const { processingTime: _time, ...metrics } = done.metrics ?? { processingTime: 0 };
      const mot = await user.call('GET', `/api/technical/predictions/${done.id}/export?format=mot`);
      return { metrics, boxes: mot.body };
    };
    const exported = await user.call('POST', `/api/technical/models/${modelId}/export`);
    const body = multipartBody(
      {},
      { name: 'heads.zip', content: exported.rawPayload, type: 'application/zip' },
    );
    const imported = await server.app.inject({
      method: 'POST',
      url: '/api/technical/models/import',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const copy = ModelSchema.parse(imported.json());
    // Figures of an imported model were not measured here.
    expect(copy.validation ?? null).toBeNull();
    const [original, again] = [await run(modelId), await run(copy.id)];
    expect(again.metrics).toEqual(original.metrics);
    expect(again.boxes).toBe(original.boxes);
  });

  it('validates, scopes and deletes predictions', async () => {
    const untrained = await createDetectionModel(user, seeded.dataset.id, 'Untrained');
    const early = await user.call('POST', '/api/technical/predictions', {
      model_id: untrained.id,
      video_id: videoId,
    });
    expect(early.statusCode).toBe(409);
    const blank = await user.call('POST', '/api/technical/predictions', {
      model_id: modelId,
      video_id: videoId,
      name: '  ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Please provide a name for this prediction' });

    const stranger = await caller(server, { email: 'stranger@example.org' });
    await grantCustomRole(server, stranger.user.id, ['finetune.predict_models']);
    const list = PredictionListResponseSchema.parse(
      (await user.call('GET', '/api/technical/predictions')).json(),
    );
    const first = list.predictions[0];
    if (first === undefined) throw new Error('no prediction');
    expect((await stranger.call('GET', `/api/technical/predictions/${first.id}`)).statusCode).toBe(
      404,
    );
    const none = await caller(server, { email: 'none@example.org' });
    expect((await none.call('GET', '/api/technical/predictions')).statusCode).toBe(403);

    expect((await user.call('DELETE', `/api/technical/predictions/${first.id}`)).statusCode).toBe(
      200,
    );
    expect((await user.call('GET', `/api/technical/predictions/${first.id}`)).statusCode).toBe(404);
  });
});
