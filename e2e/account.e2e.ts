import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AdminProjectSchema, CurrentUserSchema } from '@sarm/contracts';
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
  return (await newUser(name)).token;
}

async function newUser(name: string): Promise<{ email: string; id: string; token: string }> {
  const email = uniqueEmail(name);
  await api.register(name, email, PASSWORD);
  const answer = await api.login(email, PASSWORD);
  return { email, id: answer.user.id, token: answer.access_token };
}

/** Signs in through the login form, the way a person does. */
async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await waitForPath(page, '/dashboard');
}

const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const DARK_BACKGROUND = 'rgb(13, 22, 32)';

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

describe('my profile', () => {
  it('changes the password after checking the form, then signs in with the new one', async () => {
    const { email, token } = await newUser('rotator');
    const minimum = Math.max(6, (await api.publicSettings()).passwordMinLength);
    const newPassword = 'n'.repeat(minimum);
    const { page, context } = await openPage(browser, baseUrl);
    await useSession(page, token);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'My Profile', exact: true }).waitFor();
    const form = page.getByRole('form', { name: 'Change Password' });
    const update = form.getByRole('button', { name: 'Update Password' });

    await form.getByLabel('Current Password').fill('not-my-password');
    await form.getByLabel(/^New Password/).fill(newPassword);
    await form.getByLabel('Confirm New Password').fill(`${newPassword}x`);
    await update.click();
    await form.getByText('Passwords do not match').waitFor();

    await form.getByLabel(/^New Password/).fill('n'.repeat(minimum - 1));
    await form.getByLabel('Confirm New Password').fill('n'.repeat(minimum - 1));
    await update.click();
    await form.getByText(`Password should be at least ${minimum} characters`).waitFor();

    await form.getByLabel(/^New Password/).fill(newPassword);
    await form.getByLabel('Confirm New Password').fill(newPassword);
    await update.click();
    await page.getByText('Failed to update password: Current password is incorrect').waitFor();

    await form.getByLabel('Current Password').fill(PASSWORD);
    await update.click();
    await page.getByText('Password updated successfully!').waitFor();
    expect(await form.getByLabel('Current Password').inputValue()).toBe('');
    await context.close();

    expect(
      (await api.request('POST', '/sarm/auth/login-user', { email, password: PASSWORD })).status,
    ).toBe(401);
    const fresh = await openPage(browser, baseUrl);
    await signInWithForm(fresh.page, email, newPassword);
    expect(await fresh.page.evaluate(() => window.localStorage.getItem('token'))).not.toBeNull();
    await fresh.context.close();
  });

  it('saves the display name and keeps the e-mail read-only', async () => {
    const { email, token } = await newUser('renamer');
    const { page, context } = await openPage(browser, baseUrl);
    await useSession(page, token);
    await page.goto('/profile');
    const name = page.getByLabel('Display Name');
    await name.fill('Renamed Person');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await page.getByTestId('profile-avatar').getByText('R').waitFor();
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    const me = CurrentUserSchema.parse(await api.getJson('/sarm/auth/get-me', token));
    expect(me.displayName).toBe('Renamed Person');
    await context.close();
  });
});

describe('settings', () => {
  it('applies dark mode and the default project saved on the server at the next sign-in in any browser', async () => {
    const { email, id, token } = await newUser('nightowl');
    const admin = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const created = await api.request(
      'POST',
      '/admin/projects',
      { name: `Night Project ${Date.now().toString(36)}` },
      admin.access_token,
    );
    const project = AdminProjectSchema.parse(await created.json());
    const added = await api.request(
      'POST',
      `/admin/projects/${project.id}/users`,
      { userId: id, accessLevel: 'editor' },
      admin.access_token,
    );
    expect(added.ok).toBe(true);

    const first = await openPage(browser, baseUrl);
    await useSession(first.page, token);
    await first.page.goto('/settings');
    await first.page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await first.page.getByRole('switch', { name: 'Dark Mode' }).check();
    await first.page.getByRole('combobox', { name: 'Default Project' }).click();
    await first.page.getByRole('option', { name: project.name }).click();
    await first.page.getByRole('button', { name: 'Save Settings' }).click();
    await first.page.getByText('Settings saved successfully!').waitFor();
    expect(await api.getJson('/sarm/auth/settings', token)).toMatchObject({
      darkMode: true,
      defaultProject: project.id,
    });
    await first.context.close();

    // A browser that never saw this user, then one that was left on the light theme.
    for (const storedTheme of [null, 'light']) {
      const { page, context } = await openPage(browser, baseUrl);
      if (storedTheme !== null) {
        await page.goto('/login');
        await page.evaluate((theme) => window.localStorage.setItem('theme', theme), storedTheme);
      }
      await signInWithForm(page, email, PASSWORD);
      await page.waitForFunction(() => window.localStorage.getItem('theme') === 'dark');
      expect(await bodyBackground(page)).toBe(DARK_BACKGROUND);
      expect(await page.evaluate(() => window.localStorage.getItem('currentProjectId'))).toBe(
        project.id,
      );
      await page.goto('/settings');
      expect(await page.getByRole('switch', { name: 'Dark Mode' }).isChecked()).toBe(true);
      await context.close();
    }
  });

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

    // Every card of a screen that opens together with the user data speaks the saved language,
    // from the local cache after a reload as well as from the server in a new browser.
    const fresh = await openPage(browser, baseUrl);
    await useSession(fresh.page, token);
    await fresh.page.goto('/profile');
    await fresh.page.getByRole('heading', { name: 'Rôles système' }).waitFor();
    await fresh.page.reload();
    await fresh.page.getByRole('heading', { name: 'Accès aux projets' }).waitFor();
    expect(await fresh.page.getByRole('heading', { name: 'System Roles' }).count()).toBe(0);
    await fresh.context.close();
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
