import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts.js';
import { TestApi } from './support/api.js';
import { launchBrowser, openPage } from './support/browser.js';

/** Screenshots for visual review; not assertions. Written to SARM_SHOTS_DIR (default /tmp/shots). */
const SHOTS_DIR = process.env.SARM_SHOTS_DIR ?? '/tmp/shots';
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SHOTS_DIR, { recursive: true });
});
afterAll(async () => {
  await browser.close();
});

const PUBLIC_PAGES = [
  ['login', '/login?expired=true', 'Sign in to SARM'],
  ['register', '/register', 'Create an account'],
  ['forgot-password', '/forgot-password', 'Forgot password'],
  ['not-found', '/missing-page', 'Page Not Found'],
  ['account-inactive', '/account-inactive', 'Account Inactive'],
] as const;

const SIGNED_IN_PAGES = [
  ['unauthorized', '/unauthorized', 'Access Denied'],
  ['profile-wizard', '/incomplete-profile', 'Complete Your Profile'],
  ['dashboard', '/sarm/dashboard', 'Business Dashboard'],
  ['technical-dashboard', '/finetune/dashboard', 'Technical Dashboard'],
  ['staged-navigation', '/sarm/projects/0f3a9c51-77aa/datasets', 'Datasets'],
  ['profile', '/profile', 'My Profile'],
  ['settings', '/settings', 'Settings'],
  ['admin-users', '/admin/users', 'User Management'],
  ['admin-roles', '/admin/roles', 'Role Management'],
  ['admin-permissions', '/admin/permissions', 'System Permissions'],
  ['admin-projects', '/admin/projects', 'Project Management'],
  ['admin-logs', '/admin/logs', 'System Logs'],
  ['admin-settings', '/admin/settings', 'System Settings'],
] as const;

async function shoot(page: Page, name: string, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png` });
}

describe.each(['light', 'dark'] as const)('screenshots (%s)', (mode) => {
  it('captures the signed-out pages', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/login');
    await page.evaluate((theme) => window.localStorage.setItem('theme', theme), mode);
    for (const [name, path, heading] of PUBLIC_PAGES)
      await shoot(page, `${name}-${mode}`, path, heading);
    await context.close();
  });

  it('captures the signed-in pages', async () => {
    const admin = await new TestApi(baseUrl).login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/login');
    await page.evaluate(
      ([token, theme]) => {
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('theme', theme);
      },
      [admin.access_token, mode] as const,
    );
    for (const [name, path, heading] of SIGNED_IN_PAGES)
      await shoot(page, `${name}-${mode}`, path, heading);
    await context.close();
  });
});
