import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  CalibrationProfileListResponseSchema,
  SystemSettingsSchema,
  UserProjectListResponseSchema,
} from '@sarm/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from './support/api.js';
import { launchBrowser, openPage, waitForPath } from './support/browser.js';
import { startFreshServer, type FreshServer } from './support/firstRun.js';

const SHOTS_DIR = process.env.SARM_SHOTS_DIR ?? '/tmp/shots';
const ADMIN = { email: 'first-admin@sarm.test', password: 'First-Run-Passw0rd' };
let browser: Browser;
let fresh: FreshServer;

beforeAll(async () => {
  fresh = await startFreshServer(ADMIN.email, ADMIN.password);
  browser = await launchBrowser();
  await mkdir(SHOTS_DIR, { recursive: true });
});
afterAll(async () => {
  await browser.close();
  await fresh.stop();
});

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS_DIR, `first-run-${name}.png`), fullPage: true });

describe('first-run setup', () => {
  it('leads the first administrator to setup, which can be skipped and run again from the dashboard', async () => {
    const { page, context } = await openPage(browser, fresh.baseUrl);
    await signIn(page);
    await waitForPath(page, '/setup');
    await page.getByRole('heading', { name: 'First-run setup' }).waitFor();
    await page.getByRole('button', { name: 'Skip setup' }).click();
    await waitForPath(page, '/sarm/dashboard');
    // No "ask an administrator" for the administrator: what to do instead.
    await page.getByText('No Projects Available').waitFor();
    await page.getByRole('button', { name: 'Create a project' }).waitFor();
    expect(await page.getByText('Ask an administrator to add you to a project.').count()).toBe(0);
    await shot(page, '0-no-projects');
    await page.getByRole('button', { name: 'Run first-run setup' }).click();
    await waitForPath(page, '/setup');
    for (const title of ['Laboratory', 'First project', 'Microscope calibration'])
      await page.getByText(title, { exact: true }).waitFor();
    await page.getByLabel('Laboratory name').fill('Andrology Laboratory of Hue');
    await shot(page, '1-laboratory');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await page.getByLabel('Project Name').fill('Semen analysis 2026');
    expect(await page.getByLabel('Clinic (semen analysis and reports)').isChecked()).toBe(true);
    await shot(page, '2-project');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // The calibration step shows defaults the server accepts as they stand.
    const scale = page.getByLabel('µm per pixel');
    await scale.waitFor();
    expect(await scale.inputValue()).toBe('0.5');
    expect(await page.getByLabel('Frame rate (fps)').inputValue()).toBe('50');
    expect(await page.getByLabel('Chamber depth (µm)').inputValue()).toBe('20');
    await shot(page, '3-calibration');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await page.getByRole('heading', { name: 'Setup finished' }).waitFor();
    await shot(page, '4-finished');
    await page.getByRole('button', { name: 'Go to the dashboard' }).click();
    await waitForPath(page, '/sarm/dashboard');
    await page.getByText('Semen analysis 2026').first().waitFor();
    await context.close();

    const api = new TestApi(fresh.baseUrl);
    const { access_token: token } = await api.login(ADMIN.email, ADMIN.password);
    const settings = SystemSettingsSchema.parse(await api.getJson('/admin/settings', token));
    expect(settings.general.laboratoryName).toBe('Andrology Laboratory of Hue');
    expect(settings.setup.completedAt).not.toBeNull();
    const projects = UserProjectListResponseSchema.parse(await api.getJson('/sarm/project', token));
    expect(projects.projects.map((p) => [p.name, p.accessLevel])).toEqual([
      ['Semen analysis 2026', 'admin'],
    ]);
    const profiles = CalibrationProfileListResponseSchema.parse(
      await api.getJson('/sarm/calibration-profiles', token),
    );
    expect(profiles.profiles.map((p) => [p.um_per_pixel, p.frame_rate_fps])).toEqual([[0.5, 50]]);

    // Another browser: setup is over (it was skipped, then finished), the sign-in opens the dashboard.
    const other = await openPage(browser, fresh.baseUrl);
    await signIn(other.page);
    await waitForPath(other.page, '/sarm/dashboard');
    await other.context.close();
  });
});
