import {
  AnalysisRequestListResponseSchema,
  FrameListResponseSchema,
  LoginResponseSchema,
  SubmitAnalysisResponseSchema,
  TaskSchema,
  UploadVideoResponseSchema,
  VideoSchema,
} from '@sarm/contracts';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHostileFiles, type HostileFile } from './test/hostile-files.js';
import { startServerProcess, type ServerProcess } from './test/server-process.js';

/**
 * The fuzz suite of hostile uploads, against the real server process: after each file the
 * process is up, the video's state is right (refused at upload with a message, or accepted and
 * then `completed` or `failed` with a reason), no temporary folder is left and the good video
 * uploaded first is untouched.
 */
let root: string;
let tmpDir: string;
let dataDir: string;
let server: ServerProcess;
let token: string;
let datasetId: string;
let files: Awaited<ReturnType<typeof makeHostileFiles>>;
let good: { id: string; thumbnailSize: number };

async function api(method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(`${server.baseUrl}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function upload(file: { name: string; content: Buffer }): Promise<Response> {
  const form = new FormData();
  form.set('dataset_id', datasetId);
  form.set('file', new Blob([file.content], { type: 'video/mp4' }), file.name);
  return fetch(`${server.baseUrl}/api/sarm/video/upload-video`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

async function finishedTask(id: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const task = TaskSchema.parse(await (await api('GET', `/tasks/${id}`)).json());
    if (task.status !== 'queued' && task.status !== 'running') return task;
    if (Date.now() > deadline) throw new Error(`Task ${id} is still ${task.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function video(id: string) {
  return VideoSchema.parse(await (await api('GET', `/business/videos/${id}`)).json());
}

/** A video settles when its preparation (and its retry) is over. */
async function settledVideo(id: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const current = await video(id);
    if (current.processingStatus !== 'processing') return current;
    if (Date.now() > deadline) throw new Error(`Video ${id} is still processing`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Submit for Analysis on the first frame: the run completes, or fails with a reason. */
async function expectAnalysisSettles(videoId: string) {
  const frames = FrameListResponseSchema.parse(
    await (await api('GET', `/sarm/media/list-frames/${videoId}`)).json(),
  );
  const first = frames.frames[0];
  if (first === undefined) return;
  const submitted = await api('POST', '/sarm/frames/submit-analysis', {
    videoId,
    frameIds: [first.id],
  });
  expect(submitted.status).toBeLessThan(300);
  const { request } = SubmitAnalysisResponseSchema.parse(await submitted.json());
  if (request.taskId !== null) await finishedTask(request.taskId);
  const list = AnalysisRequestListResponseSchema.parse(
    await (await api('GET', `/sarm/frames/analysis-requests?video_id=${videoId}`)).json(),
  );
  const settled = list.requests.find((r) => r.id === request.id);
  expect(['completed', 'failed']).toContain(settled?.status);
  if (settled?.status === 'failed') expect(settled.error ?? '').not.toBe('');
}

async function videoCount(): Promise<number> {
  const body: unknown = await (await api('GET', `/business/videos/dataset/${datasetId}`)).json();
  const list = Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null && 'videos' in body && Array.isArray(body.videos)
      ? body.videos
      : [];
  return list.length;
}

async function expectServerSound() {
  expect(server.alive(), server.output()).toBe(true);
  expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  const mediaTemps = (await readdir(tmpDir)).filter((name) => name.startsWith('sarm-media-'));
  expect(mediaTemps).toEqual([]);
  const uploadsLeft = await readdir(path.join(dataDir, 'files', 'uploads')).catch(() => []);
  expect(uploadsLeft).toEqual([]);
  const partsLeft = await readdir(path.join(dataDir, 'files', '.tmp')).catch(() => []);
  expect(partsLeft).toEqual([]);
  const untouched = await video(good.id);
  expect(untouched).toMatchObject({ processingStatus: 'completed', hasThumbnail: true });
  const thumbnail = await api('GET', `/sarm/media/thumbnail/${good.id}`);
  expect(thumbnail.status).toBe(200);
  expect((await thumbnail.arrayBuffer()).byteLength).toBe(good.thumbnailSize);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sarm-fuzz-'));
  tmpDir = path.join(root, 'tmp');
  dataDir = path.join(root, 'data');
  files = await makeHostileFiles(root);
  const admin = { adminEmail: 'admin@fuzz.test', adminPassword: 'fuzz-admin-password-1' };
  server = await startServerProcess({ dataDir, tmpDir, ...admin });
  const login = await fetch(`${server.baseUrl}/api/sarm/auth/login-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.adminEmail, password: admin.adminPassword }),
  });
  token = LoginResponseSchema.parse(await login.json()).access_token;
  const project = (await (await api('POST', '/admin/projects', { name: 'Fuzz' })).json()) as {
    id: string;
  };
  const dataset = (await (
    await api('POST', '/sarm/dataset/create-dataset', { projectId: project.id, name: 'Fuzz' })
  ).json()) as { id: string };
  datasetId = dataset.id;
  const response = await upload(files.good);
  expect(response.status).toBe(201);
  const { video: created } = UploadVideoResponseSchema.parse(await response.json());
  expect(await settledVideo(created.id)).toMatchObject({ processingStatus: 'completed' });
  const thumbnail = await api('GET', `/sarm/media/thumbnail/${created.id}`);
  good = { id: created.id, thumbnailSize: (await thumbnail.arrayBuffer()).byteLength };
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('hostile uploads', () => {
  it('keeps the data folder private to the server user', async () => {
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    const database = await readdir(path.join(dataDir, 'db'), { recursive: true });
    const modes = await Promise.all(
      database.slice(0, 50).map(async (name) => (await stat(path.join(dataDir, 'db', name))).mode),
    );
    for (const mode of modes) expect(mode & 0o077).toBe(0);
  });

  it.each(
    // Built in beforeAll; vitest reads the table lazily through this getter-free list of labels.
    [
      'an empty file',
      'a 1-byte file',
      'index first, cut at 3 %',
      'index first, cut at 40 %',
      'index last, cut at 3 %',
      'index last, cut at 60 %',
      'a corrupted frame in the middle',
      'text named .mp4',
      'a PNG named .avi',
      'an audio-only file',
      'a header claiming 60,000 x 60,000 pixels',
    ],
  )('survives %s with the right state and nothing left behind', async (label) => {
    const file: HostileFile | undefined = files.hostile.find((f) => f.label === label);
    if (file === undefined) throw new Error(`No hostile file ${label}`);
    const before = await videoCount();
    const response = await upload(file);
    if (response.status === 201) {
      const { video: created } = UploadVideoResponseSchema.parse(await response.json());
      const settled = await settledVideo(created.id);
      if (settled.processingStatus === 'failed') expect(settled.error ?? '').not.toBe('');
      else expect(settled.processingStatus).toBe('completed');
      // Frame extraction reads the whole file: it completes or fails with a reason, never crashes.
      const extract = await api('POST', '/sarm/frames/extract', { videoId: created.id });
      expect(extract.status).toBeLessThan(300);
      const { task_id: taskId } = (await extract.json()) as { task_id: string };
      const task = await finishedTask(taskId);
      if (task.status === 'failed') expect((await video(created.id)).error ?? '').not.toBe('');
      else await expectAnalysisSettles(created.id);
      expect(await videoCount()).toBe(before + 1);
    } else {
      expect([400, 413, 415]).toContain(response.status);
      const body = (await response.json()) as { message?: string; detail?: string };
      expect(body.message ?? body.detail ?? '').toMatch(new RegExp(file.name.replace('.', '\\.')));
      expect(await videoCount()).toBe(before);
    }
    await expectServerSound();
  });

  it('the truncated index-first MP4 is refused or fails, and a retry fails the same way', async () => {
    const file = files.hostile.find((f) => f.name === 'cut-3.mp4');
    if (file === undefined) throw new Error('missing fixture');
    const response = await upload(file);
    if (response.status !== 201) return;
    const { video: created } = UploadVideoResponseSchema.parse(await response.json());
    const failed = await settledVideo(created.id);
    expect(failed.processingStatus).toBe('failed');
    expect(failed.error).toMatch(/truncated or corrupt|could not read/);
    const retry = await api('POST', `/business/videos/${created.id}/retry`);
    expect(retry.status).toBe(202);
    expect((await settledVideo(created.id)).processingStatus).toBe('failed');
    await expectServerSound();
  });
});
