import {
  ModelListResponseSchema,
  ModelSchema,
  TechnicalDashboardSchema,
  type ModelMetrics,
  type ModelStatus,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audited, caller } from '../test/admin-helpers.js';
import { seedVideo } from '../test/business-helpers.js';
import { projectWithMember } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ workers: false });
});
afterAll(async () => {
  await server.close();
});

async function withPermissions(codes: string[]) {
  const who = await caller(server);
  await grantCustomRole(server, who.user.id, codes);
  return who;
}

/** A model row as training would leave it (training itself is not implemented yet). */
async function seedModel(options: {
  name: string;
  status: ModelStatus;
  metrics?: ModelMetrics;
  datasetId?: string;
}) {
  return server.context.repositories.models.insert({
    name: options.name,
    type: 'detection',
    datasetId: options.datasetId ?? null,
    config: { epochs: 10, batch_size: 8, learning_rate: 0.01, validation_split: 0.2 },
    status: options.status,
    metrics: options.metrics ?? null,
    trainedAt: options.status === 'trained' ? server.clock.now() : null,
  });
}

describe('model registry', () => {
  it('creates with the default configuration, lists, reads, updates and deletes with audit entries', async () => {
    const trainer = await withPermissions(['finetune.train_model']);
    const project = await projectWithMember(server, trainer.user.id);
    const dataset = await server.context.repositories.datasets.insert({
      projectId: project.id,
      name: 'Training set',
      type: 'combined',
    });

    const created = await trainer.call('POST', '/api/technical/models', {
      name: ' Detector v1 ',
      type: 'detection',
      dataset_id: dataset.id,
      config: { epochs: 50 },
      notes: 'First try',
    });
    expect(created.statusCode).toBe(201);
    const model = ModelSchema.parse(created.json());
    expect(model).toMatchObject({
      name: 'Detector v1',
      type: 'detection',
      dataset_id: dataset.id,
      dataset_name: 'Training set',
      config: { epochs: 50, batch_size: 16, learning_rate: 0.001, validation_split: 0.2 },
      notes: 'First try',
      status: 'created',
      metrics: null,
      trained_at: null,
    });
    expect(await audited(server, 'Model "Detector v1" created')).toBe(true);

    const list = ModelListResponseSchema.parse(
      (await trainer.call('GET', `/api/sarm/training/list-model?dataset_id=${dataset.id}`)).json(),
    );
    expect(list).toMatchObject({ total: 1, models: [{ id: model.id }] });
    const none = ModelListResponseSchema.parse(
      (
        await trainer.call('GET', '/api/sarm/training/list-model?status=trained&type=detection')
      ).json(),
    );
    expect(none.models.map((m) => m.id)).not.toContain(model.id);

    const updated = await trainer.call('PUT', `/api/technical/models/${model.id}`, {
      name: 'Detector v2',
      config: { batch_size: 32 },
    });
    expect(ModelSchema.parse(updated.json())).toMatchObject({
      name: 'Detector v2',
      notes: 'First try',
      config: { epochs: 50, batch_size: 32, learning_rate: 0.001 },
    });
    expect(await audited(server, 'Model "Detector v2" updated')).toBe(true);

    expect((await trainer.call('DELETE', `/api/technical/models/${model.id}`)).statusCode).toBe(
      200,
    );
    expect(await audited(server, 'Model "Detector v2" deleted')).toBe(true);
    const gone = await trainer.call('GET', `/api/technical/models/${model.id}`);
    expect(gone.json()).toEqual({ statusCode: 404, message: 'Model not found' });
  });

  it('rejects invalid bodies, hidden datasets and datasets of the other type', async () => {
    const trainer = await withPermissions(['finetune.train_model']);
    const project = await projectWithMember(server, trainer.user.id);
    const morphology = await server.context.repositories.datasets.insert({
      projectId: project.id,
      name: 'Morphology set',
      type: 'morphology',
    });
    const other = await server.context.repositories.projects.insertProject({ name: 'Hidden' });
    const hidden = await server.context.repositories.datasets.insert({
      projectId: other.id,
      name: 'Hidden set',
    });
    for (const body of [
      {},
      { name: ' ', type: 'detection' },
      { name: 'A', type: 'segmentation' },
      { name: 'A', type: 'detection', config: { epochs: 0 } },
      { name: 'A', type: 'detection', config: { learning_rate: 0.5 } },
      { name: 'A', type: 'detection', config: { validation_split: 0.9 } },
    ])
      expect((await trainer.call('POST', '/api/technical/models', body)).statusCode).toBe(400);

    const wrongType = await trainer.call('POST', '/api/technical/models', {
      name: 'A',
      type: 'detection',
      dataset_id: morphology.id,
    });
    expect(wrongType.statusCode).toBe(400);
    const hiddenDataset = await trainer.call('POST', '/api/technical/models', {
      name: 'A',
      type: 'detection',
      dataset_id: hidden.id,
    });
    expect(hiddenDataset.json()).toEqual({ statusCode: 404, message: 'Dataset not found' });
  });

  it('answers 409 when editing or deleting a training model', async () => {
    const trainer = await withPermissions(['finetune.train_model']);
    const training = await seedModel({ name: 'Busy', status: 'training' });
    const edit = await trainer.call('PUT', `/api/technical/models/${training.id}`, { notes: 'x' });
    expect(edit.statusCode).toBe(409);
    const remove = await trainer.call('DELETE', `/api/technical/models/${training.id}`);
    expect(remove.statusCode).toBe(409);
    expect(
      ModelSchema.parse((await trainer.call('GET', `/api/technical/models/${training.id}`)).json()),
    ).toMatchObject({ status: 'training', notes: '' });
  });

  it('lets prediction users read but not change models, and hides models of hidden projects', async () => {
    const predictor = await withPermissions(['finetune.predict_models']);
    const global = await seedModel({ name: 'Global', status: 'created' });
    const other = await server.context.repositories.projects.insertProject({ name: 'Other' });
    const otherSet = await server.context.repositories.datasets.insert({
      projectId: other.id,
      name: 'Other set',
    });
    const scoped = await seedModel({ name: 'Scoped', status: 'created', datasetId: otherSet.id });

    expect((await predictor.call('GET', `/api/technical/models/${global.id}`)).statusCode).toBe(
      200,
    );
    expect((await predictor.call('GET', `/api/technical/models/${scoped.id}`)).statusCode).toBe(
      404,
    );
    const list = ModelListResponseSchema.parse(
      (await predictor.call('GET', '/api/sarm/training/list-model?limit=500')).json(),
    );
    expect(list.models.map((m) => m.id)).toContain(global.id);
    expect(list.models.map((m) => m.id)).not.toContain(scoped.id);

    const create = await predictor.call('POST', '/api/technical/models', {
      name: 'Nope',
      type: 'detection',
    });
    expect(create.statusCode).toBe(403);
    expect((await predictor.call('DELETE', `/api/technical/models/${global.id}`)).statusCode).toBe(
      403,
    );
  });
});

describe('technical dashboard', () => {
  it('counts visible models, lists trained and stopped models and open issues until dismissed', async () => {
    const fresh = await createTestServer({ workers: false });
    try {
      const who = await caller(fresh);
      await grantCustomRole(fresh, who.user.id, ['finetune.extract_frames']);
      const { models, tasks, videos } = fresh.context.repositories;
      const project = await projectWithMember(fresh, who.user.id);
      const seed = (name: string, status: ModelStatus, metrics?: ModelMetrics) =>
        models.insert({
          name,
          type: 'morphology',
          config: { epochs: 1, batch_size: 1, learning_rate: 0.001, validation_split: 0.2 },
          status,
          metrics: metrics ?? null,
        });
      const trained = await seed('Trained', 'trained', {
        final_accuracy: 0.91,
        final_val_accuracy: 0.8765,
      });
      const stopped = await seed('Stopped', 'stopped');
      await seed('Created', 'created');

      const { video } = await seedVideo(fresh, project.id);
      const now = fresh.clock.now();
      const failedExtraction = await tasks.insert(
        {
          id: 'task-extract',
          taskType: 'frames.extract',
          createdBy: who.user.id,
          message: 'q',
          now,
        },
        { ignoreExisting: false },
      );
      await videos.update(video.id, { lastTaskId: failedExtraction?.id ?? null });
      await tasks.fail('task-extract', 'ffmpeg exited with code 1', now);
      await tasks.insert(
        { id: 'task-other', taskType: 'frames.extract', createdBy: null, message: 'q', now },
        { ignoreExisting: false },
      );
      await tasks.fail('task-other', 'Someone else', now);
      await tasks.insert(
        { id: 'task-queued', taskType: 'video.prepare', createdBy: who.user.id, message: 'q', now },
        { ignoreExisting: false },
      );

      const dashboard = TechnicalDashboardSchema.parse(
        (await who.call('GET', '/api/technical/dashboard')).json(),
      );
      expect(dashboard.models_total).toBe(3);
      expect(dashboard.active_models.map((m) => m.id)).toEqual([trained.id]);
      expect(dashboard.active_models[0]?.metrics).toEqual({
        final_accuracy: 0.91,
        final_val_accuracy: 0.8765,
      });
      expect(dashboard.model_performance.map((m) => m.id).sort()).toEqual(
        [trained.id, stopped.id].sort(),
      );
      expect(dashboard.open_issues).toEqual([
        {
          task_id: 'task-extract',
          task_type: 'frames.extract',
          priority: 'medium',
          error: 'ffmpeg exited with code 1',
          stage: 'failed',
          created_at: now.toISOString(),
          reported_at: now.toISOString(),
          resource: { type: 'video', id: video.id, name: 'Sample video' },
        },
      ]);

      const dismissed = await who.call('POST', '/api/tasks/task-extract/dismiss');
      expect(dismissed.statusCode).toBe(200);
      const after = TechnicalDashboardSchema.parse(
        (await who.call('GET', '/api/technical/dashboard')).json(),
      );
      expect(after.open_issues).toEqual([]);

      const admin = await caller(fresh, { roles: ['system_admin'] });
      const adminView = TechnicalDashboardSchema.parse(
        (await admin.call('GET', '/api/technical/dashboard')).json(),
      );
      expect(adminView.open_issues.map((issue) => [issue.task_id, issue.priority])).toEqual([
        ['task-other', 'medium'],
      ]);

      const business = await caller(fresh);
      await grantCustomRole(fresh, business.user.id, ['sarm.upload_video']);
      expect((await business.call('GET', '/api/technical/dashboard')).statusCode).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});
