import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openPgliteDatabase, type DatabaseHandle } from '../db/database.js';
import type { TaskRow } from '../db/schema/index.js';
import { createTasksRepository } from '../repositories/tasks.repository.js';
import { createUsersRepository } from '../repositories/users.repository.js';
import type { NotificationContent } from '../services/notifications.service.js';
import { createFakeClock } from '../test/fake-clock.js';
import { quietLogger } from '../test/test-server.js';
import { defineJob, defineJobRegistry } from './job-definition.js';
import { createTaskQueue } from './task-queue.js';
import { runTaskAttempt } from './task-runner.js';

let database: DatabaseHandle;
let userId: string;
const notified: Array<{ userId: string; content: NotificationContent }> = [];
const seenSignals: AbortSignal[] = [];

beforeAll(async () => {
  database = await openPgliteDatabase();
  await database.migrate();
  const user = await createUsersRepository(database.db).insert({
    email: 'owner@sarm.test',
    displayName: 'Owner',
    passwordHash: 'x',
  });
  userId = user?.id ?? '';
});
afterAll(async () => {
  await database.close();
});

/** Jobs whose behaviour the tests steer through the payload. */
const registry = defineJobRegistry({
  'test.wait': defineJob({
    name: 'test.wait',
    title: 'Waiting job',
    payload: z.object({ untilAbortedOnAttempt: z.number().int() }),
    retryDelaySeconds: 0,
    async handler(payload, context) {
      await context.reportProgress(10, 'waiting', `attempt ${context.attempt}`);
      if (context.attempt !== payload.untilAbortedOnAttempt) return { attempt: context.attempt };
      seenSignals.push(context.signal);
      while (!context.signal.aborted) await sleep(20);
      context.signal.throwIfAborted();
      return null;
    },
  }),
  'test.flaky': defineJob({
    name: 'test.flaky',
    title: 'Flaky job',
    payload: z.object({ failures: z.number().int() }),
    retryLimit: 2,
    retryDelaySeconds: 0,
    handler(payload, context) {
      if (context.attempt < payload.failures)
        return Promise.reject(new Error(`boom ${context.attempt}`));
      return Promise.resolve({ succeededOnAttempt: context.attempt });
    },
  }),
});

function createQueue() {
  return createTaskQueue({
    registry,
    connection: database.queueConnection,
    tasks: createTasksRepository(database.db),
    notifier: {
      notify: (id, content) => {
        notified.push({ userId: id, content });
        return Promise.resolve();
      },
    },
    clock: createFakeClock(),
    logger: { ...quietLogger, error: () => undefined },
    pollingIntervalSeconds: 0.5,
  });
}

async function waitForTask(predicate: (task: TaskRow) => boolean, id: string): Promise<TaskRow> {
  const tasks = createTasksRepository(database.db);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const task = await tasks.findById(id);
    if (task !== undefined && predicate(task)) return task;
    if (Date.now() > deadline) throw new Error(`Task ${id} stuck in ${task?.status ?? 'nowhere'}`);
    await sleep(50);
  }
}

describe('task queue on PGlite', () => {
  it('retries a failing attempt and completes on the next one', async () => {
    const queue = createQueue();
    await queue.start({ workers: true, maintenance: false });
    try {
      const task = await queue.enqueueTask('test.flaky', { failures: 1 }, userId);
      const done = await waitForTask((t) => t.status === 'completed', task.id);
      expect(done.result).toEqual({ succeededOnAttempt: 1 });
      expect(notified.at(-1)).toMatchObject({
        userId,
        content: { title: 'Flaky job completed', type: 'success' },
      });
    } finally {
      await queue.stop({ timeoutMs: 1_000 });
    }
  });

  it('marks a task failed with its error after the last retry and notifies the creator', async () => {
    const queue = createQueue();
    await queue.start({ workers: true, maintenance: false });
    try {
      const task = await queue.enqueueTask('test.flaky', { failures: 5 }, userId);
      const failed = await waitForTask((t) => t.status === 'failed', task.id);
      expect(failed.error).toBe('boom 2');
      expect(await queue.jobState(task.id)).toBe('failed');
      expect(notified.at(-1)).toMatchObject({
        userId,
        content: { title: 'Flaky job failed', message: 'boom 2', type: 'error' },
      });
    } finally {
      await queue.stop({ timeoutMs: 1_000 });
    }
  });

  it('aborts the running handler when its task is cancelled', async () => {
    const queue = createQueue();
    await queue.start({ workers: true, maintenance: false });
    try {
      const task = await queue.enqueueTask('test.wait', { untilAbortedOnAttempt: 0 }, userId);
      await waitForTask((t) => t.status === 'running' && t.progress === 10, task.id);
      expect(queue.runningTaskIds()).toContain(task.id);
      await queue.cancelTask(task.id);
      await expect.poll(() => seenSignals.at(-1)?.aborted).toBe(true);
      await expect.poll(() => queue.runningTaskIds()).toEqual([]);
      const row = await createTasksRepository(database.db).findById(task.id);
      expect(row).toMatchObject({ status: 'cancelled', stage: 'cancelled' });
      expect(await queue.jobState(task.id)).toBe('cancelled');
    } finally {
      await queue.stop({ timeoutMs: 1_000 });
    }
  });

  it('rejects an invalid payload at enqueue time with 400', async () => {
    const queue = createQueue();
    await queue.start({ workers: false, maintenance: false });
    try {
      const badPayload = { failures: 'many' };
      // @ts-expect-error the payload type is checked at compile time too
      const enqueued = queue.enqueueTask('test.flaky', badPayload, userId);
      await expect(enqueued).rejects.toMatchObject({ statusCode: 400 });
    } finally {
      await queue.stop();
    }
  });

  it('releases a job interrupted by shutdown for retry, and another worker finishes it', async () => {
    const first = createQueue();
    await first.start({ workers: true, maintenance: false });
    const task = await first.enqueueTask('test.wait', { untilAbortedOnAttempt: 0 }, userId);
    await waitForTask((t) => t.status === 'running', task.id);
    await first.stop({ timeoutMs: 1_500 });
    const released = await createTasksRepository(database.db).findById(task.id);
    expect(released).toMatchObject({
      status: 'queued',
      message: 'Interrupted by worker shutdown; it will be retried',
    });

    const second = createQueue();
    await second.start({ workers: true, maintenance: false });
    try {
      const done = await waitForTask((t) => t.status === 'completed', task.id);
      expect(done.result).toEqual({ attempt: 1 });
    } finally {
      await second.stop({ timeoutMs: 1_000 });
    }
  });
});

describe('runTaskAttempt', () => {
  it('creates the task row of a scheduled run that has none', async () => {
    const tasks = createTasksRepository(database.db);
    const id = '6f1c1f8e-0000-4000-8000-000000000001';
    const outcome = await runTaskAttempt(
      {
        tasks,
        notifier: { notify: () => Promise.resolve() },
        clock: createFakeClock(),
        running: new Map(),
        log: () => undefined,
      },
      registry['test.flaky'],
      { id, data: { payload: { failures: 0 } }, retryCount: 0, retryLimit: 0 },
    );
    expect(outcome).toEqual({ taskId: id });
    expect(await tasks.findById(id)).toMatchObject({
      taskType: 'test.flaky',
      status: 'completed',
      createdBy: null,
    });
  });

  it('fails a malformed payload for good without running the handler', async () => {
    const tasks = createTasksRepository(database.db);
    const id = '6f1c1f8e-0000-4000-8000-000000000002';
    await runTaskAttempt(
      {
        tasks,
        notifier: { notify: () => Promise.resolve() },
        clock: createFakeClock(),
        running: new Map(),
        log: () => undefined,
      },
      registry['test.flaky'],
      { id, data: { payload: { failures: 'x' } }, retryCount: 0, retryLimit: 2 },
    );
    const row = await tasks.findById(id);
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain('Invalid payload');
  });
});
