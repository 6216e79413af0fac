import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CropListResponseSchema,
  DataLabelWithItemsSchema,
  FrameListResponseSchema,
  defaultDataLabelName,
} from '@sarm/contracts';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { TestApi } from './support/api.js';
import { waitForPath } from './support/browser.js';
import {
  openTechnicalSession,
  type TechnicalSeed,
  type TechnicalSession,
} from './support/technical.js';
import { okJson } from './support/videos.js';

/**
 * The Mask Extraction page on a real video's crops: a point, a generated mask, a new morphology
 * data label made with '+ New', the mask added to it, and the label exported as a COCO zip in
 * step 2; screenshots at 1440x900 for the visual review.
 */

const baseUrl = inject('baseUrl');
const api = new TestApi(baseUrl);
let session: TechnicalSession;
let adminToken: string;
let adminId: string;
let seed: TechnicalSeed;
let page: Page;

beforeAll(async () => {
  session = await openTechnicalSession(api, baseUrl, 'Masks', 'mask-extraction');
  ({ page, adminToken, adminId, seed } = session);
  const frames = FrameListResponseSchema.parse(
    await api.getJson(`/sarm/media/list-frames/${seed.videoId}`, adminToken),
  ).frames;
  for (const frame of frames.slice(0, 2))
    await okJson(
      await api.request('POST', '/sarm/detection/detect-sperm', { frame_id: frame.id }, adminToken),
    );
}, 120_000);

afterAll(async () => {
  await session.close();
});

const shoot = (name: string) => session.shoot(name);

describe('mask extraction', () => {
  it('names the missing id and leads to the datasets', async () => {
    await page.goto(`/finetune/mask-extraction?videoId=${seed.videoId}`);
    await page.getByText('Dataset ID is required. Please select a dataset first.').waitFor();
    await page.getByText('Please provide both videoId and datasetId to continue.').waitFor();
    await shoot('missing-ids');
    await page.getByRole('link', { name: 'Go to Datasets' }).click();
    await waitForPath(page, '/finetune/datasets');
  });

  it('masks a crop from a point, adds it to a new label and exports the label as a zip', async () => {
    const crops = CropListResponseSchema.parse(
      await okJson(
        await api.request(
          'POST',
          '/technical/crops/filter',
          { video_id: seed.videoId, limit: 20, offset: 0 },
          adminToken,
        ),
      ),
    );
    expect(crops.total).toBeGreaterThan(0);

    await page.goto(
      `/finetune/mask-extraction?videoId=${seed.videoId}&datasetId=${seed.datasetId}`,
    );
    await page.getByRole('heading', { name: 'Mask Extraction' }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: 'Technical' }).waitFor();
    await crumbs.getByRole('link', { name: 'Datasets' }).waitFor();
    await page.getByText('Define Masks with Points').waitFor();
    await page.getByText('No morphology data labels found.').waitFor();
    await page
      .getByRole('combobox', { name: 'Segmentation model' })
      .getByText('sam2.1_hiera_large')
      .waitFor();
    const grid = page.getByTestId('crop-grid');
    await expect.poll(() => grid.getByRole('button').count()).toBe(Math.min(20, crops.total));

    await grid.getByRole('button').first().click();
    const view = page.getByTestId('crop-prompt-view');
    await view.locator('img').first().waitFor();
    // The crop is the detection's box grown by a margin: its centre is on the cell.
    await view.click();
    await page.getByText('1 foreground, 0 background points').waitFor();
    await page.getByRole('button', { name: 'Generate Mask' }).click();
    await page.getByText(/^Mask generated successfully! Confidence: \d+%$/).waitFor();
    await page.getByTestId('mask-overlay').waitFor();
    await page
      .getByTestId('mask-result')
      .getByText(/^Confidence \d+% · (High|Medium|Low)$/)
      .waitFor();

    await page.getByRole('button', { name: '+ New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New morphology data label' });
    const name = defaultDataLabelName(adminId, seed.datasetId, 'morphology');
    await expect.poll(() => dialog.getByLabel('Name').inputValue()).toBe(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Data label created successfully').waitFor();
    await page.getByRole('combobox', { name: 'Data label' }).getByText(name).waitFor();
    await page.getByText('Items in this label: 0').waitFor();

    await page.getByRole('button', { name: 'Add to Dataset' }).click();
    await page.getByText('Added to data label successfully').waitFor();
    await grid.getByTestId('in-label-mark').waitFor();
    await shoot('define');
    await grid.getByRole('button', { name: /^Crop 1, frame \d+, in the label$/ }).waitFor();
    const label = DataLabelWithItemsSchema.parse(
      await api.getJson(`/sarm/annotation/get-label/${name}?limit=100`, adminToken),
    );
    expect(label.label_type).toBe('morphology');
    expect(label.items).toHaveLength(1);
    expect(label.items[0]?.mask_url).not.toBeNull();
    expect(label.items[0]?.points).toHaveLength(1);
    expect(label.items[0]).toMatchObject({ morphology_class: 'normal' });

    await page.getByRole('button', { name: 'Continue to Export' }).click();
    await page.getByText(`Data label: ${name} · items: 1`).waitFor();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByText(/^Export ready: .+\.zip/).waitFor({ timeout: 60_000 });
    await shoot('export');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const saved = path.join(session.workDir, 'export.zip');
    await download.saveAs(saved);
    const bytes = new Uint8Array(await readFile(saved));
    expect(strFromU8(bytes.slice(0, 2))).toBe('PK');
    const files = unzipSync(bytes);
    const coco = z
      .object({ annotations: z.array(z.object({ detection_id: z.string() })) })
      .parse(JSON.parse(strFromU8(files['annotations.json'] ?? new Uint8Array())));
    expect(coco.annotations.map((a) => a.detection_id)).toEqual([label.items[0]?.detection_id]);
    expect(Object.keys(files).some((file) => file.startsWith('images/'))).toBe(true);
  }, 120_000);
});
