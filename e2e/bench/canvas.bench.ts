/**
 * Browser benchmark of the annotation canvas (issue 9): a 640x480 frame with 320 boxes, frame
 * times measured in the page (requestAnimationFrame deltas) while a box is dragged and while the
 * view zooms with the wheel. Run with `npm run bench:canvas` (builds first); prints the figures.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DatasetSchema,
  FrameListResponseSchema,
  UploadVideoResponseSchema,
  VideoSchema,
} from '@sarm/contracts';
import { launchBrowser, useSession } from '../support/browser.js';
import { okJson, writeSimulatedVideo } from '../support/videos.js';

const BOXES = 320;
const SECONDS_PER_GESTURE = 3;
const ADMIN_EMAIL = 'bench@sarm.test';
const ADMIN_PASSWORD = 'Bench-Passw0rd-canvas';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('timed out');
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sarm-bench-canvas-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const browser = await launchBrowser();
  try {
    await until(
      () =>
        fetch(`${baseUrl}/api/settings/public`).then(
          (r) => r.ok,
          () => false,
        ),
      (ok) => ok,
    );
    const login = (await okJson(
      await fetch(`${baseUrl}/api/sarm/auth/login-user`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      }),
    )) as { access_token: string };
    const token = login.access_token;
    const call = async (method: string, url: string, body?: unknown, status = 200) =>
      okJson(
        await fetch(`${baseUrl}/api${url}`, {
          method,
          headers: {
            Authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
        status,
      );
    const project = (await call('POST', '/admin/projects', { name: 'Canvas bench' }, 201)) as {
      id: string;
    };
    const dataset = DatasetSchema.parse(
      await call(
        'POST',
        '/sarm/dataset/create-dataset',
        { name: 'Bench', project_id: project.id },
        201,
      ),
    );
    const file = await writeSimulatedVideo(path.join(dataDir, 'bench.mp4'), {
      width: 640,
      height: 480,
      frames: 10,
      sperm: 40,
      seed: 5,
      umPerPixel: 0.5,
    });
    const form = new FormData();
    form.append('dataset_id', dataset.id);
    form.append('file', new Blob([await readFile(file)], { type: 'video/mp4' }), 'bench.mp4');
    const upload = UploadVideoResponseSchema.parse(
      await okJson(
        await fetch(`${baseUrl}/api/sarm/video/upload-video`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
          body: form,
        }),
        201,
      ),
    );
    const videoId = upload.video.id;
    await until(
      async () => VideoSchema.parse(await call('GET', `/business/videos/${videoId}`)),
      (video) => video.processingStatus !== 'processing',
    );
    // 320 boxes on frame 1 in one MOT import: a 20 x 16 grid of 24 x 20 px boxes.
    const lines: string[] = [];
    for (let i = 0; i < BOXES; i++)
      lines.push(
        `1,${i + 1},${8 + (i % 20) * 31},${8 + Math.floor(i / 20) * 29},24,20,0.${50 + (i % 50)},-1,-1,-1`,
      );
    const importForm = new FormData();
    importForm.append('format', 'mot');
    importForm.append('file', new Blob([`${lines.join('\n')}\n`]), 'gt.txt');
    await okJson(
      await fetch(`${baseUrl}/api/sarm/detection/import-video/${videoId}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: importForm,
      }),
    );
    const frame = FrameListResponseSchema.parse(
      await call('GET', `/sarm/media/list-frames/${videoId}`),
    ).frames[0];
    if (frame === undefined) throw new Error('no frame');

    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await useSession(page, token);
    await page.goto(
      `/finetune/annotation/detection/frame?frameId=${frame.id}&videoId=${videoId}&datasetId=${dataset.id}`,
    );
    await page.getByText(`Detection Results (${BOXES})`).waitFor({ timeout: 30_000 });
    const canvas = page.getByTestId('annotation-canvas');
    const rect = await canvas.boundingBox();
    if (rect === null) throw new Error('no canvas');
    const scale = rect.width / 640;
    // Scripts as text: tsx would add helpers to a function that the page does not have.
    const startRecording = () =>
      page.evaluate(`(() => {
        window.__frames = [];
        window.__recording = true;
        let last = performance.now();
        const tick = (now) => {
          window.__frames.push(now - last);
          last = now;
          if (window.__recording) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      })()`);
    const stopRecording = async (): Promise<number[]> => {
      const frames: unknown = await page.evaluate(
        '(() => { window.__recording = false; return window.__frames.slice(1); })()',
      );
      return Array.isArray(frames) ? frames.filter((v): v is number => typeof v === 'number') : [];
    };
    const steps = SECONDS_PER_GESTURE * 60;

    // Drag the box in the grid's middle around a circle.
    const cx = rect.x + (8 + 10 * 31 + 12) * scale;
    const cy = rect.y + (8 + 8 * 29 + 10) * scale;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await startRecording();
    for (let i = 0; i < steps; i++) {
      const angle = (i / steps) * Math.PI * 4;
      await page.mouse.move(cx + Math.cos(angle) * 60, cy + Math.sin(angle) * 40);
      await page.waitForTimeout(16);
    }
    const drag = await stopRecording();
    await page.mouse.move(cx, cy);
    await page.mouse.up();

    // Zoom in and out around the cursor with the wheel.
    await page.mouse.move(rect.x + rect.width / 2, rect.y + rect.height / 2);
    await startRecording();
    for (let i = 0; i < steps; i++) {
      await page.mouse.wheel(0, i < steps / 2 ? -40 : 40);
      await page.waitForTimeout(16);
    }
    const zoom = await stopRecording();

    const report = (name: string, frames: number[]) =>
      console.log(
        `${name.padEnd(6)} frames ${String(frames.length).padStart(4)}  median ${percentile(frames, 50).toFixed(1)} ms  p95 ${percentile(frames, 95).toFixed(1)} ms  max ${Math.max(...frames).toFixed(1)} ms`,
      );
    console.log(
      `Annotation canvas, ${BOXES} boxes on a 640x480 frame (headless Chromium, 1440x900):`,
    );
    report('drag', drag);
    report('zoom', zoom);
    await context.close();
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
