import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { CurrentUserSchema } from '@sarm/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, uniqueEmail } from './support/accounts.js';
import { TestApi } from './support/api.js';
import { launchBrowser, openPage, useSession, waitForPath } from './support/browser.js';

const baseUrl = inject('baseUrl');
const api = new TestApi(baseUrl);
const PASSWORD = 'account-test-password-1';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function newUserSession(name: string): Promise<string> {
  const email = uniqueEmail(name);
  await api.register(name, email, PASSWORD);
  return (await api.login(email, PASSWORD)).access_token;
}

describe('profile wizard', () => {
  it('walks the three steps and saves the profile as completed', async () => {
    const token = await newUserSession('wizard');
    const { page, context } = await openPage(browser, baseUrl);
    await useSession(page, token);
    await page.goto('/incomplete-profile');
    await page.getByText('Basic Information').waitFor();
    await page.getByLabel('Phone Number').fill('+33 1 23 45 67 89');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Job Title').fill('Embryologist');
    await page.getByLabel('Organization/Institution').fill('Clinique Test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Embryologist').waitFor();
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    // A user without roles lands on the "no workflow access yet" dashboard.
    await waitForPath(page, '/dashboard');
    const me = CurrentUserSchema.parse(await api.getJson('/sarm/auth/get-me', token));
    expect(me.profileCompleted).toBe(true);
    expect(me.profile).toMatchObject({
      jobTitle: 'Embryologist',
      organization: 'Clinique Test',
      department: null,
    });
    await context.close();
  });
});

describe('settings', () => {
  it('switches the interface language at once and keeps it after saving and reloading', async () => {
    const token = await newUserSession('polyglot');
    const { page, context } = await openPage(browser, baseUrl);
    await useSession(page, token);
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'French' }).click();
    await page.getByRole('heading', { name: 'Paramètres', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
    await page.getByText('Paramètres enregistrés avec succès !').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Paramètres', exact: true }).waitFor();
    const saved = await api.getJson('/sarm/auth/settings', token);
    expect(saved).toMatchObject({ language: 'fr' });
    await context.close();
  });
});

describe('notifications', () => {
  it('shows the unread count and marks everything read', async () => {
    // Registering a user notifies the administrators.
    await api.register('Notifier', uniqueEmail('notifier'), PASSWORD);
    const admin = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const { page, context } = await openPage(browser, baseUrl);
    await useSession(page, admin.access_token);
    await page.goto('/sarm/dashboard');
    const badge = page.getByTestId('notifications-badge').locator('.MuiBadge-badge');
    await page.waitForFunction(() => {
      const text =
        document.querySelector('[data-testid="notifications-badge"] .MuiBadge-badge')
          ?.textContent ?? '';
      return Number(text) > 0;
    });
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByText('New user registered').first().waitFor();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="notifications-badge"] .MuiBadge-invisible') !== null,
    );
    expect(await badge.count()).toBe(1);
    const list = await api.getJson('/notifications', admin.access_token);
    expect(list).toMatchObject({ unread: 0 });
    await context.close();
  });
});
