import {
  CropListResponseSchema,
  DataLabelWithItemsSchema,
  FrameListResponseSchema,
  defaultDataLabelName,
  type Crop,
} from '@sarm/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TestApi } from './support/api.js';
import { waitForPath } from './support/browser.js';
import {
  openTechnicalSession,
  type TechnicalSeed,
  type TechnicalSession,
} from './support/technical.js';
import { okJson } from './support/videos.js';

/**
 * Morphology Data Labeling on a real frame's crops: two objects classified with the mouse and one
 * with the keyboard, saved into the user's morphology label (class, confidence and notes checked
 * through the API); then
 * the morphology labels list and the label page: statistics, an edited item, quality and export.
 * Screenshots at 1440x900 for the visual review.
 */

const baseUrl = inject('baseUrl');
const api = new TestApi(baseUrl);
let session: TechnicalSession;
let adminToken: string;
let adminId: string;
let seed: TechnicalSeed;
let page: Page;
let frameId: string;
let crops: readonly Crop[];

beforeAll(async () => {
  session = await openTechnicalSession(api, baseUrl, 'Morphology', 'morphology');
  ({ page, adminToken, adminId, seed } = session);
  const frame = FrameListResponseSchema.parse(
    await api.getJson(`/sarm/media/list-frames/${seed.videoId}`, adminToken),
  ).frames[0];
  if (frame === undefined) throw new Error('no frame extracted');
  frameId = frame.id;
  await okJson(
    await api.request('POST', '/sarm/detection/detect-sperm', { frame_id: frameId }, adminToken),
  );
  crops = CropListResponseSchema.parse(
    await api.getJson(`/technical/frames/${frameId}/crops`, adminToken),
  ).crops;
}, 120_000);

afterAll(async () => {
  await session.close();
});

const shoot = (name: string) => session.shoot(name);

const labelName = () => defaultDataLabelName(adminId, seed.datasetId, 'morphology');
const readLabel = async () =>
  DataLabelWithItemsSchema.parse(
    await api.getJson(`/sarm/annotation/get-label/${labelName()}?page=1&limit=100`, adminToken),
  );

describe('morphology data labeling', () => {
  it('classifies two objects of a frame and saves them into the morphology label', async () => {
    expect(crops.length).toBeGreaterThan(2);
    const total = crops.length;
    await page.goto(
      `/finetune/morphology-labeling?frameId=${frameId}&videoId=${seed.videoId}&datasetId=${seed.datasetId}`,
    );
    // The first page of a fresh server can take a while on a busy machine.
    await page
      .getByRole('heading', { name: 'Morphology Data Labeling' })
      .waitFor({ timeout: 60_000 });
    await page.getByText('Data label created successfully').waitFor();
    await page.getByText(`Labeled 0 / ${total} objects`).waitFor();
    await page.getByText('In Progress', { exact: true }).waitFor();
    const saveAll = page.getByRole('button', { name: 'Save All Labels' });
    expect(await saveAll.isDisabled()).toBe(true);

    // Object 1: abnormal head, confidence raised to 4 with the slider's arrow key, a note.
    await page.getByRole('button', { name: 'Object 1', exact: true }).click();
    const panel = page.getByTestId('classification-panel');
    const apply = panel.getByRole('button', { name: 'Apply Classification' });
    expect(await apply.isDisabled()).toBe(true);
    await panel.getByRole('button', { name: 'Abnormal Head' }).click();
    await panel.getByRole('slider').focus();
    await page.keyboard.press('ArrowRight');
    await panel.getByText('Confidence: 4').waitFor();
    await panel
      .getByPlaceholder('Add any relevant notes about this classification')
      .fill('Pyriform head');
    await apply.click();
    await page.getByText(`Labeled 1 / ${total} objects`).waitFor();

    // Object 2: a cytoplasmic droplet at the default confidence.
    await page.getByRole('button', { name: 'Object 2', exact: true }).click();
    await panel.getByRole('button', { name: 'Cytoplasmic Droplet' }).click();
    await panel.getByText('Confidence: 3').waitFor();
    await panel.getByRole('button', { name: 'Apply Classification' }).click();
    await page.getByText(`Labeled 2 / ${total} objects`).waitFor();
    // Object 3 with the keyboard alone: → then ← come back to it, 1 is Normal, Enter applies.
    await page.getByRole('heading', { name: 'Classify object 3' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { name: 'Classify object 4' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('heading', { name: 'Classify object 3' }).waitFor();
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await page.getByText(`Labeled 3 / ${total} objects`).waitFor();
    await page.getByRole('heading', { name: 'Classify object 4' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot('labeling');

    await saveAll.click();
    const dialog = page.getByRole('dialog', { name: 'Save Morphology Labels' });
    await dialog.getByText(`3 out of ${total} objects are classified.`).waitFor();
    await dialog
      .getByText(`${total - 3} objects are still unclassified and will not be saved.`)
      .waitFor();
    await dialog.getByText('Are you sure you want to save these labels?').waitFor();
    await shoot('save-dialog');
    await dialog.getByRole('button', { name: 'Save Labels' }).click();
    await page.getByText('Saved 3 morphology labels').waitFor();
    await waitForPath(page, '/technical/data-label-review');

    const label = await readLabel();
    const first = crops[0]?.id;
    const second = crops[1]?.id;
    expect(label.items.find((item) => item.detection_id === first)).toMatchObject({
      class_name: 'abnormal_head',
      morphology_class: 'head_defect',
      annotator_confidence: 4,
      notes: 'Pyriform head',
    });
    expect(label.items.find((item) => item.detection_id === second)).toMatchObject({
      class_name: 'cytoplasmic_droplet',
      morphology_class: 'midpiece_defect',
      annotator_confidence: 3,
      notes: '',
    });
    expect(label.items.find((item) => item.detection_id === crops[2]?.id)).toMatchObject({
      morphology_class: 'normal',
      annotator_confidence: 3,
    });

    // Coming back, the two objects start classified.
    await page.goto(
      `/finetune/morphology-labeling?frameId=${frameId}&videoId=${seed.videoId}&datasetId=${seed.datasetId}`,
    );
    await page.getByText(`Labeled 3 / ${total} objects`).waitFor();
  });

  it('lists the label, shows its items and statistics, edits one item and exports', async () => {
    await page.goto('/finetune/morphology-data-labels');
    await page.getByRole('heading', { name: 'My Morphology Data Labels' }).waitFor();
    await page.getByText(labelName()).waitFor();
    await page
      .getByText(/^Normal forms: 33\.3 %/)
      .first()
      .waitFor();
    await shoot('labels-list');

    await page.getByText(labelName()).click();
    await page.getByRole('heading', { name: labelName() }).waitFor();
    const table = page.getByRole('table', { name: 'Morphology items' });
    const edited = table.getByRole('row').filter({ hasText: 'Pyriform head' });
    // Shown as chosen, counted as the review list's classes (a droplet is a midpiece defect).
    await edited.getByText('Abnormal Head').waitFor();
    await edited.getByText('4 / 5').waitFor();
    await table.getByRole('row').filter({ hasText: 'Cytoplasmic Droplet' }).waitFor();
    await page.getByText('Head defect: 1').waitFor();
    await page.getByText('Midpiece defect: 1').waitFor();
    await shoot('label-page');

    await edited.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Classification' });
    await dialog.getByRole('button', { name: 'Normal', exact: true }).click();
    await dialog.getByLabel('Notes').fill('Normal after a second look');
    await shoot('edit-dialog');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Classification updated').waitFor();
    await page.getByText(/^Normal forms: 66\.7 % \(WHO reference 4 % or more\)/).waitFor();
    const row = table.getByRole('row').filter({ hasText: 'Normal after a second look' });
    await row.getByRole('button', { name: 'Bad' }).click();
    await row.getByText('Bad', { exact: true }).first().waitFor();

    const label = await readLabel();
    expect(label.items.find((item) => item.detection_id === crops[0]?.id)).toMatchObject({
      morphology_class: 'normal',
      notes: 'Normal after a second look',
      quality: 'bad',
    });

    await page.getByRole('button', { name: 'Export' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Export Morphology Data Label' });
    await exportDialog.getByLabel('Include original images').waitFor();
    expect(await exportDialog.getByLabel('Exclude bad-quality masks').isChecked()).toBe(true);
    await shoot('export-dialog');
    const download = page.waitForEvent('download');
    await exportDialog.getByRole('button', { name: 'Export', exact: true }).click();
    expect((await download).suggestedFilename()).toMatch(/\.zip$/);
    await page.getByText('Export downloaded').waitFor();
  });
});
