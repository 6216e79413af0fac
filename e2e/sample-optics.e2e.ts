import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DatasetListResponseSchema } from '@sarm/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts.js';
import { TestApi } from './support/api.js';
import { launchBrowser, openPage, useSession } from './support/browser.js';
import { projectWithTechnician } from './support/members.js';

/**
 * Issue 34 at the sample form: a technician records how heads look under the microscope and that
 * the sample is dense, and the sample's settings carry both to the engine.
 */
const baseUrl = inject('baseUrl');
const api = new TestApi(baseUrl);
const SHOTS_DIR = process.env.SARM_SHOTS_DIR ?? '/tmp/shots';
const suffix = Date.now().toString(36);
let browser: Browser;
let projectId: string;
let technicianToken: string;

beforeAll(async () => {
  await mkdir(SHOTS_DIR, { recursive: true });
  browser = await launchBrowser();
  ({ projectId, technicianToken } = await projectWithTechnician(api, {
    adminToken: (await api.login(ADMIN_EMAIL, ADMIN_PASSWORD)).access_token,
    projectName: `Optics ${suffix}`,
    displayName: `Optics tech ${suffix}`,
    password: 'Optics-Passw0rd',
  }));
}, 60_000);

afterAll(async () => {
  await browser.close();
});

describe('sample optics', () => {
  it('saves dark heads and dense head finding from the sample form', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await useSession(page, technicianToken);
    await page.goto(`/sarm/projects/${projectId}/datasets`);
    await page.getByTestId('new-sample').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Sample name').fill(`Dense ${suffix}`);
    await dialog.getByRole('combobox', { name: 'Heads' }).click();
    await page.getByRole('option', { name: /^Dark/ }).click();
    await dialog.getByRole('combobox', { name: 'Head finding' }).click();
    await page.getByRole('option', { name: /^Dense sample/ }).click();
    await dialog.getByText('Dense sample: one head per contrast peak').waitFor();
    await page.screenshot({ path: path.join(SHOTS_DIR, 'sample-optics.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Create sample' }).click();
    await dialog.waitFor({ state: 'detached' });
    const listed = DatasetListResponseSchema.parse(
      await api.getJson(`/sarm/dataset/get-datasets?project_id=${projectId}`, technicianToken),
    );
    const dataset = listed.datasets.find((d) => d.name === `Dense ${suffix}`);
    expect(dataset?.settings).toMatchObject({ head_polarity: 'dark', head_finding: 'peaks' });
    await context.close();
  }, 60_000);
});
