import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts.js';
import { TestApi } from './support/api.js';
import { launchBrowser, openPage, useSession, waitForPath } from './support/browser.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('theme', () => {
  it('starts light and keeps dark mode across a reload', async () => {
    const admin = await new TestApi(baseUrl).login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const { page, context } = await openPage(browser, baseUrl);
    await useSession(page, admin.access_token);
    await page.goto('/sarm/dashboard');
    await waitForPath(page, '/sarm/dashboard');
    const light = await bodyBackground(page);

    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction(() => window.localStorage.getItem('theme') === 'dark');
    await page.reload();
    await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');
    const dark = await bodyBackground(page);
    expect(dark).not.toBe(light);
    expect(dark).toBe('rgb(13, 22, 32)');
    await context.close();
  });
});
