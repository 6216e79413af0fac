/**
 * A worker that dies mid-job hands its job to another worker within about a minute, and the job
 * completes once. One API (in this process) and two worker processes on a real PostgreSQL; skipped
 * unless SARM_PG_TEST_URL is set (see scale-out.test.ts). Every process runs with a 15 s lease
 * instead of the default 45 s: the same take-over, sooner.
 *
 * The worker running the analysis is frozen with SIGSTOP the moment it logs the start (a frozen
 * process renews nothing and writes nothing, exactly like a dead one, but cannot finish the job
 * in the instant between the log line and the kill), then killed with SIGKILL once the other
 * worker has taken over.
 */
import {
  FrameListResponseSchema,
  LoginResponseSchema,
  SubmitAnalysisResponseSchema,
  TaskSchema,
  TrainingStatusSchema,
  UploadVideoResponseSchema,
} from '@sarm/contracts';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { leaseTiming } from './jobs/job-lease.js';
import { startServer, type RunningServer } from './server.js';
import { writeSimulatedVideo } from './test/analysis-helpers.js';
import { startServerProcess, type ServerProcess } from './test/server-process.js';

const adminUrl = process.env.SARM_PG_TEST_URL;
const ADMIN = { adminEmail: 'admin@kill.test', adminPassword: 'kill-test-admin-1' };
/**
 * Renewed and checked for expiry every 5 s. (With 6 s, a busy machine once stalled a worker long
 * enough to lose a frame extraction's lease.)
 */
const LEASE = leaseTiming(15);

async function onDatabase<T>(url: string, query: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query, values)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(adminUrl === undefined)('a worker killed mid-job', () => {
  const databaseName = `sarm_kill_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string;
  let root: string;
  let api: RunningServer | undefined;
  const workers: ServerProcess[] = [];
  let baseUrl: string;
  let token: string;
  let dataDir: string;
  /** The video the analysis test uploaded (its frames are extracted). */
  let analysed = { id: '', datasetId: '' };

  const call = async (method: string, url: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${baseUrl}/api${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const waitForTask = async (id: string, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const task = TaskSchema.parse(await call('GET', `/tasks/${id}`));
      if (task.status === 'completed' || task.status === 'failed') return task;
      if (Date.now() > deadline) throw new Error(`Task ${id} is still ${task.status}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  beforeAll(async () => {
    await onDatabase(adminUrl ?? '', `CREATE DATABASE ${databaseName}`);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    root = await mkdtemp(path.join(os.tmpdir(), 'sarm-kill-'));
    dataDir = path.join(root, 'data');
    const config = {
      ...(await loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ADMIN_EMAIL: ADMIN.adminEmail,
        ADMIN_PASSWORD: ADMIN.adminPassword,
      })),
      databaseUrl,
      port: 0,
      host: '127.0.0.1',
      jobLeaseSeconds: LEASE.leaseSeconds,
    };
    api = await startServer(config, 'api', () => undefined);
    const address = api.app?.server.address() as AddressInfo;
    baseUrl = `http://127.0.0.1:${address.port}`;
    for (const name of ['worker-1', 'worker-2'])
      workers.push(
        await startServerProcess({
          dataDir,
          tmpDir: path.join(root, name),
          ...ADMIN,
          role: 'worker',
          databaseUrl,
          jobLeaseSeconds: LEASE.leaseSeconds,
        }),
      );
    const login = await fetch(`${baseUrl}/api/sarm/auth/login-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.adminEmail, password: ADMIN.adminPassword }),
    });
    token = LoginResponseSchema.parse(await login.json()).access_token;
  }, 120_000);

  /** The worker whose output shows the task started (polled every 10 ms for 30 s). */
  const workerRunning = async (taskId: string, jobName: string) => {
    const started = `Task ${taskId} (${jobName}) started`;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const found = workers.find((worker) => worker.output().includes(started));
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`No worker started ${jobName}`);
  };

  afterAll(async () => {
    for (const worker of workers) {
      worker.child.kill('SIGCONT');
      await worker.stop();
    }
    await api?.stop();
    await onDatabase(adminUrl ?? '', `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await rm(root, { recursive: true, force: true });
  });

  it('is replaced by the other worker within about a minute; the analysis completes once', async () => {
    const project = (await call('POST', '/admin/projects', { name: 'Kill' })) as { id: string };
    const dataset = (await call('POST', '/sarm/dataset/create-dataset', {
      projectId: project.id,
      name: 'Kill',
    })) as { id: string };
    // 12 s at 50 fps: long enough that its analysis takes a while.
    const file = await writeSimulatedVideo(root, 'long.mp4', 7, {
      width: 320,
      height: 240,
      frames: 600,
      fps: 50,
      sperm: 25,
      debris: 4,
    });
    const form = new FormData();
    form.set('dataset_id', dataset.id);
    form.set('file', new Blob([await readFile(file)], { type: 'video/mp4' }), 'long.mp4');
    const uploaded = await fetch(`${baseUrl}/api/sarm/video/upload-video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const { video, task_id: prepareTask } = UploadVideoResponseSchema.parse(await uploaded.json());
    expect((await waitForTask(prepareTask, 60_000)).status).toBe('completed');
    const extract = (await call('POST', '/sarm/frames/extract', { videoId: video.id })) as {
      task_id: string;
    };
    expect((await waitForTask(extract.task_id, 60_000)).status).toBe('completed');
    analysed = { id: video.id, datasetId: dataset.id };
    const frames = FrameListResponseSchema.parse(
      await call('GET', `/sarm/media/list-frames/${video.id}?limit=1`),
    );
    const frameId = frames.frames[0]?.id ?? '';

    const submittedAt = new Date();
    const submitted = SubmitAnalysisResponseSchema.parse(
      await call('POST', '/sarm/frames/submit-analysis', {
        videoId: video.id,
        frameIds: [frameId],
      }),
    );
    const taskId = submitted.request.taskId ?? '';
    const started = `Task ${taskId} (video.analyze) started`;
    let victim: ServerProcess | undefined;
    const deadline = Date.now() + 30_000;
    while (victim === undefined && Date.now() < deadline) {
      victim = workers.find((worker) => worker.output().includes(started));
      if (victim === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (victim === undefined) throw new Error('No worker started the analysis');
    victim.child.kill('SIGSTOP');
    const frozenAt = Date.now();
    const survivor = workers.find((worker) => worker !== victim);

    const task = await waitForTask(
      taskId,
      (LEASE.leaseSeconds + LEASE.maintenanceIntervalSeconds + 60) * 1000,
    );
    const tookOverAfterSeconds = (Date.now() - frozenAt) / 1000;
    victim.child.kill('SIGKILL');
    expect(task.status).toBe('completed');
    expect(survivor?.output()).toContain(started);
    // Lease, one maintenance pass, the retry delay and the analysis itself.
    expect(tookOverAfterSeconds).toBeLessThan(
      LEASE.leaseSeconds + LEASE.maintenanceIntervalSeconds + 45,
    );

    const analyses = await onDatabase<{ n: string }>(
      databaseUrl,
      'select count(*) as n from video_analyses where video_id = $1',
      [video.id],
    );
    expect(Number(analyses[0]?.n)).toBe(1);
    const requests = (await call('GET', `/sarm/frames/analysis-requests?video_id=${video.id}`)) as {
      requests: { status: string }[];
    };
    expect(requests.requests.map((request) => request.status)).toEqual(['completed']);
    const notices = await onDatabase<{ title: string }>(
      databaseUrl,
      "select title from notifications where link like '%' || $1 || '%' and created_at >= $2",
      [video.id, submittedAt],
    );
    expect(notices).toHaveLength(1);
  }, 240_000);

  it('resumes a killed worker’s training from its last saved epoch on the other worker', async () => {
    // The analysis test left one live worker; a fresh one joins.
    workers.push(
      await startServerProcess({
        dataDir,
        tmpDir: path.join(root, 'worker-3'),
        ...ADMIN,
        role: 'worker',
        databaseUrl,
        jobLeaseSeconds: LEASE.leaseSeconds,
      }),
    );
    const first = analysed;
    if (first.id === '') throw new Error('The analysis test left no video');
    const frames = FrameListResponseSchema.parse(
      await call('GET', `/sarm/media/list-frames/${first.id}?limit=6`),
    ).frames;
    const label = (await call('POST', '/sarm/annotation/create-label', {
      name: 'Kill label',
      dataset_id: first.datasetId,
      label_type: 'detection',
    })) as { id: string };
    for (const frame of frames) {
      await call('POST', '/sarm/detection/detect-sperm', { frame_id: frame.id });
      await call('POST', '/sarm/annotation/add-frame', {
        data_label_id: label.id,
        frame_id: frame.id,
      });
    }
    const model = (await call('POST', '/technical/models', {
      name: 'Survivor',
      type: 'detection',
    })) as { id: string };
    await call('POST', `/technical/models/${model.id}/train`, {
      epochs: 1000,
      batch_size: 2,
      data_label_id: label.id,
    });
    const statusOf = async () =>
      TrainingStatusSchema.parse(
        await call('GET', `/technical/models/${model.id}/training-status`),
      );
    const row = await onDatabase<{ task_id: string }>(
      databaseUrl,
      'select task_id from models where id = $1',
      [model.id],
    );
    const victim = await workerRunning(row[0]?.task_id ?? '', 'model.train');
    // Checkpoints are saved at most every few seconds: wait for one past the first epoch.
    const savedEpoch = async () =>
      (
        await onDatabase<{ epoch: number | null }>(
          databaseUrl,
          'select checkpoint_epoch as epoch from models where id = $1',
          [model.id],
        )
      )[0]?.epoch ?? 0;
    while ((await savedEpoch()) < 2) await new Promise((resolve) => setTimeout(resolve, 100));
    victim.child.kill('SIGSTOP');
    const savedEpochs = await savedEpoch();
    expect(savedEpochs).toBeGreaterThanOrEqual(2);
    let status = await statusOf();

    const deadline =
      Date.now() + (LEASE.leaseSeconds + LEASE.maintenanceIntervalSeconds + 60) * 1000;
    while (!status.logs.some((line) => line.includes('Resuming from epoch'))) {
      if (Date.now() > deadline) throw new Error('Training was not taken over');
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = await statusOf();
    }
    victim.child.kill('SIGKILL');
    const resumedAt = Number(/Resuming from epoch (\d+)/.exec(status.logs.join('\n'))?.[1]);
    expect(resumedAt).toBeGreaterThanOrEqual(savedEpochs);
    // The curves keep the epochs before the kill: no restart from zero.
    expect(status.metrics.loss.length).toBeGreaterThanOrEqual(resumedAt);
    await call('POST', `/technical/models/${model.id}/stop`);
    while (status.status === 'training') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = await statusOf();
    }
    expect(status.status).toBe('stopped');
  }, 240_000);
});
