import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, uniqueEmail } from './support/accounts.js';
import { TestApi } from './support/api.js';
import { launchBrowser, openPage, waitForPath } from './support/browser.js';

const baseUrl = inject('baseUrl');
const api = new TestApi(baseUrl);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('sign-in', () => {
  it('shows the server message for a wrong password, then signs in and opens the workflow dashboard', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Please enter both email and password').waitFor();

    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(page, '/sarm/dashboard');
    await page.getByRole('heading', { name: 'Business Dashboard' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).not.toBeNull();
    await context.close();
  });

  it('follows a sign-out made in another tab of the same browser', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(page, '/sarm/dashboard');
    const other = await context.newPage();
    await other.goto('/sarm/dashboard');
    await other.getByRole('heading', { name: 'Business Dashboard' }).waitFor();

    // Signing out clears the shared storage; the other tab leaves the signed-in pages at once.
    await page.evaluate(() => window.localStorage.removeItem('token'));
    await other.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('Login Finetune signs in with the form and opens the technical dashboard', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login Finetune' }).click();
    await waitForPath(page, '/finetune/dashboard');
    await page.getByRole('heading', { name: 'Technical Dashboard' }).waitFor();
    await context.close();
  });

  it('sends a signed-in user away from the login page to the dashboard', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    const session = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/login');
    await page.evaluate(
      (token) => window.localStorage.setItem('token', token),
      session.access_token,
    );
    await page.goto('/register');
    await waitForPath(page, '/sarm/dashboard');
    await context.close();
  });
});

describe('registration', () => {
  it('checks the fields in the order of the spec, then registers and returns to login with the success message', async () => {
    const { minLength } = {
      minLength: Math.max(6, (await api.publicSettings()).passwordMinLength),
    };
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/register');
    const submit = () => page.getByRole('button', { name: 'Register', exact: true }).click();
    const expectError = async (text: string) => {
      await submit();
      await page.getByRole('alert').filter({ hasText: text }).waitFor();
    };

    await expectError('Name is required');
    await page.getByLabel('Full Name').fill('Erin Example');
    await expectError('Email is required');
    await page.getByLabel('Email').fill('erin-at-example');
    await expectError('Please enter a valid email address');
    const email = uniqueEmail('erin');
    await page.getByLabel('Email').fill(email);
    await expectError('Password is required');
    await page.getByLabel('Password', { exact: true }).fill('x'.repeat(minLength - 1));
    await expectError(`Password must be at least ${minLength} characters`);
    await page.getByLabel('Password', { exact: true }).fill('p'.repeat(minLength));
    await page.getByLabel('Confirm Password').fill('q'.repeat(minLength));
    await expectError('Passwords do not match');

    await page.getByLabel('Confirm Password').fill('p'.repeat(minLength));
    await submit();
    await waitForPath(page, '/login');
    await page.getByText('Registration successful! Please log in.').waitFor();
    await expect(api.login(email, 'p'.repeat(minLength))).resolves.toMatchObject({
      user: { email },
    });
    await context.close();
  });

  it('explains that Google registration is not available', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register with Google' }).click();
    await page.getByText('Google registration is not available at the moment').waitFor();
    await context.close();
  });
});

describe('expired session', () => {
  it('clears a token the server refuses and returns to /login?expired=true with a banner', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/login');
    await page.evaluate(() => {
      window.localStorage.setItem('token', 'bogus-token');
      window.localStorage.setItem('theme', 'light');
    });
    await page.goto('/sarm/dashboard');
    await waitForPath(page, '/login?expired=true');
    await page.getByText('Your session has expired. Please log in again.').waitFor();
    const stored = await page.evaluate(() => [
      window.localStorage.getItem('token'),
      window.localStorage.getItem('theme'),
    ]);
    expect(stored).toEqual([null, 'light']);
    await context.close();
  });
});
