import { SystemStatusSchema, TaskListResponseSchema, TaskSchema, type Task } from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

/** Polls GET /api/tasks/:id until the task leaves queued/running. */
async function waitForFinish(
  server: TestServer,
  id: string,
  headers: Record<string, string>,
): Promise<Task> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const task = TaskSchema.parse(
      (await server.app.inject({ method: 'GET', url: `/api/tasks/${id}`, headers })).json(),
    );
    if (task.status !== 'queued' && task.status !== 'running') return task;
    if (Date.now() > deadline) throw new Error(`Task ${id} still ${task.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('tasks with a worker in the process (role all)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ workers: true });
  });
  afterAll(async () => {
    await server.close();
  });

  it('runs the cleanup job: deletes stale tokens and attempts, reports 100 %, notifies the creator', async () => {
    const { user: someone } = await createUser(server);
    const now = server.clock.now();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const { passwordResets, loginAttempts } = server.context.repositories;
    await passwordResets.insert({
      userId: someone.id,
      tokenHash: 'expired',
      expiresAt: hoursAgo(1),
      createdAt: hoursAgo(2),
    });
    await passwordResets.insert({
      userId: someone.id,
      tokenHash: 'fresh',
      expiresAt: hoursAgo(-1),
      createdAt: now,
    });
    await loginAttempts.record({
      action: 'login',
      email: 'old@sarm.test',
      ipAddress: null,
      succeeded: false,
      at: hoursAgo(48),
    });
    await loginAttempts.record({
      action: 'login',
      email: 'new@sarm.test',
      ipAddress: null,
      succeeded: false,
      at: now,
    });

    const { user: admin, headers } = await signedInUser(server, { roles: ['system_admin'] });
    const queued = await server.app.inject({
      method: 'POST',
      url: '/api/tasks/system/cleanup',
      headers,
    });
    expect(queued.statusCode).toBe(202);
    const task = TaskSchema.parse(queued.json());
    expect(task).toMatchObject({
      task_type: 'system.cleanup',
      status: 'queued',
      created_by: admin.id,
    });

    const finished = await waitForFinish(server, task.id, headers);
    expect(finished).toMatchObject({
      status: 'completed',
      stage: 'completed',
      progress: 100,
      result: { deletedResetTokens: 1, deletedLoginAttempts: 1 },
    });
    expect(finished.completed_at).not.toBeNull();
    expect(await passwordResets.findUsable('fresh', now)).toBeDefined();
    expect(await server.context.queue.jobState(task.id)).toBe('completed');

    const { notifications } = await server.context.services.notifications.list(admin.id);
    expect(notifications.map((n) => [n.title, n.type])).toContainEqual([
      'System cleanup completed',
      'success',
    ]);

    const cancelFinished = await server.app.inject({
      method: 'DELETE',
      url: `/api/tasks/${task.id}`,
      headers,
    });
    expect(cancelFinished.statusCode).toBe(409);
  });

  it("hides other users' tasks from users without system permissions", async () => {
    const { user: admin, headers: adminHeaders } = await signedInUser(server, {
      roles: ['system_admin'],
    });
    const task = await server.context.queue.enqueueTask(
      'system.cleanup',
      { reason: 'manual' },
      admin.id,
    );
    const { headers: otherHeaders } = await signedInUser(server, { roles: ['clinician'] });

    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: `/api/tasks/${task.id}`,
          headers: otherHeaders,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await server.app.inject({
          method: 'DELETE',
          url: `/api/tasks/${task.id}`,
          headers: otherHeaders,
        })
      ).statusCode,
    ).toBe(404);
    const theirs = TaskListResponseSchema.parse(
      (await server.app.inject({ method: 'GET', url: '/api/tasks', headers: otherHeaders })).json(),
    );
    expect(theirs.tasks).toEqual([]);
    const all = TaskListResponseSchema.parse(
      (
        await server.app.inject({
          method: 'GET',
          url: '/api/tasks?task_type=system.cleanup&limit=50',
          headers: adminHeaders,
        })
      ).json(),
    );
    expect(all.tasks.map((t) => t.id)).toContain(task.id);
    await waitForFinish(server, task.id, adminHeaders);
  });

  it('filters the list by status and validates the limit', async () => {
    const { headers } = await signedInUser(server, { roles: ['system_admin'] });
    const completed = TaskListResponseSchema.parse(
      (
        await server.app.inject({ method: 'GET', url: '/api/tasks?status=completed', headers })
      ).json(),
    );
    expect(completed.tasks.length).toBeGreaterThan(0);
    expect(completed.tasks.every((t) => t.status === 'completed')).toBe(true);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/tasks?limit=0', headers })).statusCode,
    ).toBe(400);
  });

  it('reports queue counts, database kind, role and uptime to administrators only', async () => {
    const { headers: userHeaders } = await signedInUser(server, { roles: ['clinician'] });
    const refused = await server.app.inject({
      method: 'GET',
      url: '/api/tasks/system/status',
      headers: userHeaders,
    });
    expect(refused.statusCode).toBe(403);
    const { headers } = await signedInUser(server, { roles: ['system_admin'] });
    const status = SystemStatusSchema.parse(
      (await server.app.inject({ method: 'GET', url: '/api/tasks/system/status', headers })).json(),
    );
    expect(status).toMatchObject({ status: 'ok', database: 'pglite', role: 'all' });
    expect(
      status.queues.find((q) => q.name === 'system.cleanup')?.completed,
    ).toBeGreaterThanOrEqual(2);
  });
});

describe('tasks on an API-only process (no worker)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ workers: false, role: 'api' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('cancels a queued task in the table and in pg-boss; cancelling again is harmless', async () => {
    const { user, headers } = await signedInUser(server);
    const task = await server.context.queue.enqueueTask(
      'system.cleanup',
      { reason: 'manual' },
      user.id,
    );
    expect(await server.context.queue.jobState(task.id)).toBe('created');

    const cancelled = await server.app.inject({
      method: 'DELETE',
      url: `/api/tasks/${task.id}`,
      headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      id: task.id,
      status: 'cancelled',
      stage: 'cancelled',
    });
    expect(await server.context.queue.jobState(task.id)).toBe('cancelled');

    const again = await server.app.inject({
      method: 'DELETE',
      url: `/api/tasks/${task.id}`,
      headers,
    });
    expect(again.json()).toMatchObject({ status: 'cancelled' });
  });

  it('dismisses a failed task for its creator or an administrator, 404 for others, 409 unless failed', async () => {
    const { tasks } = server.context.repositories;
    const { user: owner, headers } = await signedInUser(server);
    const { headers: otherHeaders } = await signedInUser(server, { roles: ['clinician'] });
    const { headers: adminHeaders } = await signedInUser(server, { roles: ['system_admin'] });
    const now = server.clock.now();
    const seedFailed = async (id: string) => {
      await tasks.insert(
        { id, taskType: 'frames.extract', createdBy: owner.id, message: 'queued', now },
        { ignoreExisting: false },
      );
      await tasks.fail(id, 'ffmpeg exited with code 1', now);
    };
    await seedFailed('failed-own');
    await seedFailed('failed-admin');
    const dismiss = (id: string, h: Record<string, string>) =>
      server.app.inject({ method: 'POST', url: `/api/tasks/${id}/dismiss`, headers: h });

    expect((await dismiss('failed-own', otherHeaders)).statusCode).toBe(404);
    expect((await tasks.findById('failed-own'))?.dismissedAt).toBeNull();
    const own = await dismiss('failed-own', headers);
    expect(own.statusCode).toBe(200);
    expect(TaskSchema.parse(own.json())).toMatchObject({ id: 'failed-own', status: 'failed' });
    expect((await tasks.findById('failed-own'))?.dismissedAt).toEqual(now);
    expect((await dismiss('failed-own', headers)).statusCode).toBe(200);

    expect((await dismiss('failed-admin', adminHeaders)).statusCode).toBe(200);
    expect((await tasks.findById('failed-admin'))?.dismissedAt).toEqual(now);

    const queued = await server.context.queue.enqueueTask(
      'system.cleanup',
      { reason: 'manual' },
      owner.id,
    );
    const notFailed = await dismiss(queued.id, headers);
    expect(notFailed.json()).toEqual({
      statusCode: 409,
      message: 'Only failed tasks can be dismissed',
    });
  });

  it('answers 404 for an unknown task', async () => {
    const { headers } = await signedInUser(server);
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/tasks/00000000-0000-0000-0000-000000000000',
      headers,
    });
    expect(response.json()).toEqual({ statusCode: 404, message: 'Task not found' });
  });
});
