import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, uniqueEmail } from './support/accounts.js';
import { TestApi } from './support/api.js';
import { launchBrowser, openPage, useSession, waitForPath } from './support/browser.js';
import { latestMailedToken } from './support/outbox.js';

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
const api = new TestApi(baseUrl);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('administration workflow', () => {
  it('creates a role and a user with it; the user sees what the role allows; deactivation, logs, CSV and language', async () => {
    const suffix = Date.now().toString(36);
    const roleName = `Log Reader ${suffix}`;
    const email = uniqueEmail('logreader');
    const admin = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const { page, context } = await openPage(browser, baseUrl);
    await useSession(page, admin.access_token);

    // A custom role whose code follows the name, with one permission chosen in the editor.
    await page.goto('/admin/roles');
    await page.getByRole('button', { name: 'Add Role' }).click();
    await page.getByLabel('Name').fill(roleName);
    expect(await page.getByLabel('Code').inputValue()).toBe(`log_reader_${suffix}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Add Role' }).click();
    await page.getByText('Role created successfully').waitFor();
    await page.getByRole('tab', { name: 'Custom Roles' }).click();
    const roleRow = page.getByRole('row', { name: new RegExp(roleName) });
    await roleRow.getByRole('button', { name: 'Manage Permissions' }).click();
    await page.getByRole('dialog').getByLabel('Search permissions...').fill('logs');
    await page.getByRole('checkbox', { name: /View system logs/ }).check();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Permissions saved successfully!').waitFor();

    // A user holding the role; the user chooses a password through the mailed link.
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Display Name').fill('Lena Logs');
    await dialog.getByLabel('Roles').click();
    await page.getByRole('option', { name: new RegExp(roleName) }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await page.getByText('User created successfully').waitFor();
    const token = await latestMailedToken(outboxDir, email);
    const reset = await api.request('POST', '/sarm/auth/reset-password', {
      token,
      password: 'lena-password-1',
    });
    expect(reset.status).toBe(200);

    const userSession = await api.login(email, 'lena-password-1');
    const userPage = (await openPage(browser, baseUrl)).page;
    await useSession(userPage, userSession.access_token);
    await userPage.goto('/admin/logs');
    await userPage.getByRole('heading', { name: 'System Logs' }).waitFor();
    expect(await userPage.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await userPage.goto('/admin/users');
    await waitForPath(userPage, '/unauthorized');

    // Deactivation through the Users screen sends the user to Account Inactive.
    await page.getByLabel('Search users...').fill(email);
    await page.getByLabel(`Deactivate ${email}`).click();
    await page.getByText('User deactivated').waitFor();
    await userPage.goto('/admin/logs');
    await waitForPath(userPage, '/account-inactive');

    // The log shows these events and exports them as CSV.
    await page.goto('/admin/logs');
    await page.getByLabel('Search logs...').fill(email);
    await page.getByText(`User created: ${email}`).waitFor();
    await page.getByText(`User deactivated: ${email}`).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^system-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'timestamp,type,severity,message,userId,userName,userEmail,resourceId,resourceType,ipAddress,userAgent',
    );
    expect(csv).toContain(`User deactivated: ${email}`);

    // Vietnamese changes the visible texts at once (not saved: the shared admin keeps English).
    await page.goto('/settings');
    await page.getByLabel('Language').click();
    await page.getByRole('option', { name: /Vietnamese|Tiếng Việt/ }).click();
    await page.getByRole('heading', { name: 'Cài đặt', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Nhật ký hệ thống' }).click();
    await page.getByRole('heading', { name: 'Nhật ký hệ thống' }).waitFor();
    await page.getByRole('button', { name: 'Xuất CSV' }).waitFor();
    await context.close();
  });
});
