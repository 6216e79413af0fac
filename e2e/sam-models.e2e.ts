import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SegmentationModelListSchema } from '@sarm/contracts';
import { buildTestSamDecoder, buildTestSamEncoder } from '../apps/server/src/test/onnx-builder.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts.js';
import { TestApi } from './support/api.js';
import { launchBrowser, openPage, useSession } from './support/browser.js';

const baseUrl = inject('baseUrl');
const api = new TestApi(baseUrl);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('segmentation models on System Settings', () => {
  it('installs a SAM ONNX pair for a SAM id, which then runs it, and uninstalls it', async () => {
    const admin = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const { page, context } = await openPage(browser, baseUrl);
    await useSession(page, admin.access_token);
    const samLarge = async () =>
      SegmentationModelListSchema.parse(
        await api.getJson('/sarm/annotation/models/?model_type=segmentation', admin.access_token),
      ).models.find((model) => model.id === 'sam2_large');

    await page.goto('/admin/settings');
    const card = page.getByRole('table', { name: 'Segmentation models' });
    const row = card.getByRole('row').filter({ hasText: 'sam2_large' });
    await row.getByText('Built-in segmenter (sarm-pointcut-v1)').waitFor();
    await row.getByRole('button', { name: 'Install' }).click();

    const dialog = page.getByRole('dialog', { name: 'Install a SAM model for sam2_large' });
    await dialog.getByLabel('Name (optional)').fill('Test SAM');
    const install = dialog.getByRole('button', { name: 'Install', exact: true });
    expect(await install.isDisabled()).toBe(true);
    await page.getByTestId('sam-encoder-input').setInputFiles({
      name: 'encoder.onnx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(buildTestSamEncoder(64)),
    });
    // A decoder without its masks output is refused with the server's reason.
    await page.getByTestId('sam-decoder-input').setInputFiles({
      name: 'decoder.onnx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(buildTestSamDecoder(64, { omitOutput: 'masks' })),
    });
    await install.click();
    await dialog
      .getByRole('alert')
      .getByText(/no output named 'masks'/)
      .waitFor();
    await page.getByTestId('sam-decoder-input').setInputFiles({
      name: 'decoder.onnx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(buildTestSamDecoder(64)),
    });
    await install.click();
    await page.getByText('Model installed').waitFor();
    await row.getByText('Installed').waitFor();
    await row.getByText('Test SAM').waitFor();
    expect(await samLarge()).toMatchObject({ installed: true, runtime: 'onnx', name: 'Test SAM' });

    await row.getByRole('button', { name: 'Uninstall' }).click();
    await page.getByText(/^Model uninstalled/).waitFor();
    await row.getByText('Built-in segmenter (sarm-pointcut-v1)').waitFor();
    expect(await samLarge()).toMatchObject({ installed: false, runtime: 'builtin' });
    await context.close();
  });
});
