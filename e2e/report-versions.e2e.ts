import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ReportVersionsResponseSchema,
  UploadVideoResponseSchema,
  VideoSchema,
} from '@sarm/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts.js';
import { TestApi } from './support/api.js';
import { launchBrowser, openPage, useSession } from './support/browser.js';
import { okJson, writeSimulatedVideo } from './support/videos.js';

const baseUrl = inject('baseUrl');
const api = new TestApi(baseUrl);
const SETTINGS = { chamber_depth_um: 20, dilution_factor: 1, um_per_pixel: 0.5 };
const ANALYSIS_TIMEOUT_MS = 90_000;
const suffix = Date.now().toString(36);

let browser: Browser;
let context: BrowserContext | undefined;
let videoDir: string;
let token: string;
let datasetId: string;
const videoIds: string[] = [];

async function writeVideo(name: string, seed: number): Promise<string> {
  return writeSimulatedVideo(path.join(videoDir, `${name}.mp4`), {
    width: 160,
    height: 120,
    frames: 40,
    sperm: 8,
    seed,
    umPerPixel: SETTINGS.um_per_pixel,
  });
}

async function upload(file: string, name: string): Promise<string> {
  const form = new FormData();
  form.append('dataset_id', datasetId);
  form.append('name', name);
  form.append('file', new Blob([await readFile(file)], { type: 'video/mp4' }), `${name}.mp4`);
  const response = await fetch(`${baseUrl}/api/sarm/video/upload-video`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return UploadVideoResponseSchema.parse(await okJson(response, 201)).video.id;
}

async function prepared(videoId: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const video = VideoSchema.parse(await api.getJson(`/business/videos/${videoId}`, token));
    if (video.processingStatus !== 'processing') return;
    if (Date.now() > deadline) throw new Error(`video ${videoId} still processing`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const runReport = async (reason?: string) =>
  okJson(
    await api.request(
      'POST',
      `/sarm/report/run/${datasetId}`,
      { video_ids: videoIds, ...(reason === undefined ? {} : { reason }) },
      token,
    ),
  );

const versions = async () =>
  ReportVersionsResponseSchema.parse(
    await api.getJson(`/sarm/report/versions/${datasetId}`, token),
  );

async function signedInPage(): Promise<Page> {
  const opened = await openPage(browser, baseUrl);
  context = opened.context;
  await useSession(opened.page, token);
  return opened.page;
}

/** Saves the shown report's PDF and answers its content (jsPDF writes plain text strings). */
async function downloadPdf(page: Page, name: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  const file = path.join(videoDir, name);
  await download.saveAs(file);
  return readFile(file, 'latin1');
}

beforeAll(async () => {
  browser = await launchBrowser();
  videoDir = await mkdtemp(path.join(tmpdir(), 'sarm-versions-'));
  token = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).access_token;
  const project = await api.request(
    'POST',
    '/admin/projects',
    { name: `Versions ${suffix}` },
    token,
  );
  const projectId = ((await okJson(project, 201)) as { id: string }).id;
  const dataset = await api.request(
    'POST',
    '/sarm/dataset/create-dataset',
    { name: `Versions sample ${suffix}`, projectId, settings: SETTINGS },
    token,
  );
  datasetId = ((await okJson(dataset, 201)) as { id: string }).id;
  for (const seed of [301, 302]) {
    const id = await upload(await writeVideo(`versions-${seed}-${suffix}`, seed), `v${seed}`);
    videoIds.push(id);
  }
  await Promise.all(videoIds.map(prepared));
  await runReport();
}, 120_000);

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser.close();
  await rm(videoDir, { recursive: true, force: true });
});

describe('report versions', () => {
  it('signs a report, then shows its amendment as amending the signed version', async () => {
    const page = await signedInPage();
    await page.goto(`/sarm/reports/view/${datasetId}`);
    await page.getByRole('heading', { name: 'Report versions' }).waitFor();
    await page.getByRole('button', { name: 'Sign report' }).click();
    // An electronic signature: the signer's password again.
    await page.getByRole('dialog').getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('dialog').getByRole('button', { name: 'Sign', exact: true }).click();
    await page.getByText('Version 1 signed').waitFor();
    await expect
      .poll(async () => (await versions()).versions[0]?.signed, { timeout: 10_000 })
      .toBe(true);
    const signer = (await versions()).versions[0]?.signedBy?.name ?? '';
    expect(signer).not.toBe('');
    expect(await page.getByRole('button', { name: 'Sign report' }).count()).toBe(0);
    const signedPdf = await downloadPdf(page, 'signed.pdf');
    expect(signedPdf).toContain('(Report record) Tj');
    expect(signedPdf).toContain(`(${signer}) Tj`);

    const refused = await api.request(
      'POST',
      `/sarm/report/run/${datasetId}`,
      { video_ids: videoIds },
      token,
    );
    expect(refused.status).toBe(400);
    await runReport('Wrong chamber depth');
    await page.reload();
    await page.getByTestId('report-record').waitFor({ timeout: ANALYSIS_TIMEOUT_MS });
    await page.getByText('Amended report: version 2 amends version 1').waitFor();
    await page.getByRole('heading', { name: /Amended report/ }).waitFor();
    const amendedPdf = await downloadPdf(page, 'amended.pdf');
    expect(amendedPdf).toContain('(Amended report: version 2 amends version 1) Tj');
    expect(amendedPdf).toContain('(Wrong chamber depth) Tj');

    // The signed version stays readable as it was signed.
    await page
      .getByRole('table', { name: 'Report versions' })
      .getByRole('button', { name: 'Show' })
      .click();
    await page.getByText('You are viewing version 1; the latest is version 2.').waitFor();
    expect(page.url()).toContain('?version=1');
  }, 180_000);
});
