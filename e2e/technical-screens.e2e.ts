import {
  DataLabelSchema,
  DataLabelWithItemsSchema,
  DatasetSchema,
  FrameListResponseSchema,
  defaultDataLabelName,
} from '@sarm/contracts';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { TestApi } from './support/api.js';
import { okJson } from './support/videos.js';
import {
  openTechnicalSession,
  type TechnicalSeed,
  type TechnicalSession,
} from './support/technical.js';

/**
 * The technical workflow's step pages on a real video (Apply Detection, Frame Detection
 * Results, Concentration and Motility Analysis), then a tour of every technical screen at
 * 1440x900 with a screenshot of each for the visual review.
 */

const baseUrl = inject('baseUrl');
const api = new TestApi(baseUrl);
let session: TechnicalSession;
let adminToken: string;
let adminId: string;
let seed: TechnicalSeed;
let page: Page;

beforeAll(async () => {
  session = await openTechnicalSession(api, baseUrl, 'Screens', 'technical');
  ({ page, adminToken, adminId, seed } = session);
}, 120_000);

afterAll(async () => {
  await session.close();
});

const shoot = (name: string) => session.shoot(name);

const frameCount = async () =>
  FrameListResponseSchema.parse(
    await api.getJson(`/sarm/media/list-frames/${seed.videoId}`, adminToken),
  ).frames;

describe('technical workflow steps', () => {
  it('applies detection to the chosen frames and lists the results by frame', async () => {
    await page.goto('/finetune/dashboard');
    await page
      .getByTestId('workflow-steps')
      .getByRole('link', { name: /Apply Detection/ })
      .click();
    await page.getByRole('heading', { name: 'Apply Detection' }).waitFor();
    await page.getByRole('combobox', { name: 'Video' }).click();
    await page.getByRole('option', { name: /^Screens video/ }).click();
    const frames = await frameCount();
    expect(frames.length).toBeGreaterThan(2);
    // Two frames ticked by hand: only those are detected.
    await page.getByLabel(/^Frames ticked below/).check();
    for (const frame of frames.slice(0, 2))
      await page.getByLabel(`Choose frame ${frame.frameNumber}`, { exact: true }).check();
    await page.getByRole('button', { name: /^Run Detection/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Detection completed').waitFor({ timeout: 60_000 });
    const after = await frameCount();
    expect(after.filter((frame) => frame.detectionCount > 0).map((f) => f.id)).toEqual(
      frames.slice(0, 2).map((f) => f.id),
    );
    await shoot('apply-detection');

    await page.getByRole('link', { name: 'View Results' }).click();
    await page.getByRole('heading', { name: 'Frame Detection Results' }).waitFor();
    const boxes = after.reduce((sum, frame) => sum + frame.detectionCount, 0);
    await page
      .getByTestId('results-figure-detections')
      .getByText(String(boxes), { exact: true })
      .waitFor();
    await shoot('detection-results');
  });

  it('shows the engine concentration and motility of the video', async () => {
    const query = `datasetId=${seed.datasetId}&videoId=${seed.videoId}`;
    await page.goto(`/finetune/concentration?${query}`);
    await page.getByRole('heading', { name: 'Concentration Analysis' }).waitFor();
    await page.getByRole('button', { name: 'Analyse video' }).click();
    await page.getByText(/M\/ml/).first().waitFor({ timeout: 90_000 });
    await shoot('concentration');
    await page.goto(`/finetune/motility?${query}`);
    await page.getByRole('heading', { name: 'Motility Analysis' }).waitFor();
    await page.getByText('Rapid Progressive').first().waitFor();
    await shoot('motility');
  }, 120_000);

  it('views and edits a dataset, then manages its data labels', async () => {
    await page.goto(`/finetune/projects/${seed.projectId}/datasets`);
    const row = page.getByRole('row').filter({ hasText: session.names.dataset });
    await row.getByRole('button', { name: 'View' }).click();
    const view = page.getByRole('dialog');
    await view.getByText('Annotated frames').waitFor();
    await shoot('dataset-view');
    await view.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Dataset' });
    await form.getByLabel('Description').fill('Heads for the screen tour');
    await form.getByRole('button', { name: 'Add field' }).click();
    await form.getByLabel('Key').last().fill('capture_device');
    await form.getByLabel('Value').last().fill('Olympus CX43');
    await form.getByRole('button', { name: 'Save' }).click();
    await row.getByText('Heads for the screen tour').waitFor();
    const saved = DatasetSchema.parse(
      await api.getJson(`/sarm/dataset/get-dataset/${seed.datasetId}`, adminToken),
    );
    expect(saved.metadata).toMatchObject({ capture_device: 'Olympus CX43' });

    // The frames detected above go into the administrator's label of the dataset.
    const label = DataLabelSchema.parse(
      await okJson(
        await api.request(
          'POST',
          '/sarm/annotation/create-label',
          {
            name: defaultDataLabelName(adminId, seed.datasetId, 'detection'),
            description: 'Screen tour label',
            dataset_id: seed.datasetId,
            user_id: adminId,
            label_type: 'detection',
          },
          adminToken,
        ),
        201,
      ),
    );
    const detected = (await frameCount()).filter((frame) => frame.detectionCount > 0);
    for (const frame of detected)
      await okJson(
        await api.request(
          'POST',
          '/sarm/annotation/add-frame',
          { data_label_id: label.id, frame_id: frame.id, class_name: 'sperm' },
          adminToken,
        ),
      );
    const items = detected.reduce((sum, frame) => sum + frame.detectionCount, 0);

    await row.getByRole('link', { name: 'Data Labels' }).click();
    await page.getByRole('heading', { name: 'Data Annotation' }).waitFor();
    const labelRow = page.getByRole('row').filter({ hasText: label.name });
    await labelRow.getByRole('cell', { name: String(items), exact: true }).waitFor();
    await page.getByText('Labeled Items').waitFor();
    await shoot('dataset-labels');
    await labelRow.getByRole('button', { name: 'Details' }).click();
    await page.getByRole('dialog').getByText('Screen tour label').waitFor();
    await page.getByRole('dialog').getByRole('link', { name: 'Open Items' }).click();
    await page.getByText(`Items in ${label.name}`).waitFor();
    await page.getByText('Frames with Detections').waitFor();
    await shoot('dataset-label-items');
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Data Annotation' })
      .click();
    await labelRow.getByRole('button', { name: 'Delete Label' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /confirm|delete|yes/i })
      .click();
    await page.getByText('This dataset has no data labels yet.').waitFor();
  });

  it('segments a crop and puts it in the morphology label with the keyboard alone', async () => {
    const frame = (await frameCount()).find((f) => f.detectionCount > 0);
    if (frame === undefined) throw new Error('no detected frame');
    await page.goto(
      `/finetune/crops?frameId=${frame.id}&videoId=${seed.videoId}&datasetId=${seed.datasetId}`,
    );
    await page.getByRole('heading', { name: 'Morphology Segmentation' }).waitFor();
    await page.getByText('Data label created successfully').waitFor();
    await page.getByTestId('crop-grid').getByText('Not Added').first().waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('crop-prompt-view').waitFor();
    await page.keyboard.press('a');
    await page.getByText(/^Added \d+ suggested points$/).waitFor();
    await page.keyboard.press('g');
    await page.getByText(/^Mask generated successfully! Confidence: \d+%$/).waitFor();
    await page.getByTestId('mask-overlay').waitFor();
    await page
      .getByTestId('mask-result')
      .getByText(/^Head .* µm/)
      .waitFor();
    await shoot('segmentation');
    // The class by its digit: 2 is a head defect.
    await page.keyboard.press('2');
    await page.getByRole('combobox').filter({ hasText: 'Head defect' }).waitFor();
    await page.keyboard.press('s');
    await page.getByText('Added to data label successfully').waitFor();
    await page.getByTestId('crop-grid').getByText('Added', { exact: true }).first().waitFor();
    const label = DataLabelWithItemsSchema.parse(
      await api.getJson(
        `/sarm/annotation/get-label/${defaultDataLabelName(adminId, seed.datasetId, 'morphology')}?limit=100`,
        adminToken,
      ),
    );
    expect(label.items).toHaveLength(1);
    expect(label.items[0]).toMatchObject({ morphology_class: 'head_defect' });
    expect(label.items[0]?.points.length).toBeGreaterThan(0);
    expect(label.items[0]?.mask_url).not.toBeNull();
    await page.keyboard.press('?');
    await page.getByRole('dialog').getByText('Keyboard shortcuts').waitFor();
    await page.keyboard.press('Escape');

    // The item waits for review on the Morphology Labels tab; approving it is kept.
    await page.goto('/finetune/data-label-review');
    await page.getByRole('tab', { name: 'Morphology Labels (1)' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Screens video' });
    await row.getByText('Pending').waitFor();
    await row.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await row.getByText('Approved').waitFor();
    await shoot('morphology-review');

    // The label exports as COCO with the mask as polygon and RLE, and its morphometry.
    const exported = await api.request(
      'POST',
      `/sarm/annotation/datasets/${seed.datasetId}/data-labels/${label.id}/export`,
      { format: 'coco', include_original_images: false },
      adminToken,
    );
    expect(exported.status).toBe(200);
    const coco = z
      .object({
        annotations: z.array(
          z.object({
            segmentation: z.array(z.array(z.number())),
            rle: z.object({ counts: z.array(z.number()) }),
            attributes: z.object({
              morphology_class: z.string(),
              morphometry: z.object({ length_um: z.number() }),
            }),
          }),
        ),
      })
      .parse(
        JSON.parse(
          strFromU8(
            unzipSync(new Uint8Array(await exported.arrayBuffer()))['annotations.json'] ??
              new Uint8Array(),
          ),
        ),
      );
    expect(coco.annotations).toHaveLength(1);
    expect(coco.annotations[0]?.attributes.morphology_class).toBe('head_defect');
    expect(coco.annotations[0]?.attributes.morphometry.length_um).toBeGreaterThan(1);

    // The morphology review page lists the label; its items are a table with the statistics.
    await page.goto('/finetune/annotation/morphology/review');
    await page.getByRole('heading', { name: 'Morphology Data Labels' }).waitFor();
    await page.getByText(label.name).click();
    await page.getByText(`Items in ${label.name}`).waitFor();
    const item = page.getByRole('table', { name: 'Morphology items' }).getByRole('row').nth(1);
    await item.getByText('Head defect').waitFor();
    await item.getByText('Approved').waitFor();
    await page.getByText(/^Normal forms: 0\.0 % \(WHO reference 4 % or more\)$/).waitFor();
    await shoot('morphology-label-items');
  });

  it('shows every technical screen at 1440x900', async () => {
    const screens: readonly (readonly [string, string, string | RegExp])[] = [
      ['dashboard', '/finetune/dashboard', 'Technical Dashboard'],
      ['project-picker', '/finetune/videos', 'Projects'],
      ['project-datasets', `/finetune/projects/${seed.projectId}/datasets`, 'Datasets'],
      ['all-datasets', '/technical/datasets', 'Datasets'],
      ['dataset-videos', `/finetune/datasets/${seed.datasetId}/videos`, 'Videos'],
      ['extraction', `/finetune/frame-extraction?videoId=${seed.videoId}`, 'Frame Extraction'],
      ['extraction-empty', '/finetune/frame-extraction', 'Frame Extraction'],
      ['annotation-management', '/finetune/annotation', 'Annotation Management'],
      ['labels-browser', '/finetune/annotation/detection/review', 'Detection Data Labels'],
      ['review', '/technical/data-label-review', 'Data Label Review'],
      ['wizard', `/finetune/datasets/create?videoId=${seed.videoId}`, 'Create Detection Dataset'],
    ];
    for (const [name, url, heading] of screens) {
      await page.goto(url);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      await shoot(name);
    }
  });
});
