import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AssessmentImagesResponseSchema } from '@sarm/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { encodeGrayPng } from '../apps/server/src/media/png.js';
import { drawSmear } from '../apps/server/src/test/smear-image.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts.js';
import { TestApi } from './support/api.js';
import { launchBrowser, openPage, useSession } from './support/browser.js';
import { okJson } from './support/videos.js';

/**
 * A stained-smear image at the morphology counter: uploaded while counting, its cells found
 * by the server and stepped through with the counter's keys, each decided cell tallied once.
 */

const baseUrl = inject('baseUrl');
const api = new TestApi(baseUrl);
const suffix = Date.now().toString(36);
const SHOTS_DIR = process.env.SARM_SHOTS_DIR ?? '/tmp/shots';
/** Heads about 4.5 x 3 µm at 0.25 µm per pixel, as a 100x objective shows a stained smear. */
const HEADS: [number, number][] = [
  [40, 40],
  [150, 40],
  [90, 120],
];

let browser: Browser;
let context: BrowserContext | undefined;
let workDir: string;
let token: string;
let datasetId: string;

const tally = (page: Page, category: string) =>
  page.getByTestId(`counter-tally-morphology-${category}`).getAttribute('aria-label');

beforeAll(async () => {
  browser = await launchBrowser();
  workDir = await mkdtemp(path.join(tmpdir(), 'sarm-smear-'));
  await mkdir(SHOTS_DIR, { recursive: true });
  token = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).access_token;
  const project = await okJson(
    await api.request('POST', '/admin/projects', { name: `Smear ${suffix}` }, token),
    201,
  );
  const projectId = (project as { id: string }).id;
  const dataset = await okJson(
    await api.request(
      'POST',
      '/sarm/dataset/create-dataset',
      {
        name: `Smear sample ${suffix}`,
        projectId,
        settings: { chamber_depth_um: 20, dilution_factor: 1, um_per_pixel: 0.25 },
      },
      token,
    ),
    201,
  );
  datasetId = (dataset as { id: string }).id;
}, 60_000);

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('smear images at the morphology counter', () => {
  it('finds the cells of an uploaded smear and tallies each cell decided with the keys', async () => {
    const file = path.join(workDir, 'smear.png');
    await writeFile(file, encodeGrayPng(240, 180, drawSmear(240, 180, HEADS).data));
    const opened = await openPage(browser, baseUrl);
    context = opened.context;
    const page = opened.page;
    await useSession(page, token);
    await page.goto(`/sarm/samples/${datasetId}/assessments`);
    await page.getByTestId('assessment-tab-morphology').click();
    await page.getByTestId('assessment-start-morphology').click();
    await page
      .getByTestId('assessment-panel-morphology')
      .locator('input[type=file]')
      .setInputFiles(file);
    await page.getByText(`Cell 1 of ${HEADS.length}`).waitFor({ timeout: 20_000 });
    await page.screenshot({ path: path.join(SHOTS_DIR, 'bench-smear-image.png'), fullPage: true });

    // Cell 1 normal, cell 2 a head defect, cell 3 head and tail defects.
    await page.keyboard.press('1');
    await page.getByText(`Cell 2 of ${HEADS.length}`).waitFor();
    await page.keyboard.press('2');
    await page.keyboard.press('Enter');
    await page.keyboard.press('2');
    await page.keyboard.press('4');
    await page.keyboard.press('Enter');
    await page.getByText('Every cell of this image is classified').waitFor();
    expect(await tally(page, 'normal')).toMatch(/: 1$/);
    expect(await tally(page, 'head')).toMatch(/: 2$/);
    expect(await tally(page, 'tail')).toMatch(/: 1$/);

    // The counter goes on by hand once the image is done: the key counts a cell of its own.
    await page.keyboard.press('1');
    expect(await tally(page, 'normal')).toMatch(/: 2$/);
    const images = AssessmentImagesResponseSchema.parse(
      await api.getJson(`/sarm/assessments/${datasetId}/images`, token),
    );
    expect(images.images.map((image) => image.proposals.length)).toEqual([HEADS.length]);
  }, 90_000);
});
