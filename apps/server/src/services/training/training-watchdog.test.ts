/**
 * A trainer that stops posting is ended by the watchdog and resumed from its checkpoint with the
 * reason in the log; one that dies on every attempt ends failed with its reason after the set
 * number of resumes. Nothing is left running. The faults are the ml worker's test hooks.
 */
import { TrainingStatusSchema, type TrainingStatus } from '@sarm/contracts';
import type { TrainingFault } from '@sarm/ml/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_RETRY_LIMIT } from '../../jobs/model-train.job.js';
import { caller } from '../../test/admin-helpers.js';
import { grantCustomRole } from '../../test/factories.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';
import { createDetectionModel, seedDetectionLabel } from '../../test/training-helpers.js';

/** Three attempts of a training on a busy shared machine can take minutes: no timed assertion. */
const SLOW = 300_000;
/** The status once the model leaves `training`, polled for up to SLOW. */
async function settled(modelId: string): Promise<TrainingStatus> {
  const deadline = Date.now() + SLOW;
  for (;;) {
    const response = await who.call('GET', `/api/technical/models/${modelId}/training-status`);
    const status = TrainingStatusSchema.parse(response.json());
    if (status.status !== 'training') return status;
    if (Date.now() > deadline) throw new Error('Training still running');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let server: TestServer;
let who: Awaited<ReturnType<typeof caller>>;
let seeded: Awaited<ReturnType<typeof seedDetectionLabel>>;
/** The fault each attempt plays, set by each test. */
let faultFor: (attempt: number) => TrainingFault | undefined = () => undefined;
/** The model the second test leaves failed. */
let failedId = '';

beforeAll(async () => {
  server = await createTestServer({
    // Resumes wait 1 s instead of model.train's 5 s: what they resume is the same.
    jobRetryDelaySeconds: 1,
    // A floor far above a tiny batch, so only a fault trips it (start-up gets longer: a busy
    // machine slows it).
    training: {
      watchdog: { minimumSeconds: 5, startupSeconds: 120, batchMultiple: 20, checkSeconds: 0.25 },
      faultFor: (attempt) => faultFor(attempt),
    },
  });
  who = await caller(server, { email: 'watchdog@example.org' });
  await grantCustomRole(server, who.user.id, ['finetune.*']);
  seeded = await seedDetectionLabel(server, who, 6);
});
afterAll(async () => {
  await server.close();
});

// 6 frames, 35 % held out: 4 train in 2 batches an epoch.
const small = { batch_size: 2, learning_rate: 0.01, validation_split: 0.35 };

async function train(name: string, epochs: number) {
  const model = await createDetectionModel(who, seeded.dataset.id, name);
  const started = await who.call('POST', `/api/technical/models/${model.id}/train`, {
    ...small,
    epochs,
    data_label_id: seeded.labelId,
  });
  expect(started.statusCode, started.body).toBe(202);
  return model.id;
}

/** The model's task once it has settled (completed or failed). */
async function settledTask(modelId: string) {
  const deadline = Date.now() + SLOW;
  for (;;) {
    const row = await server.context.repositories.models.findRow(modelId);
    const task =
      row?.taskId == null
        ? undefined
        : await server.context.repositories.tasks.findById(row.taskId);
    if (task !== undefined && (task.status === 'completed' || task.status === 'failed'))
      return task;
    if (Date.now() > deadline) throw new Error(`Task still ${task?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const lines = (logs: readonly string[], pattern: RegExp) => logs.filter((l) => pattern.test(l));

describe('a training whose trainer misbehaves', () => {
  it(
    'is ended when it stops posting and resumed once from its checkpoint, saying why',
    async () => {
      // The first attempt blocks after batch 3 (epoch 2, batch 1); the next one is healthy.
      faultFor = (attempt) => (attempt === 0 ? { kind: 'stop-posting', afterBatch: 3 } : undefined);
      const modelId = await train('Stalls once', 3);
      const status = await settled(modelId);
      expect(status.error).toBeNull();
      expect(status.status).toBe('trained');
      expect(status.metrics.loss).toHaveLength(3);

      const ended = lines(status.logs, /\] Attempt \d ended/);
      expect(ended).toHaveLength(1);
      expect(ended[0]).toMatch(
        /\] Attempt 1 ended: stalled: the trainer reported nothing for [\d.]+ s after batch 1 of 2 of epoch 2 \(allowed [\d.]+ s: .*\); its thread was ended; resuming from epoch 1$/,
      );
      const resumed = lines(status.logs, /\] Resuming from epoch/);
      expect(resumed).toEqual([expect.stringMatching(/Resuming from epoch 1$/)]);
      // Epochs after the checkpoint were trained again, those before it were not.
      expect(lines(status.logs, /\] Epoch 1\/3/)).toHaveLength(1);
      expect(lines(status.logs, /\] Epoch 2\/3/)).toHaveLength(1);
      expect((await settledTask(modelId)).status).toBe('completed');
    },
    SLOW,
  );

  it(
    'fails with the reason after the set number of resumes when it dies every time',
    async () => {
      faultFor = () => ({ kind: 'exit', afterBatch: 3, code: 134 });
      // Each attempt exits at its third batch: 4 epochs of 2 batches never finish.
      const modelId = await train('Dies always', 4);
      failedId = modelId;
      const status = await settled(modelId);
      expect(status.status).toBe('failed');
      expect(status.error).toMatch(
        /^Worker thread exited with code 134 after batch 1 of 2 of epoch \d$/,
      );
      const ended = lines(status.logs, /\] Attempt \d ended: worker thread exited with code 134/);
      expect(ended).toHaveLength(TRAINING_RETRY_LIMIT);
      expect(ended[0]).toMatch(/\] Attempt 1 ended: .*; resuming from epoch 1$/);
      expect(status.logs.at(-1)).toMatch(/\] Error: Worker thread exited with code 134/);

      // Nothing is left running: the task failed with the same reason.
      const task = await settledTask(modelId);
      expect(task.status).toBe('failed');
      expect(task.error).toBe(status.error);
    },
    SLOW,
  );

  it(
    'retries a failed training from its last saved epoch on request, once it can succeed',
    async () => {
      faultFor = () => undefined;
      const failed = await settled(failedId);
      expect(failed.retry_from_epoch).toBeGreaterThanOrEqual(1);
      const retried = await who.call('POST', `/api/technical/models/${failedId}/retry-training`);
      expect(retried.statusCode, retried.body).toBe(202);
      const status = await settled(failedId);
      expect(status).toMatchObject({ status: 'trained', error: null, retry_from_epoch: null });
      expect(status.metrics.loss).toHaveLength(4);
      expect(
        lines(
          status.logs,
          new RegExp(`Retry requested: resuming from epoch ${failed.retry_from_epoch}$`),
        ),
      ).toHaveLength(1);
      // Only a failed training is retried.
      const again = await who.call('POST', `/api/technical/models/${failedId}/retry-training`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: 'Only a failed training can be retried' });
    },
    SLOW,
  );
});
