/**
 * Browser benchmark of the annotation canvas (issues 9 and 32): a 640x480 frame with a grid of
 * boxes, frame times measured in the page (requestAnimationFrame deltas) while a box is dragged
 * and while the view zooms with the wheel. Run with `npm run bench:canvas` (builds first; 1000
 * boxes) or `npm run bench:canvas -- --boxes 320,1000` (one frame per count, figures for each).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DatasetSchema,
  FrameListResponseSchema,
  UploadVideoResponseSchema,
  VideoSchema,
} from '@sarm/contracts';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, useSession } from '../support/browser.js';
import { okJson, writeSimulatedVideo } from '../support/videos.js';
import { freePort } from '../support/ports.js';

const DEFAULT_BOXES = [1000];
const SECONDS_PER_GESTURE = 3;
const ADMIN_EMAIL = 'bench@sarm.test';
const ADMIN_PASSWORD = 'Bench-Passw0rd-canvas';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('timed out');
}

/** The box counts asked for with `--boxes 1000` or `--boxes 320,1000`. */
function boxCounts(args: readonly string[]): number[] {
  const at = args.indexOf('--boxes');
  const inline = args.find((a) => a.startsWith('--boxes='))?.slice('--boxes='.length);
  const text = inline ?? (at >= 0 ? args[at + 1] : undefined);
  if (text === undefined) return DEFAULT_BOXES;
  const counts = text.split(',').map((part) => Number(part.trim()));
  if (counts.some((n) => !Number.isInteger(n) || n < 1 || n > 5000))
    throw new Error(`--boxes takes counts from 1 to 5000, e.g. --boxes 320,1000 (got ${text})`);
  return counts;
}

/** A grid of `count` boxes filling the frame, in cells about as wide as they are high. */
function gridOf(count: number, frame: { width: number; height: number }) {
  const columns = Math.ceil(Math.sqrt((count * frame.width) / frame.height));
  const rows = Math.ceil(count / columns);
  const cellW = Math.floor((frame.width - 16) / columns);
  const cellH = Math.floor((frame.height - 16) / rows);
  const boxW = Math.max(4, Math.round(cellW * 0.78));
  const boxH = Math.max(4, Math.round(cellH * 0.7));
  const boxAt = (i: number) => ({
    x: 8 + (i % columns) * cellW,
    y: 8 + Math.floor(i / columns) * cellH,
  });
  // The box in the grid's middle: the one the drag picks up.
  const middle = boxAt(Math.floor(rows / 2) * columns + Math.floor(columns / 2));
  return {
    boxes: Array.from({ length: count }, (_, i) => boxAt(i)),
    boxW,
    boxH,
    centre: { x: middle.x + boxW / 2, y: middle.y + boxH / 2 },
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

interface Gesture {
  /** requestAnimationFrame deltas in ms: the frame times a person sees. */
  readonly frames: number[];
  /** CPU time of the page's main thread during the gesture in ms (thread time, not wall time). */
  readonly cpuMs: number;
  /** CPU time of its longest task in ms: a stall that a mean per frame hides. */
  readonly longestTaskMs: number;
}

const report = (name: string, { frames, cpuMs, longestTaskMs }: Gesture) =>
  console.log(
    `  ${name.padEnd(6)} frames ${String(frames.length).padStart(4)}  median ${percentile(frames, 50).toFixed(1)} ms  p95 ${percentile(frames, 95).toFixed(1)} ms  max ${Math.max(...frames).toFixed(1)} ms  main-thread CPU ${(cpuMs / Math.max(1, frames.length)).toFixed(2)} ms/frame, longest task ${longestTaskMs.toFixed(1)} ms`,
  );

interface TraceEvent {
  readonly ph?: string;
  readonly name?: string;
  readonly cat?: string;
  readonly pid?: number;
  readonly tid?: number;
  readonly ts?: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}

/**
 * CPU time (ms) of the renderer's main thread in a Chromium trace: the sum of the thread time
 * of its outermost tasks, and the longest of them. Unlike frame times it hardly moves when other processes share the
 * cores, which on a busy machine makes it the figure to compare between runs.
 */
function mainThreadCpu(trace: Buffer): { totalMs: number; longestMs: number } {
  const parsed: unknown = JSON.parse(trace.toString('utf8'));
  const events: TraceEvent[] =
    typeof parsed === 'object' && parsed !== null && 'traceEvents' in parsed
      ? (parsed.traceEvents as TraceEvent[])
      : [];
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        (e.cat ?? '').split(',').includes('toplevel') &&
        mainThreads.has(`${e.pid}:${e.tid}`),
    )
    .sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  let totalUs = 0;
  let longestUs = 0;
  let outerEnd = -Infinity;
  for (const task of tasks) {
    const start = task.ts ?? 0;
    // Nested top-level events lie inside their outer task, whose thread time already counts them.
    if (start < outerEnd) continue;
    outerEnd = start + (task.dur ?? 0);
    totalUs += task.tdur ?? 0;
    longestUs = Math.max(longestUs, task.tdur ?? 0);
  }
  return { totalMs: totalUs / 1000, longestMs: longestUs / 1000 };
}

/**
 * Opens the frame, then records frame times while the box at `centre` (frame pixels) is dragged
 * around a circle and while the wheel zooms in and out around the canvas's middle.
 */
async function measureGestures(
  browser: Browser,
  page: Page,
  centre: { x: number; y: number },
  open: () => Promise<unknown>,
  readyText: string,
): Promise<{ drag: Gesture; zoom: Gesture }> {
  await open();
  await page.getByText(readyText).waitFor({ timeout: 60_000 });
  const canvas = page.getByTestId('annotation-canvas');
  const rect = await canvas.boundingBox();
  if (rect === null) throw new Error('no canvas');
  const scale = rect.width / 640;
  // Scripts as text: tsx would add helpers to a function that the page does not have.
  const startFrames = () =>
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
  const stopFrames = async (): Promise<number[]> => {
    const frames: unknown = await page.evaluate(
      '(() => { window.__recording = false; return window.__frames.slice(1); })()',
    );
    return Array.isArray(frames) ? frames.filter((v): v is number => typeof v === 'number') : [];
  };
  const startRecording = async () => {
    await browser.startTracing(page, { categories: ['toplevel', '__metadata'] });
    await startFrames();
  };
  const stopRecording = async (): Promise<Gesture> => {
    const frames = await stopFrames();
    const cpu = mainThreadCpu(await browser.stopTracing());
    return { frames, cpuMs: cpu.totalMs, longestTaskMs: cpu.longestMs };
  };
  const steps = SECONDS_PER_GESTURE * 60;

  // Drag the box in the grid's middle around a circle.
  const cx = rect.x + centre.x * scale;
  const cy = rect.y + centre.y * scale;
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
  return { drag, zoom };
}

async function main() {
  const counts = boxCounts(process.argv.slice(2));
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
    // Each count on its own frame (count k on frame k + 1), all in one MOT import.
    const frameSize = { width: 640, height: 480 };
    const grids = counts.map((count) => gridOf(count, frameSize));
    const lines: string[] = [];
    grids.forEach((grid, k) =>
      grid.boxes.forEach((at, i) =>
        lines.push(
          `${k + 1},${i + 1},${at.x},${at.y},${grid.boxW},${grid.boxH},0.${50 + (i % 50)},-1,-1,-1`,
        ),
      ),
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
    const frames = FrameListResponseSchema.parse(
      await call('GET', `/sarm/media/list-frames/${videoId}`),
    ).frames;

    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await useSession(page, token);
    for (const [k, count] of counts.entries()) {
      const frame = frames[k];
      const grid = grids[k];
      if (frame === undefined || grid === undefined) throw new Error(`no frame ${k + 1}`);
      const { drag, zoom } = await measureGestures(
        browser,
        page,
        grid.centre,
        () =>
          page.goto(
            `/finetune/annotation/detection/frame?frameId=${frame.id}&videoId=${videoId}&datasetId=${dataset.id}`,
          ),
        `Detection Results (${count})`,
      );
      console.log(
        `Annotation canvas, ${count} boxes on a 640x480 frame (headless Chromium, 1440x900):`,
      );
      report('drag', drag);
      report('zoom', zoom);
    }
    await context.close();
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
