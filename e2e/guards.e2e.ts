import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, uniqueEmail } from './support/accounts.js';
import { TestApi } from './support/api.js';
import { launchBrowser, openPage, useSession, waitForPath } from './support/browser.js';

const baseUrl = inject('baseUrl');
const api = new TestApi(baseUrl);
const PASSWORD = 'guard-test-password-1';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function registeredUserToken(name: string): Promise<string> {
  const email = uniqueEmail(name);
  await api.register(name, email, PASSWORD);
  const session = await api.login(email, PASSWORD);
  return session.access_token;
}

describe('route guards', () => {
  it('sends visitors without a session to the login page', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/profile');
    await waitForPath(page, '/login');
    await context.close();
  });

  it('sends a user without manage_users from /admin/users to the 403 page', async () => {
    const token = await registeredUserToken('noroles');
    const { page, context } = await openPage(browser, baseUrl);
    await useSession(page, token);
    await page.goto('/admin/users');
    await waitForPath(page, '/unauthorized');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByRole('button', { name: 'Manage Roles' }).count()).toBe(0);
    await context.close();
  });

  it('sends a user without business access from /sarm/* to the 403 page and shows /dashboard as "no access yet"', async () => {
    const token = await registeredUserToken('noworkflow');
    const { page, context } = await openPage(browser, baseUrl);
    await useSession(page, token);
    await page.goto('/sarm/projects');
    await waitForPath(page, '/unauthorized');
    await page.goto('/dashboard');
    await page
      .getByText(
        'Your account has no workflow access yet. Ask an administrator to assign you a role.',
      )
      .waitFor();
    await context.close();
  });

  it('sends an account deactivated by an administrator to /account-inactive and refuses its sign-in', async () => {
    const email = uniqueEmail('deactivated');
    await api.register('Soon Inactive', email, PASSWORD);
    const session = await api.login(email, PASSWORD);
    const { page, context } = await openPage(browser, baseUrl);
    await useSession(page, session.access_token);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();

    const admin = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const deactivated = await api.request(
      'PUT',
      `/admin/users/${session.user.id}`,
      { isActive: false },
      admin.access_token,
    );
    expect(deactivated.status).toBe(200);

    await page.goto('/settings');
    await waitForPath(page, '/account-inactive');
    await page.getByRole('heading', { name: 'Account Inactive' }).waitFor();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await waitForPath(page, '/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(page, '/account-inactive');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    const refused = await api.request('POST', '/sarm/auth/login-user', {
      email,
      password: PASSWORD,
    });
    expect(refused.status).toBe(403);
    await context.close();
  });

  it('sends a session the server refuses as ACCOUNT_INACTIVE to /account-inactive (answer stubbed)', async () => {
    const token = await registeredUserToken('inactive');
    const { page, context } = await openPage(browser, baseUrl);
    // Stands in for the deactivation above: the exact answer the server gives an inactive account.
    await page.route('**/api/sarm/auth/get-me', (route) =>
      route.fulfill({
        status: 403,
        json: {
          statusCode: 403,
          message: 'Account is inactive',
          detail: { code: 'ACCOUNT_INACTIVE' },
        },
      }),
    );
    await useSession(page, token);
    await page.goto('/dashboard');
    await waitForPath(page, '/account-inactive');
    await page.getByRole('heading', { name: 'Account Inactive' }).waitFor();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('shows the not-found page for unknown paths', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByText('404').waitFor();
    await context.close();
  });
});

describe('workflow switch', () => {
  it('lets a user with both accesses switch from Business to Technical', async () => {
    const admin = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const { page, context } = await openPage(browser, baseUrl);
    await useSession(page, admin.access_token);
    await page.goto('/dashboard');
    await waitForPath(page, '/sarm/dashboard');
    await page.getByTestId('business-dashboard').waitFor();
    // A slow processor, as on a busy clinic PC: React Router renders each navigation as a
    // transition, so the address changes before the switch shows the new workflow, and the next
    // click comes while the switch still shows the previous one.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.getByRole('button', { name: 'Technical', exact: true }).click();
    await waitForPath(page, '/finetune/dashboard');
    await page.getByRole('button', { name: 'Business', exact: true }).click();
    await waitForPath(page, '/sarm/dashboard');
    await page.getByRole('button', { name: 'Business', exact: true, pressed: true }).waitFor();
    await context.close();
  });

  it('shows the staged navigation with progress when a project and dataset are in the path', async () => {
    const admin = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const { page, context } = await openPage(browser, baseUrl);
    await useSession(page, admin.access_token);
    await page.goto('/sarm/projects/abcdef0123456789/datasets/ds-42/videos');
    await page.getByTestId('staged-navigation').waitFor();
    expect(await page.getByTestId('stage-progress').textContent()).toBe('Progress 3/6');
    expect(await page.getByTestId('stage-context').textContent()).toContain('Project abcdef01');
    await context.close();
  });
});
