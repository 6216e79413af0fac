import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DatasetSchema, TaskSchema, UploadVideoResponseSchema, VideoSchema } from '@sarm/contracts';
import { z } from 'zod';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './accounts.js';
import type { TestApi } from './api.js';
import { launchBrowser, openPage, useSession } from './browser.js';
import { okJson, writeSimulatedVideo } from './videos.js';

/** Reads until `done` holds (every 300 ms, at most 60 s); throws naming `what` otherwise. */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

export interface TechnicalSeed {
  readonly projectId: string;
  readonly datasetId: string;
  readonly videoId: string;
  /** The uploaded recording, for tests that upload it again. */
  readonly videoFile: string;
}

/**
 * A project with a detection dataset holding one prepared simulated video (320x240, 30 frames,
 * 14 cells), made by the administrator through the API.
 */
export async function seedTechnicalVideo(
  api: TestApi,
  adminToken: string,
  workDir: string,
  names: { readonly project: string; readonly dataset: string; readonly video: string },
): Promise<TechnicalSeed> {
  const baseUrl = api.baseUrl;
  const projectId = z
    .object({ id: z.string() })
    .parse(
      await okJson(
        await api.request('POST', '/admin/projects', { name: names.project }, adminToken),
        201,
      ),
    ).id;
  const datasetId = DatasetSchema.parse(
    await okJson(
      await api.request(
        'POST',
        '/sarm/dataset/create-dataset',
        { name: names.dataset, project_id: projectId, type: 'detection' },
        adminToken,
      ),
      201,
    ),
  ).id;
  const file = await writeSimulatedVideo(path.join(workDir, 'heads.mp4'), {
    width: 320,
    height: 240,
    frames: 30,
    sperm: 14,
    seed: 909,
    umPerPixel: 0.5,
  });
  const form = new FormData();
  form.append('dataset_id', datasetId);
  form.append('name', names.video);
  form.append('file', new Blob([await readFile(file)], { type: 'video/mp4' }), 'heads.mp4');
  const uploaded = await fetch(`${baseUrl}/api/sarm/video/upload-video`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}` },
    body: form,
  });
  const videoId = UploadVideoResponseSchema.parse(await okJson(uploaded, 201)).video.id;
  await until(
    'video prepared',
    async () => VideoSchema.parse(await api.getJson(`/business/videos/${videoId}`, adminToken)),
    (video) => video.processingStatus !== 'processing',
  );
  return { projectId, datasetId, videoId, videoFile: file };
}

/** Extracts ten frames of the video and waits for the task to end. */
export async function extractFramesOf(api: TestApi, token: string, videoId: string): Promise<void> {
  const { task_id: taskId } = z
    .object({ task_id: z.string() })
    .parse(
      await okJson(
        await api.request(
          'POST',
          '/sarm/frames/extract',
          { videoId, config: { method: 'count', count: 10, quality: 90, maxFrames: 10 } },
          token,
        ),
        202,
      ),
    );
  const task = await until(
    'frames extracted',
    async () => TaskSchema.parse(await api.getJson(`/tasks/${taskId}`, token)),
    (value) => value.status === 'completed' || value.status === 'failed',
  );
  if (task.status !== 'completed') throw new Error(`Frame extraction ended ${task.status}`);
}

/** A signed-in administrator's 1440x900 page over a seeded video with extracted frames. */
export interface TechnicalSession {
  readonly browser: Browser;
  readonly page: Page;
  readonly workDir: string;
  readonly adminToken: string;
  readonly adminId: string;
  readonly seed: TechnicalSeed;
  readonly names: { readonly project: string; readonly dataset: string; readonly video: string };
  /** A screenshot `<prefix>-<name>.png` in SARM_SHOTS_DIR (default /tmp/shots) for the visual review. */
  readonly shoot: (name: string) => Promise<void>;
  readonly close: () => Promise<void>;
}

/**
 * Opens the technical screens' browser tests' common ground: the project `<name> <suffix>`, the
 * dataset `<name> set <suffix>` and the video `<name> video` with its frames extracted.
 */
export async function openTechnicalSession(
  api: TestApi,
  baseUrl: string,
  name: string,
  shotPrefix: string,
): Promise<TechnicalSession> {
  const shotsDir = process.env.SARM_SHOTS_DIR ?? '/tmp/shots';
  const suffix = Date.now().toString(36);
  const browser = await launchBrowser();
  const workDir = await mkdtemp(path.join(tmpdir(), `sarm-${shotPrefix}-`));
  await mkdir(shotsDir, { recursive: true });
  const login = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  const names = {
    project: `${name} ${suffix}`,
    dataset: `${name} set ${suffix}`,
    video: `${name} video`,
  };
  const seed = await seedTechnicalVideo(api, login.access_token, workDir, names);
  await extractFramesOf(api, login.access_token, seed.videoId);
  const { page } = await openPage(browser, baseUrl);
  await page.setViewportSize({ width: 1440, height: 900 });
  await useSession(page, login.access_token);
  return {
    browser,
    page,
    workDir,
    adminToken: login.access_token,
    adminId: login.user.id,
    seed,
    names,
    shoot: async (shot) => {
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${shotsDir}/${shotPrefix}-${shot}.png` });
    },
    close: async () => {
      await browser.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
