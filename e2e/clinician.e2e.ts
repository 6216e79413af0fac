import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveSettings } from '@sarm/casa';
import { analyzeVideo } from '@sarm/casa/node';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts.js';
import { TestApi } from './support/api.js';
import { launchBrowser, openPage, useSession } from './support/browser.js';
import { writeSimulatedVideo } from './support/videos.js';

const baseUrl = inject('baseUrl');
const api = new TestApi(baseUrl);
const SHOTS_DIR = process.env.SARM_SHOTS_DIR ?? '/tmp/shots';
const SETTINGS = { chamber_depth_um: 20, dilution_factor: 1, um_per_pixel: 0.5 };
let browser: Browser;
let videoDir: string;

/** Five small simulated recordings (320x240, 60 frames, 15 sperm), one seed each. */
async function writeVideos(): Promise<string[]> {
  const files: string[] = [];
  for (let i = 1; i <= 5; i += 1) {
    const file = await writeSimulatedVideo(path.join(videoDir, `clip-${i}.mp4`), {
      width: 320,
      height: 240,
      frames: 60,
      sperm: 15,
      seed: 100 + i,
      umPerPixel: SETTINGS.um_per_pixel,
    });
    files.push(file);
  }
  return files;
}

async function created(response: Response): Promise<{ id: string }> {
  if (response.status !== 201)
    throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

beforeAll(async () => {
  browser = await launchBrowser();
  videoDir = await mkdtemp(path.join(tmpdir(), 'sarm-clips-'));
});
afterAll(async () => {
  await browser.close();
  await rm(videoDir, { recursive: true, force: true });
});

describe('clinician workflow', () => {
  it('uploads five videos, extracts and detects, reports the concentration and downloads the PDF', async () => {
    const suffix = Date.now().toString(36);
    const admin = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const token = admin.access_token;
    const files = await writeVideos();

    // The expected concentration: the engine on the same files with the dataset's settings.
    const settings = resolveSettings({
      umPerPixel: SETTINGS.um_per_pixel,
      chamberDepthUm: SETTINGS.chamber_depth_um,
      dilution: SETTINGS.dilution_factor,
    });
    const results = await Promise.all(files.map((file) => analyzeVideo(file, settings)));
    const mean =
      results.reduce((sum, r) => sum + r.concentration.mean_concentration_million_per_ml, 0) /
      results.length;
    const expectedConcentration = `${mean.toFixed(1)} million/ml`;

    const project = await created(
      await api.request('POST', '/admin/projects', { name: `Clinic ${suffix}` }, token),
    );
    const dataset = await created(
      await api.request(
        'POST',
        '/sarm/dataset/create-dataset',
        { name: `Sample ${suffix}`, projectId: project.id, settings: SETTINGS },
        token,
      ),
    );

    const { page, context } = await openPage(browser, baseUrl);
    await useSession(page, token);

    // Upload through the dialog, each file with its own progress bar.
    await page.goto(`/sarm/projects/${project.id}/datasets/${dataset.id}/videos`);
    await page.getByRole('button', { name: 'Upload Videos' }).waitFor();
    await page.getByTestId('video-file-input').setInputFiles(files);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Video Details').waitFor();
    for (let i = 1; i <= 5; i += 1)
      await dialog.getByRole('progressbar', { name: `clip-${i}.mp4 progress` }).waitFor();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    const cards = page.locator('.MuiCard-root');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(5);
    await expect
      .poll(
        () =>
          page
            .locator('.MuiChip-label')
            .filter({ hasText: /^(uploaded|complete)$/ })
            .count(),
        { timeout: 20_000 },
      )
      .toBe(5);

    // Frames of one video, then detection on all of them.
    const first = cards.filter({ hasText: 'clip-1' });
    await first.getByRole('button', { name: 'Extract Frames' }).click();
    await first
      .getByRole('button', { name: /Select Frames|View Frames/ })
      .waitFor({ timeout: 30_000 });
    await first.getByRole('button', { name: /Select Frames|View Frames/ }).click();
    await page.getByRole('button', { name: 'Detect All' }).click();
    await page.getByText('Detection completed').waitFor({ timeout: 30_000 });

    // The WHO report from the datasets page.
    await page.goto(`/sarm/projects/${project.id}/datasets`);
    await page.getByRole('button', { name: 'Generate Report' }).click();
    const reportDialog = page.getByRole('dialog');
    for (let i = 1; i <= 5; i += 1)
      await reportDialog.getByRole('button', { name: new RegExp(`clip-${i}`) }).click();
    await reportDialog.getByText('5 selected').waitFor();
    await reportDialog.getByRole('button', { name: 'Run Analysis' }).click();
    await reportDialog
      .getByRole('button', { name: 'View Full Report' })
      .waitFor({ timeout: 60_000 });
    await reportDialog.getByRole('button', { name: 'View Full Report' }).click();
    await page.getByRole('heading', { name: 'Analysis Report' }).waitFor();
    await page.getByText(expectedConcentration).waitFor();
    const progressive = await page
      .getByText('Progressive (PR)', { exact: true })
      .locator('xpath=following-sibling::*[1]')
      .innerText();
    const totalMotility = await page
      .getByText('Total motility (PR + NP)', { exact: true })
      .locator('xpath=following-sibling::*[1]')
      .innerText();
    expect(progressive).toMatch(/^\d+\.\d %$/);
    await mkdir(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: `${SHOTS_DIR}/report-with-pdf-button.png`, fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^who-report-Sample-${suffix}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
    );
    const pdfPath = path.join(SHOTS_DIR, 'report.pdf');
    await download.saveAs(pdfPath);
    // jsPDF writes uncompressed content streams: the shown texts are plain strings in the file.
    const pdf = await readFile(pdfPath, 'latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    // Each figure is followed by its 95 % interval: "46.1 million/ml \(95 % CI 40.0-52.8\)".
    expect(pdf).toContain(`(${expectedConcentration} \\(95 % CI `);
    expect(pdf).toContain(`(${progressive} \\(95 % CI `);
    expect(pdf).toContain(`(${totalMotility} \\(95 % CI `);
    expect(pdf).toContain('(Rapid progressive) Tj');
    await context.close();
  }, 120_000);
});
