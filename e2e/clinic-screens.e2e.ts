import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AnalysisListResponseSchema,
  AnalysisRequestListResponseSchema,
  DatasetSchema,
  FrameListResponseSchema,
  PatientSchema,
  ProjectDashboardSchema,
  SavedReportListSchema,
  TaskSchema,
  UploadVideoResponseSchema,
  VideoAnalysisResponseSchema,
  VideoSchema,
  type AnalysisItem,
  type StoredVideoAnalysis,
} from '@sarm/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts.js';
import { TestApi } from './support/api.js';
import { launchBrowser, openPage, useSession, waitForPath } from './support/browser.js';
import { okJson, writeSimulatedVideo } from './support/videos.js';

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
const api = new TestApi(baseUrl);
const SETTINGS = { chamber_depth_um: 20, dilution_factor: 1, um_per_pixel: 0.5 };
/** The engine runs over the whole video; allow for a slow machine. */
const ANALYSIS_TIMEOUT_MS = 90_000;

const suffix = Date.now().toString(36);
const names = {
  project: `Screens ${suffix}`,
  dataset: `Screens sample ${suffix}`,
  patient: `Patient ${suffix}`,
  videoA: `screens-a-${suffix}`,
  videoB: `screens-b-${suffix}`,
};

let browser: Browser;
let context: BrowserContext | undefined;
let videoDir: string;
let token: string;
let projectId: string;
let datasetId: string;
let patientId: string;
/** Linked to the patient; analysed on the per-video analysis screen. */
let videoA: string;
/** Without a patient; analysed through Submit for Analysis. */
let videoB: string;

// ---------------------------------------------------------------------------------------------
// Arranging data through the API

const get = (apiPath: string) => api.getJson(apiPath, token);

/** A small simulated recording (320x240, 60 frames, 15 sperm). */
async function writeVideo(name: string, seed: number): Promise<string> {
  return writeSimulatedVideo(path.join(videoDir, `${name}.mp4`), {
    width: 320,
    height: 240,
    frames: 60,
    sperm: 15,
    seed,
    umPerPixel: SETTINGS.um_per_pixel,
  });
}

async function upload(file: string, name: string, patient: string | null): Promise<string> {
  const form = new FormData();
  form.append('dataset_id', datasetId);
  form.append('name', name);
  if (patient !== null) form.append('patientId', patient);
  form.append('file', new Blob([await readFile(file)], { type: 'video/mp4' }), `${name}.mp4`);
  const response = await fetch(`${baseUrl}/api/sarm/video/upload-video`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return UploadVideoResponseSchema.parse(await okJson(response, 201)).video.id;
}

async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function waitForTask(taskId: string): Promise<void> {
  const task = await until(
    `task ${taskId}`,
    async () => TaskSchema.parse(await get(`/tasks/${taskId}`)),
    (t) => t.status !== 'queued' && t.status !== 'running',
  );
  if (task.status !== 'completed') throw new Error(`task ${taskId} ended ${task.status}`);
}

async function prepareAndExtract(videoId: string): Promise<void> {
  await until(
    `video ${videoId} prepared`,
    async () => VideoSchema.parse(await get(`/business/videos/${videoId}`)),
    (v) => v.processingStatus !== 'processing',
  );
  const response = await api.request('POST', '/sarm/frames/extract', { videoId }, token);
  const body = (await okJson(response, 202)) as { task_id: string };
  await waitForTask(body.task_id);
}

const videoAnalysis = async (videoId: string) =>
  VideoAnalysisResponseSchema.parse(await get(`/sarm/analysis/${videoId}`)).analysis;

const analysisItems = async (): Promise<AnalysisItem[]> =>
  AnalysisListResponseSchema.parse(await get('/business/analyses')).analyses;

/** The stored analysis of the video, run through the API when a previous test did not. */
async function ensureAnalysed(videoId: string): Promise<StoredVideoAnalysis> {
  const found = await videoAnalysis(videoId);
  if (found !== null) return found;
  const response = await api.request(
    'POST',
    '/sarm/calculation/cal-motility',
    { video_ids: [videoId], force_reanalysis: false, save_results: false },
    token,
  );
  await okJson(response);
  const analysis = await videoAnalysis(videoId);
  if (analysis === null) throw new Error(`no analysis stored for ${videoId}`);
  return analysis;
}

async function signedInPage(): Promise<Page> {
  const opened = await openPage(browser, baseUrl);
  context = opened.context;
  await useSession(opened.page, token);
  return opened.page;
}

// ---------------------------------------------------------------------------------------------
// Outbox

async function mailsTo(recipient: string): Promise<string[]> {
  let files: string[];
  try {
    files = await readdir(outboxDir);
  } catch {
    return [];
  }
  return files.filter((file) => file.endsWith('.eml') && file.includes(recipient)).sort();
}

/** The decoded attachments of a message whose part is declared with `contentType`. */
function attachmentsOf(raw: string, contentType: string): Buffer[] {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .filter((part) => new RegExp(`^Content-Type: ${contentType}`, 'mi').test(part))
    .map((part) => {
      const body = part
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n');
      return Buffer.from(body.replace(/--[^\s]*--\s*$/, '').replace(/\s+/g, ''), 'base64');
    });
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  browser = await launchBrowser();
  videoDir = await mkdtemp(path.join(tmpdir(), 'sarm-screens-'));
  token = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).access_token;
  const [fileA, fileB] = await Promise.all([
    writeVideo(names.videoA, 201),
    writeVideo(names.videoB, 202),
  ]);

  const project = await api.request('POST', '/admin/projects', { name: names.project }, token);
  projectId = ((await okJson(project, 201)) as { id: string }).id;
  const dataset = await api.request(
    'POST',
    '/sarm/dataset/create-dataset',
    { name: names.dataset, projectId, settings: SETTINGS },
    token,
  );
  datasetId = ((await okJson(dataset, 201)) as { id: string }).id;
  const patient = await api.request(
    'POST',
    '/business/patients',
    { name: names.patient, age: 34, contactNumber: '+41 00 000 00 00', projectId },
    token,
  );
  patientId = PatientSchema.parse(await okJson(patient, 201)).id;

  videoA = await upload(fileA, names.videoA, patientId);
  videoB = await upload(fileB, names.videoB, null);
  await Promise.all([prepareAndExtract(videoA), prepareAndExtract(videoB)]);
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser.close();
  await rm(videoDir, { recursive: true, force: true });
});

describe('clinical screens', () => {
  it('analyses a video on the per-video analysis screen and shows the stored figures', async () => {
    expect(await videoAnalysis(videoA)).toBeNull();
    const page = await signedInPage();
    await page.goto(`/sarm/analysis/${videoA}`);
    await page.getByRole('heading', { name: 'Video analysis' }).waitFor();
    await page.getByText('This video has not been analysed yet.', { exact: false }).waitFor();
    expect(await page.getByTestId('track-table').count()).toBe(0);

    await page.getByRole('button', { name: 'Analyse video' }).click();
    await page.getByTestId('track-table').waitFor({ timeout: ANALYSIS_TIMEOUT_MS });

    const analysis = await videoAnalysis(videoA);
    if (analysis === null) throw new Error('the analysis was not stored');
    const trackCount = analysis.tracks.length;
    const concentration = analysis.concentration.mean_concentration_million_per_ml.toFixed(1);
    expect(trackCount).toBeGreaterThan(0);

    const checkFigures = async (screen: Page) => {
      const summary = screen.getByTestId('analysis-summary');
      const card = (title: string) =>
        summary.locator('.MuiCard-root').filter({ has: screen.getByText(title, { exact: true }) });
      expect(await card('Tracks').locator('.MuiTypography-h5').innerText()).toBe(
        String(trackCount),
      );
      expect(await card('Concentration').locator('.MuiTypography-h5').innerText()).toMatch(
        new RegExp(`^${concentration.replace('.', '\\.')}\\s*M/ml$`),
      );
      // The table lists every track: the pager counts them, the first page shows up to ten.
      const table = screen.getByTestId('track-table');
      await table.getByText(new RegExp(`of ${trackCount}$`)).waitFor();
      expect(await table.getByTestId('track-row').count()).toBe(Math.min(10, trackCount));
    };
    await checkFigures(page);

    // The overlay opacity slider moves and fades the overlay.
    const opacity = page.getByRole('slider', { name: /Overlay opacity/ });
    expect(await opacity.getAttribute('aria-valuenow')).toBe('100');
    await opacity.focus();
    await page.keyboard.press('ArrowLeft');
    await page.getByText('Overlay opacity: 99 %').waitFor();
    expect(await page.getByTestId('track-overlay').evaluate((canvas) => canvas.style.opacity)).toBe(
      '0.99',
    );

    // The /business alias shows the same screen with the same figures, now offering a re-run.
    await page.goto(`/business/video-detail?videoId=${videoA}`);
    await page.getByRole('heading', { name: 'Video analysis' }).waitFor();
    await page.getByTestId('track-table').waitFor();
    await page.getByRole('button', { name: 'Re-analyse' }).waitFor();
    await page.getByText(names.videoA, { exact: false }).first().waitFor();
    await checkFigures(page);
  }, 150_000);

  it('submits two selected frames for analysis and shows the completed result', async () => {
    const before = (await analysisItems()).filter((item) => item.video_id === videoB);
    expect(before.map((item) => item.status)).toEqual(['pending']);
    const frames = FrameListResponseSchema.parse(
      await get(`/sarm/media/list-frames/${videoB}?limit=100&offset=0`),
    ).frames;
    expect(frames.length).toBeGreaterThanOrEqual(2);
    const note = `Two frames for ${suffix}`;

    const page = await signedInPage();
    await page.goto(`/sarm/frames/${videoB}`);
    await page.getByRole('heading', { name: 'Frame Selection' }).waitFor();
    const selectedCount = page.locator('p').filter({ hasText: 'Selected frames:' });
    await selectedCount.waitFor();
    expect(await selectedCount.innerText()).toBe('Selected frames: 0');
    const select = page.getByRole('button', { name: 'Select', exact: true });
    await expect.poll(() => select.count()).toBe(frames.length);
    await select.first().click();
    await expect.poll(() => selectedCount.innerText()).toBe('Selected frames: 1');
    await select.first().click();
    await expect.poll(() => selectedCount.innerText()).toBe('Selected frames: 2');
    expect(await page.getByRole('button', { name: 'Unselect', exact: true }).count()).toBe(2);
    await page.getByLabel('Analysis Notes').fill(note);
    await page.getByRole('button', { name: 'Submit for Analysis' }).click();
    await waitForPath(page, '/sarm/results');
    await page.getByRole('heading', { name: 'Analysis Results' }).waitFor();

    // The stored request: the first two frames in frame order, with the note.
    const requests = AnalysisRequestListResponseSchema.parse(
      await get(`/sarm/frames/analysis-requests?video_id=${videoB}`),
    ).requests;
    expect(requests).toHaveLength(1);
    expect(requests[0]?.notes).toBe(note);
    expect([...(requests[0]?.frameIds ?? [])].sort()).toEqual(
      frames
        .slice(0, 2)
        .map((frame) => frame.id)
        .sort(),
    );

    const item = (
      await until(
        `analysis of ${videoB} completed`,
        async () => (await analysisItems()).filter((i) => i.video_id === videoB),
        (items) => items.length === 1 && items[0]?.status === 'completed',
        ANALYSIS_TIMEOUT_MS,
      )
    )[0] as AnalysisItem;
    const finished = AnalysisRequestListResponseSchema.parse(
      await get(`/sarm/frames/analysis-requests?video_id=${videoB}`),
    ).requests[0];
    expect(finished?.status).toBe('completed');
    expect(finished?.analysisId).toBe(item.id);

    // No reload: the results screen refreshes by itself while a submitted analysis runs.
    const card = page.locator('.MuiCard-root').filter({ hasText: names.videoB });
    const checkCard = async () => {
      await card.waitFor();
      expect(await card.count()).toBe(1);
      await card.getByText('Completed', { exact: true }).waitFor();
      await card
        .getByText(`Concentration: ${item.concentration_million_per_ml?.toFixed(1)} M/ml`)
        .waitFor();
      await card.getByText(`Motility: ${item.total_motility_percent?.toFixed(1)}%`).waitFor();
    };
    await page.getByRole('tab', { name: 'All' }).click();
    await checkCard();
    await page.getByRole('tab', { name: 'Completed' }).click();
    await checkCard();
    await page.getByRole('tab', { name: 'Pending' }).click();
    await card.waitFor({ state: 'detached' });
  }, 150_000);

  it('saves, e-mails and deletes a report of the patient’s analysis', async () => {
    await ensureAnalysed(videoA);
    const analysis = (await analysisItems()).find(
      (item) => item.video_id === videoA && item.status === 'completed',
    );
    if (analysis === undefined) throw new Error('no completed analysis of video A');
    const title = `Report ${suffix}`;
    const recipient = `report-${suffix}@sarm.test`;

    const page = await signedInPage();
    await page.goto('/sarm/reports');
    await page.getByRole('heading', { name: 'Report Generation' }).waitFor();
    await page.getByLabel('Report Title').fill(title);
    await page.getByRole('combobox', { name: 'Patient' }).click();
    await page.getByRole('option', { name: names.patient }).click();
    await page.getByRole('combobox', { name: 'Analysis' }).click();
    await page.getByRole('option', { name: new RegExp(names.videoA) }).click();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Analysis' }).innerText())
      .toContain(`${names.videoA} · ${analysis.concentration_million_per_ml?.toFixed(1)} M/ml`);

    // Save Report: listed under Saved Reports and stored with the patient and the analysis.
    await page.getByRole('button', { name: 'Save Report' }).click();
    await page.getByText('Report saved').waitFor();
    // A CSS locator: it still matches while an open dialog hides the page from the accessibility tree.
    const savedItem = page.locator('.MuiListItem-root').filter({ hasText: title });
    await savedItem.waitFor();
    await savedItem.getByText(names.patient, { exact: false }).waitFor();
    const stored = SavedReportListSchema.parse(await get('/sarm/reports/saved')).reports.filter(
      (report) => report.title === title,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.patientId).toBe(patientId);
    expect(stored[0]?.analysisId).toBe(analysis.id);
    const reportId = stored[0]?.id;

    // Email Report: a new message for the recipient with the report as a PDF attachment.
    expect(await mailsTo(recipient)).toEqual([]);
    await page.getByRole('button', { name: 'Email Report', exact: true }).click();
    const mailDialog = page.getByRole('dialog', { name: 'Email Report' });
    await mailDialog.getByLabel('Recipient').fill(recipient);
    await mailDialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText(`Report sent to ${recipient}`).waitFor({ timeout: 30_000 });
    await mailDialog.waitFor({ state: 'detached' });
    const mails = await until(
      `a mail to ${recipient}`,
      () => mailsTo(recipient),
      (files) => files.length > 0,
      10_000,
    );
    expect(mails).toHaveLength(1);
    const raw = await readFile(path.join(outboxDir, mails[0] as string), 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${recipient.replace(/[.]/g, '\\.')}`, 'mi'));
    expect(raw).toMatch(/^Content-Type: application\/pdf/im);
    const pdfs = attachmentsOf(raw, 'application/pdf');
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]?.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Delete asks first: cancelling keeps the report, confirming removes it.
    await savedItem.getByRole('button', { name: 'Delete' }).click();
    let confirm = page.getByRole('dialog', { name: 'Delete report' });
    await confirm.getByText(`Delete the saved report "${title}"?`).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await savedItem.count()).toBe(1);
    const afterCancel = SavedReportListSchema.parse(await get('/sarm/reports/saved')).reports;
    expect(afterCancel.some((report) => report.id === reportId)).toBe(true);

    await savedItem.getByRole('button', { name: 'Delete' }).click();
    confirm = page.getByRole('dialog', { name: 'Delete report' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Report deleted').waitFor();
    await savedItem.waitFor({ state: 'detached' });
    const afterDelete = SavedReportListSchema.parse(await get('/sarm/reports/saved')).reports;
    expect(afterDelete.some((report) => report.id === reportId)).toBe(false);
  }, 120_000);

  it('lists the dataset with its counts, details and a way to its frame selection', async () => {
    const dataset = DatasetSchema.parse(await get(`/sarm/dataset/get-dataset/${datasetId}`));
    expect(dataset.stats.totalVideos).toBe(2);
    expect(dataset.stats.totalFrames).toBeGreaterThan(0);

    const page = await signedInPage();
    await page.goto('/sarm/datasets');
    await page.getByRole('heading', { name: 'Datasets' }).waitFor();
    const row = page.getByTestId('dataset-row').filter({ hasText: names.dataset });
    await row.waitFor();
    const cells = row.getByRole('cell');
    expect(await cells.nth(1).innerText()).toBe(names.project);
    expect(await cells.nth(3).innerText()).toBe(String(dataset.stats.totalVideos));
    expect(await cells.nth(4).innerText()).toBe(String(dataset.stats.totalFrames));

    await row.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: /Dataset Details/ });
    await dialog.getByText(names.dataset).waitFor();
    const statistic = (label: string) =>
      dialog.getByText(label, { exact: true }).locator('xpath=preceding-sibling::*[1]').innerText();
    expect(await statistic('Videos')).toBe(String(dataset.stats.totalVideos));
    expect(await statistic('Usable videos')).toBe(String(dataset.stats.usableVideos));
    expect(await statistic('Frames')).toBe(String(dataset.stats.totalFrames));
    expect(await statistic('Detections')).toBe(String(dataset.stats.totalDetections));

    await dialog.getByRole('button', { name: 'Select Frames' }).click();
    await waitForPath(page, `/sarm/frames?datasetId=${datasetId}`);
    await page.getByRole('heading', { name: 'Frame Selection' }).waitFor();
    await page.getByText(`Dataset: ${names.dataset}`).waitFor();
    const cards = page.getByTestId('frame-selection-video');
    await expect.poll(() => cards.count()).toBe(2);
    for (const [id, name, patient] of [
      [videoA, names.videoA, names.patient],
      [videoB, names.videoB, 'No patient'],
    ] as const) {
      const video = VideoSchema.parse(await get(`/business/videos/${id}`));
      const card = cards.filter({ hasText: name });
      await card.getByText(`Patient: ${patient}`).waitFor();
      await card.getByText(`${video.extractedFramesCount} frames`).waitFor();
    }
    const open = cards.filter({ hasText: names.videoA }).getByRole('button', {
      name: /View Details|Select Frames/,
    });
    await open.click();
    await waitForPath(page, `/sarm/frames/${videoA}`);
    await page.getByRole('heading', { name: 'Frame Selection' }).waitFor();
  }, 60_000);

  it('shows the project figures and the mean concentration on the project dashboard', async () => {
    const [first, second] = await Promise.all([ensureAnalysed(videoA), ensureAnalysed(videoB)]);
    const dashboard = ProjectDashboardSchema.parse(await get('/sarm/project/dashboard'));
    const project = dashboard.projects.find((p) => p.id === projectId);
    const performance = dashboard.performance.find((p) => p.projectId === projectId);
    expect(project?.datasetsCount).toBe(1);
    expect(project?.videosCount).toBe(2);
    expect(performance?.analyses).toBe(2);
    const mean =
      (first.concentration.mean_concentration_million_per_ml +
        second.concentration.mean_concentration_million_per_ml) /
      2;
    expect(performance?.meanConcentration).toBeCloseTo(mean, 6);

    const page = await signedInPage();
    await page.goto('/sarm/dashboard');
    const card = page.getByTestId('project-dashboard');
    await card.waitFor();
    const rowCells = (text: string) =>
      card.getByRole('row').filter({ hasText: text }).getByRole('cell');

    await card.getByRole('tab', { name: 'Project Statistics' }).click();
    let cells = rowCells(names.project);
    await cells.first().waitFor();
    expect(await cells.nth(0).innerText()).toBe(names.project);
    expect(await cells.nth(1).innerText()).toBe(String(project?.datasetsCount));
    expect(await cells.nth(2).innerText()).toBe(String(project?.videosCount));
    expect(await cells.nth(3).innerText()).toBe(String(project?.framesCount));
    expect(await cells.nth(6).innerText()).toBe('100%');

    await card.getByRole('tab', { name: 'Team Members' }).click();
    await card.getByRole('columnheader', { name: 'Member' }).waitFor();

    await card.getByRole('tab', { name: 'Dataset Analytics' }).click();
    cells = rowCells(names.dataset);
    await cells.first().waitFor();
    expect(await cells.nth(3).innerText()).toBe('2');
    expect(await cells.nth(6).innerText()).toBe('0'); // segments: no masks yet
    expect(await cells.nth(7).innerText()).toBe('2 / 2');

    await card.getByRole('tab', { name: 'Performance Metrics' }).click();
    await card.getByRole('columnheader', { name: 'Mean concentration (M/ml)' }).waitFor();
    cells = rowCells(names.project);
    await cells.first().waitFor();
    expect(await cells.nth(1).innerText()).toBe('2');
    expect(await cells.nth(2).innerText()).toBe(mean.toFixed(1));
    expect(await cells.nth(3).innerText()).toBe(performance?.meanProgressiveMotility?.toFixed(1));
  }, 90_000);
});
