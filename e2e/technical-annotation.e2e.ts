import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DataLabelWithItemsSchema,
  FrameDetectionResponseSchema,
  FrameListResponseSchema,
  ReviewListResponseSchema,
  VideoListResponseSchema,
  defaultDataLabelName,
  type Detection,
} from '@sarm/contracts';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts.js';
import { TestApi } from './support/api.js';
import { projectMember } from './support/members.js';
import { launchBrowser, openPage, useSession } from './support/browser.js';
import { seedTechnicalVideo, until } from './support/technical.js';

/**
 * The technical workflow's annotation (issue 9): an annotator corrects the engine's boxes of a
 * frame with mouse and keyboard and adds the frame to the data label; a reviewer approves it.
 */

const baseUrl = inject('baseUrl');
const api = new TestApi(baseUrl);
const SHOTS_DIR = process.env.SARM_SHOTS_DIR ?? '/tmp/shots';
const PASSWORD = 'Annotate-Passw0rd';
const suffix = Date.now().toString(36);

let browser: Browser;
let workDir: string;
let adminToken: string;
let annotatorToken: string;
let annotatorId: string;
let reviewerToken: string;
let trainerToken: string;
let projectId: string;
let datasetId: string;
let videoId: string;
let videoFile: string;
const contexts: BrowserContext[] = [];

async function member(role: string): Promise<{ token: string; id: string }> {
  const options = {
    adminToken,
    projectId,
    displayName: `${role} ${suffix}`,
    role,
    password: PASSWORD,
  };
  return projectMember(api, options);
}

async function signedIn(token: string): Promise<Page> {
  const opened = await openPage(browser, baseUrl);
  await opened.page.setViewportSize({ width: 1440, height: 900 });
  contexts.push(opened.context);
  await useSession(opened.page, token);
  return opened.page;
}

const boxesOf = async (frameId: string): Promise<Detection[]> =>
  FrameDetectionResponseSchema.parse(
    await api.getJson(`/sarm/detection/get-sperm/${frameId}`, adminToken),
  ).detections;

/** Where a frame point is on the page: the canvas shows the whole frame, fitted to its width. */
async function pagePoint(page: Page, x: number, y: number, frameWidth: number) {
  const rect = await page.getByTestId('annotation-canvas').boundingBox();
  if (rect === null) throw new Error('no canvas');
  const scale = rect.width / frameWidth;
  return { x: rect.x + x * scale, y: rect.y + y * scale };
}

beforeAll(async () => {
  browser = await launchBrowser();
  workDir = await mkdtemp(path.join(tmpdir(), 'sarm-annotate-'));
  await mkdir(SHOTS_DIR, { recursive: true });
  adminToken = (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).access_token;
  ({ projectId, datasetId, videoId, videoFile } = await seedTechnicalVideo(
    api,
    adminToken,
    workDir,
    {
      project: `Annotation ${suffix}`,
      dataset: `Heads ${suffix}`,
      video: 'Heads video',
    },
  ));
  const annotator = await member('annotator');
  annotatorToken = annotator.token;
  annotatorId = annotator.id;
  reviewerToken = (await member('reviewer')).token;
  trainerToken = (await member('model_trainer')).token;
}, 120_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('detection annotation', () => {
  it('extracts frames, runs bulk detection, corrects boxes with mouse and keyboard, adds the frame to the data label, and a reviewer approves it', async () => {
    const page = await signedIn(annotatorToken);
    page.setDefaultTimeout(10_000);

    // Extract frames with the settings dialog, then run detection on all of them.
    await page.goto(`/finetune/frame-extraction?videoId=${videoId}`);
    await page.getByRole('heading', { name: 'Frame Extraction' }).waitFor();
    await page.getByRole('button', { name: 'Extract Frames' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Extract' }).click();
    await page.getByRole('tab', { name: /^All Frames \([1-9]\d*\)$/ }).waitFor({ timeout: 60_000 });
    await page.screenshot({ path: `${SHOTS_DIR}/technical-frame-extraction.png` });
    await page.getByRole('button', { name: 'Detect All' }).click();
    await page.getByText(/^Run sperm detection on \d+ frames\?/).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Detection completed').waitFor({ timeout: 60_000 });
    const frames = FrameListResponseSchema.parse(
      await api.getJson(`/sarm/media/list-frames/${videoId}`, adminToken),
    ).frames;
    const frameId = frames[0]?.id ?? '';
    const engineBoxes = await boxesOf(frameId);
    expect(engineBoxes.length).toBeGreaterThan(3);
    expect(engineBoxes.every((box) => box.track_id !== null)).toBe(true);

    // Open the first frame for annotation.
    await page.getByRole('link', { name: 'Annotate' }).first().click();
    await page.getByRole('heading', { name: /^Annotation - Frame #\d+$/ }).waitFor();
    await page.getByText(`Detection Results (${engineBoxes.length})`).waitFor();
    await page.getByText('Will be created automatically').waitFor();
    await page.getByText(`${engineBoxes.length} Not Added`).waitFor();

    // Draw a box with the mouse after pressing N (add mode).
    await page.keyboard.press('n');
    await page.getByRole('button', { name: 'Cancel Adding' }).waitFor();
    const from = await pagePoint(page, 20, 20, 320);
    const to = await pagePoint(page, 50, 45, 320);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    await page.getByText(`Detection Results (${engineBoxes.length + 1})`).waitFor();
    const drawn = (await boxesOf(frameId)).find((d) => d.source === 'manual');
    expect(drawn).toMatchObject({ verified: true });
    expect(drawn?.x1).toBeCloseTo(20, 0);
    expect(drawn?.x2).toBeCloseTo(50, 0);
    await page.screenshot({ path: `${SHOTS_DIR}/technical-annotation-frame.png` });

    // Move an engine box by dragging it, then undo with the keyboard.
    const target = engineBoxes[0];
    if (target === undefined) throw new Error('no engine box');
    const centre = await pagePoint(
      page,
      (target.x1 + target.x2) / 2,
      (target.y1 + target.y2) / 2,
      320,
    );
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + 20, centre.y + 10, { steps: 5 });
    const saved = page.waitForResponse((r) => r.url().includes('/update-sperm/'));
    await page.mouse.up();
    await saved;
    const moved = await until(
      'box moved',
      async () => (await boxesOf(frameId)).find((d) => d.id === target.id),
      (d) => d !== undefined && d.x1 > target.x1 + 1,
    );
    expect(moved).toMatchObject({ verified: true, source: 'manual' });
    await page.keyboard.press('Control+z');
    await until(
      'move undone',
      async () => (await boxesOf(frameId)).find((d) => d.id === target.id),
      (d) => d !== undefined && Math.abs(d.x1 - target.x1) < 0.01,
    );

    // Delete the selected box with the keyboard, confirming.
    await page.keyboard.press('Delete');
    await page.getByText('Are you sure you want to delete this detection?').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /confirm|delete|yes/i })
      .click();
    await page.getByText(`Detection Results (${engineBoxes.length})`).waitFor();
    expect((await boxesOf(frameId)).some((d) => d.id === target.id)).toBe(false);

    // The keyboard help lists the shortcuts.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.keyboard.press('?');
    await page.getByRole('dialog').getByText('Keyboard shortcuts').waitFor();
    await page.keyboard.press('Escape');

    // Add the frame to the data label: the label is created on the way.
    await page.getByRole('button', { name: 'Add Frame to Data Label' }).click();
    await page.getByText('Detection added to data label successfully!').waitFor();
    await page.getByRole('button', { name: 'Re-Add Frame to Data Label' }).waitFor();
    await page.getByText(`${engineBoxes.length} Added`, { exact: true }).waitFor();
    const label = DataLabelWithItemsSchema.parse(
      await api.getJson(
        `/sarm/annotation/get-label/${defaultDataLabelName(annotatorId, datasetId, 'detection')}`,
        annotatorToken,
      ),
    );
    expect(label.item_count).toBe(engineBoxes.length);

    // The COCO export downloaded in the browser holds the boxes on screen.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('button', { name: 'Export' }).click();
        await page.getByRole('menuitem', { name: 'COCO JSON' }).click();
      })(),
    ]);
    const zipFile = path.join(workDir, 'frame-coco.zip');
    await download.saveAs(zipFile);
    const zipped = unzipSync(await readFile(zipFile));
    const coco = z
      .object({ annotations: z.array(z.object({ bbox: z.array(z.number()) })) })
      .parse(JSON.parse(strFromU8(zipped['annotations.json'] ?? new Uint8Array())));
    const onScreen = (await boxesOf(frameId))
      .map((d) => [d.x1, d.y1, d.x2 - d.x1, d.y2 - d.y1].map((v) => Math.round(v)))
      .sort((a, b) => (a[1] ?? 0) - (b[1] ?? 0) || (a[0] ?? 0) - (b[0] ?? 0));
    expect(coco.annotations).toHaveLength(engineBoxes.length);
    expect(
      coco.annotations
        .map((a) => a.bbox.map((v) => Math.round(v)))
        .sort((a, b) => (a[1] ?? 0) - (b[1] ?? 0) || (a[0] ?? 0) - (b[0] ?? 0)),
    ).toEqual(onScreen);
    expect(Object.keys(zipped).some((name) => name.endsWith('.jpg'))).toBe(true);

    // Annotation Management lists the frame as completed.
    await page.goto('/finetune/annotation');
    await page.getByRole('heading', { name: 'Annotation Management' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Completed' }).first().waitFor();
    await page.screenshot({ path: `${SHOTS_DIR}/technical-annotation-management.png` });

    // The reviewer approves the frame on the review page.
    const reviewer = await signedIn(reviewerToken);
    await reviewer.goto('/finetune/data-label-review');
    await reviewer.getByRole('heading', { name: 'Data Label Review' }).waitFor();
    await reviewer.getByRole('tab', { name: 'Detection Labels (1)' }).waitFor();
    const row = reviewer.getByRole('row').filter({ hasText: 'Heads video' });
    await row.getByText('Pending').waitFor();
    await row.getByRole('button', { name: 'Review' }).click();
    const dialog = reviewer.getByRole('dialog');
    await dialog.getByLabel('Notes').fill('All heads boxed');
    await reviewer.screenshot({ path: `${SHOTS_DIR}/technical-review-dialog.png` });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await row.getByText('Approved').waitFor();
    await reviewer.screenshot({ path: `${SHOTS_DIR}/technical-review.png` });
    // The reviewer browses the label's items, grouped by frame.
    await reviewer.goto('/finetune/annotation/detection/review');
    await reviewer.getByRole('heading', { name: 'Detection Data Labels' }).waitFor();
    await reviewer.getByText(defaultDataLabelName(annotatorId, datasetId, 'detection')).click();
    await reviewer
      .getByText(`Items in ${defaultDataLabelName(annotatorId, datasetId, 'detection')}`)
      .waitFor();
    await reviewer.getByText('Frames with Detections').waitFor();
    await reviewer.getByText('Total Items').waitFor();
    await reviewer.screenshot({ path: `${SHOTS_DIR}/technical-label-items.png` });
    const reviews = ReviewListResponseSchema.parse(
      await api.getJson('/sarm/annotation/reviews?label_type=detection', reviewerToken),
    );
    expect(reviews.reviews.find((r) => r.frame_id === frameId)).toMatchObject({
      status: 'approved',
      notes: 'All heads boxed',
      reviewer_name: `reviewer ${suffix}`,
    });
  }, 120_000);

  it('lets a model trainer create a dataset with metadata and open its videos', async () => {
    const page = await signedIn(trainerToken);
    await page.goto('/finetune/videos');
    await page.getByText(`Annotation ${suffix}`).click();
    await page.getByRole('heading', { name: 'Datasets' }).waitFor();
    await page.getByRole('button', { name: 'Create Dataset' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Dataset name is required').waitFor();
    await dialog.getByText('Dataset description is required').waitFor();
    await dialog.getByLabel('Name').fill(`Morphology set ${suffix}`);
    await dialog.getByLabel('Description').fill('Crops for head shape');
    await dialog.getByLabel('Value').first().fill('VISEM');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const row = page.getByRole('row').filter({ hasText: `Morphology set ${suffix}` });
    await row.waitFor();
    await page.screenshot({ path: `${SHOTS_DIR}/technical-datasets.png` });
    await row.getByRole('link', { name: 'Videos' }).click();
    await page.getByRole('heading', { name: 'Videos' }).waitFor();
    await page.getByText('No videos found in this dataset.').waitFor();

    // Upload with a file's own metadata from its details dialog.
    const morphologySet = page.url().split('/datasets/')[1]?.split('/')[0] ?? '';
    await page.getByLabel('Choose video files').setInputFiles(videoFile);
    await page.getByRole('button', { name: 'Details of heads.mp4' }).click();
    const details = page.getByRole('dialog', { name: 'Details of heads.mp4' });
    await details.getByLabel('Source').fill('VISEM-Tracking');
    await details.getByLabel('Tags').fill('donor-7, phase contrast');
    await details.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(/^Own details: captured .* source VISEM-Tracking/).waitFor();
    await page.screenshot({ path: `${SHOTS_DIR}/technical-upload-details.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('row').filter({ hasText: 'heads' }).waitFor({ timeout: 30_000 });
    const uploaded = VideoListResponseSchema.parse(
      await api.getJson(`/business/videos/dataset/${morphologySet}`, trainerToken),
    ).videos;
    expect(uploaded).toMatchObject([
      { source: 'VISEM-Tracking', tags: ['donor-7', 'phase contrast'] },
    ]);

    // The wizard makes a detection dataset from annotated frames of a video.
    await page.goto('/finetune/datasets/create');
    await page.getByRole('heading', { name: 'Create Detection Dataset' }).waitFor();
    await page.getByLabel('Dataset name').fill(`From heads ${suffix}`);
    await page.getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: `Annotation ${suffix}` }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('combobox', { name: 'Video' }).click();
    await page.getByRole('option', { name: 'Heads video' }).click();
    await page.getByLabel('Include all frames with detections').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/^and \d+ more\.\.\.$/).waitFor();
    await page.getByRole('img', { name: 'Detection crop' }).first().waitFor();
    await page.screenshot({ path: `${SHOTS_DIR}/technical-wizard-review.png` });
    await page.getByRole('button', { name: 'Create Dataset' }).click();
    await page.getByText(`Dataset "From heads ${suffix}" created with its data label.`).waitFor();
  });
});
