import {
  CropListResponseSchema,
  DataLabelSchema,
  FrameListResponseSchema,
  ModelSchema,
  ModelListResponseSchema,
  PredictionListResponseSchema,
  ProjectDetectorSchema,
  defaultDataLabelName,
} from '@sarm/contracts';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestBoxDetector } from '../apps/server/src/test/onnx-builder.js';
import { TestApi } from './support/api.js';
import {
  openTechnicalSession,
  until,
  type TechnicalSeed,
  type TechnicalSession,
} from './support/technical.js';
import { okJson } from './support/videos.js';

/**
 * The research loop in the browser: a detector trained from a data label with live curves (one
 * run stopped, one finished), deployed to the project, and run over a video on the Model
 * Prediction page, whose numbers equal the stored prediction. Screenshots at 1440x900.
 */

const baseUrl = inject('baseUrl');
const api = new TestApi(baseUrl);
let session: TechnicalSession;
let adminToken: string;
let adminId: string;
let seed: TechnicalSeed;
let page: Page;
let labelName: string;

beforeAll(async () => {
  session = await openTechnicalSession(api, baseUrl, 'Training', 'model-training');
  ({ page, adminToken, adminId, seed } = session);
  const frames = FrameListResponseSchema.parse(
    await api.getJson(`/sarm/media/list-frames/${seed.videoId}`, adminToken),
  ).frames;
  labelName = defaultDataLabelName(adminId, seed.datasetId, 'detection');
  const label = DataLabelSchema.parse(
    await okJson(
      await api.request(
        'POST',
        '/sarm/annotation/create-label',
        { name: labelName, dataset_id: seed.datasetId, label_type: 'detection' },
        adminToken,
      ),
      201,
    ),
  );
  for (const frame of frames) {
    await okJson(
      await api.request('POST', '/sarm/detection/detect-sperm', { frame_id: frame.id }, adminToken),
    );
    await okJson(
      await api.request(
        'POST',
        '/sarm/annotation/add-frame',
        { data_label_id: label.id, frame_id: frame.id },
        adminToken,
      ),
    );
  }
}, 180_000);

afterAll(async () => {
  await session?.close();
});

const shoot = (name: string) => session.shoot(name);

async function choose(field: string, option: string | RegExp) {
  await page.getByLabel(field, { exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

async function fillNumber(field: string, value: number) {
  const input = page.getByLabel(field, { exact: true });
  await input.fill(String(value));
}

async function configure(name: string, epochs: number) {
  await page.getByLabel('Model Name', { exact: true }).fill(name);
  await choose('Dataset', new RegExp(session.names.dataset));
  await choose('Data Label', new RegExp(labelName));
  await fillNumber('Epochs', epochs);
  await fillNumber('Batch Size', 4);
  await fillNumber('Learning Rate', 0.01);
}

const modelsNamed = async (name: string) =>
  ModelListResponseSchema.parse(
    await api.getJson('/sarm/training/list-model?limit=500', adminToken),
  ).models.filter((model) => model.name === name);

describe('model training and prediction', () => {
  it('stops one run and finishes another, with live charts and logs', async () => {
    await page.goto('/finetune/training?type=detection');
    await page.getByRole('heading', { name: 'Model Training' }).waitFor();
    await page.getByRole('button', { name: 'Start Training' }).click();
    await page.getByText('Please provide a model name and select a dataset').waitFor();

    await configure('Long run', 500);
    await page.getByRole('button', { name: 'Start Training' }).click();
    await page.getByText(/Epoch ([2-9]|\d\d+) \/ 500/).waitFor({ timeout: 60_000 });
    await page.getByText(/Epoch 2\/500: loss/).waitFor();
    await page.getByText('Loss', { exact: true }).waitFor();
    await shoot('training-live');
    await page.getByRole('button', { name: 'Stop Training' }).click();
    await page
      .getByText('Are you sure you want to stop the training? All progress will be lost.')
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/Training stopped after epoch \d+/).waitFor({ timeout: 60_000 });
    const [stopped] = await modelsNamed('Long run');
    expect(stopped?.status).toBe('stopped');

    await page.goto('/finetune/training?type=detection');
    await configure('Heads v2', 3);
    await page.getByRole('button', { name: 'Start Training' }).click();
    await page.getByText(/Training completed: kept epoch \d of 3/).waitFor({ timeout: 90_000 });
    await page.getByText(/Epoch 3 \/ 3/).waitFor();
    await shoot('training-done');
    const [trained] = await modelsNamed('Heads v2');
    expect(trained?.status).toBe('trained');
    expect(trained?.metrics?.final_loss).toBeGreaterThan(0);
  }, 240_000);

  it('deploys the trained model to the project from the Trained Models tab', async () => {
    await page.goto('/finetune/training');
    await page.getByRole('tab', { name: 'Trained Models' }).click();
    const row = page.getByRole('row', { name: /Heads v2/ });
    await row.waitFor();
    await row.getByRole('button', { name: 'Deploy' }).click();
    await choose('Project', new RegExp(session.names.project));
    await page.getByRole('dialog').getByRole('button', { name: 'Deploy' }).click();
    const [model] = await modelsNamed('Heads v2');
    const detector = await until(
      'model deployed',
      async () =>
        ProjectDetectorSchema.parse(
          await api.getJson(`/technical/projects/${seed.projectId}/detector`, adminToken),
        ),
      (value) => value.model !== null,
    );
    expect(detector.model?.id).toBe(model?.id);
    await shoot('trained-models');
  }, 120_000);

  it('runs a prediction on the video and shows the stored numbers', async () => {
    await page.goto('/finetune/prediction');
    await page.getByRole('heading', { name: 'Model Prediction' }).waitFor();
    await page.getByLabel('Prediction Name', { exact: true }).fill('Heads on the video');
    await choose('Model', /Heads v2/);
    await choose('Dataset', new RegExp(session.names.dataset));
    await choose('Video', new RegExp(session.names.video));
    await page.getByRole('button', { name: 'Run Prediction' }).click();
    await page.getByText('Results Summary').waitFor({ timeout: 90_000 });

    const [stored] = PredictionListResponseSchema.parse(
      await api.getJson('/technical/predictions?limit=5', adminToken),
    ).predictions.filter((p) => p.name === 'Heads on the video');
    const metrics = stored?.metrics;
    if (metrics == null) throw new Error('no stored metrics');
    const shown = async (label: string) =>
      (
        await page
          .locator('div', { has: page.getByText(label, { exact: true }) })
          .last()
          .locator('h6')
          .textContent()
      )?.trim();
    expect(await shown('Processed Frames')).toBe(String(metrics.processedFrames));
    expect(await shown('Total Sperm Count (mean heads per frame)')).toBe(
      (metrics.totalSpermCount ?? 0).toFixed(1),
    );
    expect(await shown('Concentration (M/ml)')).toBe((metrics.concentration ?? 0).toFixed(1));
    expect(await shown('Progressive')).toBe(`${(metrics.progressive ?? 0).toFixed(1)}%`);
    await page
      .getByRole('img', { name: /Frame \d+ with predictions/ })
      .first()
      .waitFor();
    await shoot('prediction-results');

    await page.getByRole('tab', { name: 'Saved Predictions' }).click();
    await page.getByText('Heads on the video').filter({ visible: true }).first().waitFor();
    await shoot('saved-predictions');
  }, 180_000);

  it('shows a morphology model’s validation by class and confusion matrix', async () => {
    // Detection boxes and morphology crops in one dataset.
    await okJson(
      await api.request(
        'PUT',
        `/sarm/dataset/update-dataset/${seed.datasetId}`,
        { type: 'combined' },
        adminToken,
      ),
    );
    const label = DataLabelSchema.parse(
      await okJson(
        await api.request(
          'POST',
          '/sarm/annotation/create-label',
          { name: 'Shapes', dataset_id: seed.datasetId, label_type: 'morphology' },
          adminToken,
        ),
        201,
      ),
    );
    const crops = CropListResponseSchema.parse(
      await okJson(
        await api.request(
          'POST',
          '/technical/crops/filter',
          { video_id: seed.videoId, limit: 60, offset: 0 },
          adminToken,
        ),
      ),
    ).crops;
    // Wide boxes are called head defects, the others normal: a class the crops show.
    await okJson(
      await api.request(
        'POST',
        `/sarm/annotation/datasets/${seed.datasetId}/data-labels/${label.id}/classifications`,
        {
          items: crops.map((crop, i) => ({
            detection_id: crop.id,
            class: i % 2 === 0 ? 'normal' : 'head_defect',
          })),
        },
        adminToken,
      ),
    );
    const model = ModelSchema.parse(
      await okJson(
        await api.request(
          'POST',
          '/technical/models',
          { name: 'Shapes v1', type: 'morphology', dataset_id: seed.datasetId },
          adminToken,
        ),
        201,
      ),
    );
    await okJson(
      await api.request(
        'POST',
        `/technical/models/${model.id}/train`,
        { epochs: 2, batch_size: 8, data_label_id: label.id },
        adminToken,
      ),
      202,
    );
    await until(
      'morphology model trained',
      async () => ModelSchema.parse(await api.getJson(`/technical/models/${model.id}`, adminToken)),
      (value) => value.status !== 'training',
    );
    await page.goto(`/finetune/training?id=${model.id}`);
    await page.getByText('Validation by class').waitFor({ timeout: 30_000 });
    await page.getByRole('table').filter({ hasText: 'Normal' }).first().waitFor();
    await page.getByText('Validation by class').scrollIntoViewIfNeeded();
    await shoot('morphology-evaluation');
  }, 180_000);

  it('imports an ONNX detector through the Import Model dialog, and shows a refusal', async () => {
    const good = path.join(session.workDir, 'boxes.onnx');
    await writeFile(
      good,
      buildTestBoxDetector({
        channels: 3,
        height: 240,
        width: 320,
        rows: [[100, 80, 12, 12, 0.9]],
      }),
    );
    const junk = path.join(session.workDir, 'junk.onnx');
    await writeFile(junk, 'not a model');
    await page.goto('/finetune/training');
    await page.getByRole('tab', { name: 'Trained Models' }).click();
    const importModel = async (file: string) => {
      await page.getByRole('button', { name: 'Import Model' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('model-file-input').setInputFiles(file);
      await dialog.getByLabel('Model Type').click();
      await page.getByRole('option', { name: 'Detection' }).click();
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      return dialog;
    };
    const refused = await importModel(junk);
    await refused
      .getByText('Error importing model: Not an ONNX model: the file could not be loaded')
      .waitFor();
    await shoot('import-refused');
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await importModel(good);
    await page.getByText('Model "boxes" has been imported.').waitFor();
    await page.getByRole('row', { name: /boxes/ }).waitFor();
    const [imported] = await modelsNamed('boxes');
    expect(imported).toMatchObject({ runtime: 'onnx', source: 'imported', status: 'trained' });
  }, 120_000);
});
