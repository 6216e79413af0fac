import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openPgliteDatabase, type DatabaseHandle } from '../db/database.js';
import { createTasksRepository } from '../repositories/tasks.repository.js';
import { createFakeClock } from '../test/fake-clock.js';
import { quietLogger } from '../test/test-server.js';
import { defineJob, defineJobRegistry } from './job-definition.js';
import { createTaskQueue } from './task-queue.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openPgliteDatabase();
  await database.migrate();
});
afterAll(async () => {
  await database.close();
});

let running = 0;
let mostAtOnce = 0;

const registry = defineJobRegistry({
  'test.hold': defineJob({
    name: 'test.hold',
    title: 'Holding job',
    payload: z.object({}),
    async handler() {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await sleep(400);
      running -= 1;
      return null;
    },
  }),
});

async function mostAttemptsAtOnce(workerConcurrency: number, jobs: number): Promise<number> {
  [running, mostAtOnce] = [0, 0];
  const tasks = createTasksRepository(database.db);
  const queue = createTaskQueue({
    registry,
    connection: database.queueConnection,
    tasks,
    notifier: { notify: () => Promise.resolve() },
    clock: createFakeClock(),
    logger: { ...quietLogger, error: () => undefined },
    pollingIntervalSeconds: 0.5,
    workerConcurrency,
  });
  await queue.start({ workers: true, maintenance: false });
  try {
    const ids = [];
    for (let index = 0; index < jobs; index++)
      ids.push((await queue.enqueueTask('test.hold', {}, null)).id);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const rows = await Promise.all(ids.map((id) => tasks.findById(id)));
      if (rows.every((row) => row?.status === 'completed')) return mostAtOnce;
      await sleep(50);
    }
    throw new Error('The jobs did not complete');
  } finally {
    await queue.stop({ timeoutMs: 1_000 });
  }
}

describe('worker concurrency', () => {
  it('runs up to WORKER_CONCURRENCY attempts of one job kind at once, and no more', async () => {
    expect(await mostAttemptsAtOnce(3, 5)).toBe(3);
    expect(await mostAttemptsAtOnce(1, 2)).toBe(1);
  });
});
