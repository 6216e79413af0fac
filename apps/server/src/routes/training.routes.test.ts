import {
  DataLabelSchema,
  ModelSchema,
  ProjectDetectorSchema,
  TrainingStatusSchema,
} from '@sarm/contracts';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audited, caller } from '../test/admin-helpers.js';
import { multipartBody } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';
import {
  createDetectionModel,
  pollTraining,
  seedDetectionLabel,
} from '../test/training-helpers.js';

let server: TestServer;
let trainer: Awaited<ReturnType<typeof caller>>;
let seeded: Awaited<ReturnType<typeof seedDetectionLabel>>;

beforeAll(async () => {
  server = await createTestServer();
  trainer = await caller(server, { email: 'trainer@example.org' });
  await grantCustomRole(server, trainer.user.id, ['finetune.*']);
  seeded = await seedDetectionLabel(server, trainer, 6);
});
afterAll(async () => {
  await server.close();
});

const small = { epochs: 3, batch_size: 2, learning_rate: 0.01, validation_split: 0.35 };

describe('model training', () => {
  it('trains a detector from a data label on the worker, with curves, logs and the best epoch kept', async () => {
    const model = await createDetectionModel(trainer, seeded.dataset.id, 'Heads v1');
    const started = await trainer.call('POST', `/api/technical/models/${model.id}/train`, {
      ...small,
      data_label_id: seeded.labelId,
    });
    expect(started.statusCode, started.body).toBe(202);
    expect(TrainingStatusSchema.parse(started.json())).toMatchObject({ status: 'training' });
    // While it trains the model cannot be edited or trained twice.
    const again = await trainer.call('POST', `/api/technical/models/${model.id}/train`, {
      data_label_id: seeded.labelId,
    });
    expect([202, 409]).toContain(again.statusCode);

    const status = await pollTraining(trainer, model.id);
    expect(status.error).toBeNull();
    expect(status).toMatchObject({
      status: 'trained',
      current_epoch: 3,
      total_epochs: 3,
      progress: 100,
      estimated_time_remaining: null,
    });
    expect(status.samples).toEqual({ training: 4, validation: 2 });
    expect(status.metrics.loss).toHaveLength(3);
    expect(status.metrics.val_loss).toHaveLength(3);
    // The network learns: the loss of the last epoch is below that of the first.
    const [first, , last] = status.metrics.loss;
    expect(last).toBeLessThan(first ?? 0);
    const [firstVal, , lastVal] = status.metrics.val_loss;
    expect(lastVal).toBeLessThan(firstVal ?? 0);
    expect(status.best_epoch).toBeGreaterThanOrEqual(1);
    expect(status.logs.some((line) => /Epoch 3\/3: loss/.test(line))).toBe(true);
    expect(status.logs.at(-1)).toMatch(
      /^\[\d\d:\d\d:\d\d\] Training completed: kept epoch \d of 3$/,
    );

    const trained = ModelSchema.parse(
      (await trainer.call('GET', `/api/technical/models/${model.id}`)).json(),
    );
    const best = (status.best_epoch ?? 0) - 1;
    expect(trained).toMatchObject({
      status: 'trained',
      data_label_id: seeded.labelId,
      source: 'trained',
      runtime: 'tfjs',
      error: null,
    });
    expect(trained.metrics?.final_loss).toBeCloseTo(status.metrics.loss[best] ?? Number.NaN, 6);
    expect(trained.trained_at).not.toBeNull();
    expect(await audited(server, 'Training of model "Heads v1" started')).toBe(true);
  });

  it('saves the weights of a fast run every few seconds, not every epoch, and keeps the best', async () => {
    const storage = server.context.storage;
    const put = storage.put.bind(storage);
    const saved: string[] = [];
    storage.put = (key, ...rest) => {
      saved.push(key);
      return put(key, ...rest);
    };
    try {
      const model = await createDetectionModel(trainer, seeded.dataset.id, 'Fast run');
      const started = Date.now();
      await trainer.call('POST', `/api/technical/models/${model.id}/train`, {
        ...small,
        epochs: 12,
        data_label_id: seeded.labelId,
      });
      const status = await pollTraining(trainer, model.id);
      expect(status).toMatchObject({ status: 'trained', current_epoch: 12 });
      expect(status.metrics.loss).toHaveLength(12);
      expect(status.logs.filter((line) => /Epoch \d+\/12: loss/.test(line))).toHaveLength(12);
      const seconds = (Date.now() - started) / 1000;
      const checkpoints = saved.filter((key) => key.endsWith('/checkpoint.zip')).length;
      // The first epoch, the last, and one per 5 s of training between them.
      expect(checkpoints).toBeLessThanOrEqual(2 + Math.ceil(seconds / 5));
      expect(checkpoints).toBeLessThan(12);
      // The kept weights are the best epoch's: the exported metadata names it.
      const exported = await trainer.call('POST', `/api/technical/models/${model.id}/export`);
      const files = unzipSync(new Uint8Array(exported.rawPayload));
      const metadata = JSON.parse(Buffer.from(files['metadata.json'] ?? []).toString()) as {
        training: { best_epoch: number };
      };
      expect(metadata.training.best_epoch).toBe(status.best_epoch);
    } finally {
      storage.put = put;
    }
  });

  it('exports a zip with metadata, architecture and weights that imports as a trained model', async () => {
    // The model learns heads at its frames' scale and says so.
    const datasets = server.context.repositories.datasets;
    const before = (await datasets.findById(seeded.dataset.id))?.dataset.settings;
    if (before === undefined) throw new Error('dataset expected');
    await datasets.update(seeded.dataset.id, { settings: { ...before, um_per_pixel: 0.42 } });
    const model = await createDetectionModel(trainer, seeded.dataset.id, 'Export me');
    const early = await trainer.call('POST', `/api/technical/models/${model.id}/export`);
    expect(early.statusCode).toBe(409);
    await trainer.call('POST', `/api/technical/models/${model.id}/train`, {
      ...small,
      epochs: 1,
      data_label_id: seeded.labelId,
    });
    await pollTraining(trainer, model.id);

    const exported = await trainer.call('POST', `/api/technical/models/${model.id}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="Export_me.zip"');
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'architecture.json',
      'metadata.json',
      'weights.bin',
    ]);
    const metadata = JSON.parse(Buffer.from(files['metadata.json'] ?? []).toString()) as Record<
      string,
      unknown
    >;
    expect(metadata).toMatchObject({
      format: 'sarm-model',
      type: 'detection',
      name: 'Export me',
      classes: ['sperm'],
      training: { data_label_id: seeded.labelId, dataset_id: seeded.dataset.id, epochs: 1 },
      um_per_pixel: 0.42,
    });
    await datasets.update(seeded.dataset.id, { settings: before });

    const body = multipartBody(
      { name: 'Imported heads' },
      { name: 'model.zip', content: exported.rawPayload, type: 'application/zip' },
    );
    const imported = await server.app.inject({
      method: 'POST',
      url: '/api/technical/models/import',
      headers: { ...trainer.headers, ...body.headers },
      payload: body.payload,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(ModelSchema.parse(imported.json())).toMatchObject({
      name: 'Imported heads',
      type: 'detection',
      status: 'trained',
      source: 'imported',
    });

    const junk = multipartBody({}, { name: 'x.zip', content: Buffer.from('not a zip') });
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/technical/models/import',
      headers: { ...trainer.headers, ...junk.headers },
      payload: junk.payload,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('stops a run at the next batch: the model ends stopped with its log', async () => {
    const model = await createDetectionModel(trainer, seeded.dataset.id, 'Long run');
    await trainer.call('POST', `/api/technical/models/${model.id}/train`, {
      ...small,
      epochs: 500,
      data_label_id: seeded.labelId,
    });
    await pollTraining(trainer, model.id, (s) => s.current_epoch >= 1 || s.status !== 'training');
    const stop = await trainer.call('POST', `/api/technical/models/${model.id}/stop`);
    expect(stop.statusCode).toBe(200);
    expect(TrainingStatusSchema.parse(stop.json()).stop_requested).toBe(true);
    const status = await pollTraining(trainer, model.id);
    expect(status.status).toBe('stopped');
    expect(status.current_epoch).toBeLessThan(500);
    expect(status.logs.at(-1)).toMatch(/Training stopped after epoch \d+$/);
    expect((await trainer.call('POST', `/api/technical/models/${model.id}/stop`)).statusCode).toBe(
      409,
    );
    // A stopped model has nothing to export or deploy.
    expect(
      (await trainer.call('POST', `/api/technical/models/${model.id}/export`)).statusCode,
    ).toBe(409);
  });

  it('resumes a run from the last saved epoch instead of from zero', async () => {
    const model = await createDetectionModel(trainer, seeded.dataset.id, 'Resumed');
    await trainer.call('POST', `/api/technical/models/${model.id}/train`, {
      ...small,
      epochs: 2,
      data_label_id: seeded.labelId,
    });
    const firstRun = await pollTraining(trainer, model.id);
    expect(firstRun.status).toBe('trained');
    // As a worker that died after epoch 2 of 4 leaves it: training, with a checkpoint.
    const { models } = server.context.repositories;
    const row = await models.findRow(model.id);
    if (row?.training == null || row.fileKey === null) throw new Error('no run');
    const checkpoint = `models/${model.id}/checkpoint.zip`;
    await server.context.storage.move(row.fileKey, checkpoint);
    await models.update(model.id, {
      status: 'training',
      config: { ...row.config, epochs: 4 },
      training: { ...row.training, epochs: 4 },
      checkpointKey: checkpoint,
      checkpointEpoch: 2,
      fileKey: null,
    });
    await server.context.queue.enqueueTask('model.train', { modelId: model.id }, null);
    const resumed = await pollTraining(trainer, model.id);
    expect(resumed.status).toBe('trained');
    expect(resumed.current_epoch).toBe(4);
    expect(resumed.metrics.loss.slice(0, 2)).toEqual(firstRun.metrics.loss);
    expect(resumed.logs.some((line) => line.endsWith('Resuming from epoch 2'))).toBe(true);
    expect(resumed.logs.some((line) => /Epoch 1\/4/.test(line))).toBe(false);
    expect(resumed.logs.some((line) => /Epoch 3\/4/.test(line))).toBe(true);
  });

  it('refuses to train without data, outside the caller’s projects or without the permission', async () => {
    const model = await createDetectionModel(trainer, seeded.dataset.id, 'Checks');
    const empty = await trainer.call('POST', '/api/sarm/annotation/create-label', {
      name: 'Empty label',
      dataset_id: seeded.dataset.id,
      label_type: 'detection',
    });
    const emptyId = DataLabelSchema.parse(empty.json()).id;
    const refused = await trainer.call('POST', `/api/technical/models/${model.id}/train`, {
      data_label_id: emptyId,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'The data label has no labelled items to learn from',
    });
    const outOfBounds = await trainer.call('POST', `/api/technical/models/${model.id}/train`, {
      epochs: 0,
    });
    expect(outOfBounds.statusCode).toBe(400);

    const reader = await caller(server, { email: 'reader@example.org' });
    await grantCustomRole(server, reader.user.id, ['finetune.predict_models']);
    const denied = await reader.call('POST', `/api/technical/models/${model.id}/train`, {
      data_label_id: seeded.labelId,
    });
    expect(denied.statusCode).toBe(403);
    // The model's dataset is in a project the reader is not a member of.
    expect(
      (await reader.call('GET', `/api/technical/models/${model.id}/training-status`)).statusCode,
    ).toBe(404);
  });

  it('deploys a trained detector to a project: frame detection runs the model', async () => {
    const model = await createDetectionModel(trainer, seeded.dataset.id, 'Deployed');
    const early = await trainer.call('POST', `/api/technical/models/${model.id}/deploy`, {
      project_id: seeded.project.id,
    });
    expect(early.statusCode).toBe(409);
    await trainer.call('POST', `/api/technical/models/${model.id}/train`, {
      ...small,
      data_label_id: seeded.labelId,
    });
    await pollTraining(trainer, model.id);
    const deployed = await trainer.call('POST', `/api/technical/models/${model.id}/deploy`, {
      project_id: seeded.project.id,
    });
    expect(deployed.statusCode, deployed.body).toBe(200);
    expect(ProjectDetectorSchema.parse(deployed.json()).model?.id).toBe(model.id);
    const listed = ModelSchema.parse(
      (await trainer.call('GET', `/api/technical/models/${model.id}`)).json(),
    );
    expect(listed.deployed_project_ids).toEqual([seeded.project.id]);

    const frame = seeded.frames[5];
    if (frame === undefined) throw new Error('no frame');
    const detected = await trainer.call('POST', '/api/sarm/detection/detect-sperm', {
      frame_id: frame.id,
    });
    expect(detected.statusCode).toBe(200);
    const rows = await server.context.repositories.detections.listByFrame(frame.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.source === 'model' && row.modelId === model.id)).toBe(true);

    const back = await trainer.call(
      'DELETE',
      `/api/technical/projects/${seeded.project.id}/detector`,
    );
    expect(ProjectDetectorSchema.parse(back.json()).model).toBeNull();
    await trainer.call('POST', '/api/sarm/detection/detect-sperm', { frame_id: frame.id });
    const classical = await server.context.repositories.detections.listByFrame(frame.id);
    expect(classical.every((row) => row.source === 'classical')).toBe(true);
  });
});
