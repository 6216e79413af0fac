import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  SampleAssessmentsSchema,
  UploadVideoResponseSchema,
  VersionedStoredReportSchema,
  VideoSchema,
} from '@sarm/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts.js';
import { TestApi } from './support/api.js';
import { projectMember } from './support/members.js';
import { launchBrowser, openPage, useSession } from './support/browser.js';
import { okJson, writeSimulatedVideo } from './support/videos.js';

/**
 * Issue 31 as a laboratory works: a technician counts vitality and morphology at the bench with
 * the keyboard (an undone key, a disagreeing replicate pair recounted), a clinician reads the
 * report with the measured figures and the WHO interpretation, edits it and signs with the
 * password; the PDF holds it all.
 */

const baseUrl = inject('baseUrl');
const api = new TestApi(baseUrl);
const PASSWORD = 'Bench-Passw0rd';
const SETTINGS = {
  chamber_depth_um: 20,
  dilution_factor: 1,
  um_per_pixel: 0.5,
  semen_volume_ml: 3,
};
const suffix = Date.now().toString(36);
/** Screenshots of the bench and report screens for review (as screenshots.e2e.ts writes them). */
const SHOTS_DIR = process.env.SARM_SHOTS_DIR ?? '/tmp/shots';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS_DIR, `bench-${name}.png`), fullPage: true });
const names = {
  project: `Bench ${suffix}`,
  sample: `Bench sample ${suffix}`,
  technician: `Tech ${suffix}`,
  clinician: `Dr Bench ${suffix}`,
};

let browser: Browser;
let workDir: string;
let adminToken: string;
let technicianToken: string;
let clinicianToken: string;
let projectId: string;
let datasetId: string;
const contexts: BrowserContext[] = [];

async function member(displayName: string, role: string): Promise<string> {
  const options = { adminToken, projectId, displayName, role, password: PASSWORD };
  return (await projectMember(api, options)).token;
}

async function uploadVideo(seed: number): Promise<string> {
  const file = await writeSimulatedVideo(path.join(workDir, `bench-${seed}.mp4`), {
    width: 160,
    height: 120,
    frames: 40,
    sperm: 10,
    seed,
    umPerPixel: SETTINGS.um_per_pixel,
  });
  const form = new FormData();
  form.append('dataset_id', datasetId);
  form.append('name', `bench-${seed}`);
  form.append('file', new Blob([await readFile(file)], { type: 'video/mp4' }), `bench-${seed}.mp4`);
  const response = await fetch(`${baseUrl}/api/sarm/video/upload-video`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${technicianToken}` },
    body: form,
  });
  return UploadVideoResponseSchema.parse(await okJson(response, 201)).video.id;
}

async function prepared(videoId: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const video = VideoSchema.parse(await api.getJson(`/business/videos/${videoId}`, adminToken));
    if (video.processingStatus !== 'processing') return;
    if (Date.now() > deadline) throw new Error(`video ${videoId} still processing`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function signedIn(token: string): Promise<Page> {
  const opened = await openPage(browser, baseUrl);
  contexts.push(opened.context);
  await useSession(opened.page, token);
  return opened.page;
}

/** Presses one key `times` times (the counter listens on the window). */
async function press(page: Page, key: string, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) await page.keyboard.press(key);
}

/** One vitality replicate: `live` presses of 1, `dead` of 2. */
async function countVitality(page: Page, live: number, dead: number): Promise<void> {
  await press(page, '1', live);
  await press(page, '2', dead);
}

/** One morphology replicate of 200: 10 normal, 100 head, 50 head+tail, 40 with all four defects. */
async function countMorphology(page: Page): Promise<void> {
  await press(page, '1', 10);
  for (let i = 0; i < 100; i += 1) {
    await page.keyboard.press('2');
    await page.keyboard.press('Enter');
  }
  for (let i = 0; i < 50; i += 1) {
    await page.keyboard.press('2');
    await page.keyboard.press('4');
    await page.keyboard.press('Enter');
  }
  for (let i = 0; i < 40; i += 1) {
    for (const key of ['2', '3', '4', '5']) await page.keyboard.press(key);
    await page.keyboard.press('Enter');
  }
}

const current = async () =>
  SampleAssessmentsSchema.parse(await api.getJson(`/sarm/assessments/${datasetId}`, adminToken));

beforeAll(async () => {
  browser = await launchBrowser();
  workDir = await mkdtemp(path.join(tmpdir(), 'sarm-bench-'));
  await mkdir(SHOTS_DIR, { recursive: true });
  adminToken = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).access_token;
  projectId = (
    (await okJson(
      await api.request('POST', '/admin/projects', { name: names.project }, adminToken),
      201,
    )) as { id: string }
  ).id;
  technicianToken = await member(names.technician, 'lab_technician');
  clinicianToken = await member(names.clinician, 'clinician');
  datasetId = (
    (await okJson(
      await api.request(
        'POST',
        '/sarm/dataset/create-dataset',
        { name: names.sample, projectId, settings: SETTINGS },
        technicianToken,
      ),
      201,
    )) as { id: string }
  ).id;
  const videoIds = [await uploadVideo(811), await uploadVideo(812)];
  await Promise.all(videoIds.map(prepared));
  await okJson(
    await api.request(
      'POST',
      `/sarm/report/run/${datasetId}`,
      { video_ids: videoIds },
      technicianToken,
    ),
  );
}, 120_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('the whole semen analysis', () => {
  it('counts vitality and morphology at the bench, then interprets and signs the report', async () => {
    const bench = await signedIn(technicianToken);
    await bench.goto(`/sarm/samples/${datasetId}/assessments`);
    await bench.getByTestId('bench-assessments-page').waitFor();

    // Vitality: replicate 1 with one key too many undone, replicate 2 far from it.
    await bench.getByTestId('assessment-tab-vitality').click();
    await bench.getByTestId('assessment-start-vitality').click();
    await countVitality(bench, 120, 79);
    await bench.keyboard.press('1');
    await bench.keyboard.press('Backspace');
    await bench.keyboard.press('2');
    await bench.getByTestId('counter-replicate-done-vitality-1').waitFor();
    await countVitality(bench, 40, 40);
    await shot(bench, 'vitality-counting');
    await bench.keyboard.press('Backspace');
    await press(bench, 'Backspace', 79);
    await countVitality(bench, 88, 112);
    await bench.getByTestId('counter-agreement-vitality').waitFor();
    expect(await bench.getByTestId('counter-agreement-vitality').getAttribute('data-agree')).toBe(
      'false',
    );
    await bench.getByTestId('assessment-save-vitality').click();
    await bench.getByTestId('assessment-disagree-vitality').waitFor();
    await shot(bench, 'vitality-disagree');
    expect((await current()).current.vitality).toBeUndefined();

    // The recount agrees and becomes the sample's vitality.
    await bench.getByTestId('assessment-recount-vitality').click();
    await countVitality(bench, 120, 80);
    await countVitality(bench, 125, 75);
    await bench.getByTestId('assessment-save-vitality').click();
    await bench.getByTestId('assessment-saved-vitality').waitFor();
    const vitality = (await current()).current.vitality;
    expect(vitality?.figures.main?.percent).toBeCloseTo(61.25, 6);
    expect(vitality?.countedBy.name).toBe(names.technician);
    expect(vitality?.accepted).toBe(true);

    // Morphology: two replicates of 200 with several defects per cell.
    await bench.getByTestId('assessment-tab-morphology').click();
    await bench.getByTestId('assessment-start-morphology').click();
    await countMorphology(bench);
    await bench.getByTestId('counter-replicate-done-morphology-1').waitFor();
    await countMorphology(bench);
    await shot(bench, 'morphology-done');
    await bench.getByTestId('assessment-save-morphology').click();
    await bench.getByTestId('assessment-saved-morphology').waitFor();
    const morphology = (await current()).current.morphology;
    expect(morphology?.figures.main?.percent).toBeCloseTo(5, 6);
    expect(morphology?.figures.tzi).toBeCloseTo(360 / 190, 6);

    // The clinician brings the bench results into the report, edits the interpretation, signs.
    const desk = await signedIn(clinicianToken);
    await desk.goto(`/sarm/reports/view/${datasetId}`);
    await desk.getByTestId('bench-changed-banner').waitFor();
    await desk.getByRole('button', { name: 'Update report' }).click();
    await desk.getByTestId('interpretation-card').waitFor();
    await expect
      .poll(
        async () =>
          VersionedStoredReportSchema.parse(
            await api.getJson(`/sarm/report/get-report/${datasetId}`, clinicianToken),
          ).assessments.morphology?.id,
        { timeout: 15_000 },
      )
      .toBe(morphology?.id);
    await desk.reload();
    const suggestion = desk.getByTestId('interpretation-text');
    await suggestion.waitFor();
    expect(await suggestion.textContent()).not.toBe('');
    await desk.getByTestId('interpretation-card').getByRole('button', { name: 'Edit' }).click();
    const edited = `Reviewed at the bench ${suffix}: values as measured.`;
    await desk.getByRole('textbox', { name: 'Interpretation' }).fill(edited);
    await desk.getByRole('button', { name: 'Save as new version' }).click();
    await desk.getByTestId('interpretation-text').filter({ hasText: edited }).waitFor();

    await desk.getByRole('button', { name: 'Sign report' }).click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByTestId('signature-meaning').waitFor();
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
    await dialog.getByText('The password is incorrect: the report was not signed').waitFor();
    await shot(desk, 'sign-dialog');
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
    await desk.getByText(/Version \d+ signed/).waitFor();
    const signed = VersionedStoredReportSchema.parse(
      await api.getJson(`/sarm/report/get-report/${datasetId}`, clinicianToken),
    );
    expect(signed.report_version.signed).toBe(true);
    expect(signed.report_version.signatureMeaning).toBe('reviewed_and_released');
    expect(signed.interpretation?.text).toBe(edited);

    await desk.reload();
    await desk.getByTestId('interpretation-card').waitFor();
    await shot(desk, 'report-signed');
    const [download] = await Promise.all([
      desk.waitForEvent('download'),
      desk.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const file = path.join(workDir, 'bench.pdf');
    await download.saveAs(file);
    const pdf = await readFile(file, 'latin1');
    expect(pdf).toContain('Vitality');
    expect(pdf).toContain('61.3');
    expect(pdf).toMatch(/normal forms/i);
    expect(pdf).toContain('TZI');
    expect(pdf).toContain(edited);
    expect(pdf).toContain(names.clinician);
    expect(pdf).toContain('Reviewed and released');
  }, 240_000);
});
