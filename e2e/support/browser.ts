import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; override with CHROMIUM_PATH on other systems. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches Chromium; `extraArgs` add switches (e.g. the fake camera of live-capture.e2e.ts). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', ...extraArgs],
  });
}

export interface OpenedPage {
  readonly context: BrowserContext;
  readonly page: Page;
}

/** A fresh browser profile (empty local storage) pointed at the test server. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1366, height: 860 },
    locale: 'en-US',
    colorScheme,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/** Puts a session into local storage the way the login screen does, without going through the form. */
export async function useSession(page: Page, token: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
}

/** Waits until the browser's path (and query) equals `expected`. */
export async function waitForPath(page: Page, expected: string): Promise<void> {
  try {
    await page.waitForURL((url) => `${url.pathname}${url.search}` === expected);
  } catch (error) {
    // Names where the browser is instead, which the timeout alone does not say.
    const { pathname, search } = new URL(page.url());
    throw new Error(`expected the path ${expected}, the browser is at ${pathname}${search}`, {
      cause: error,
    });
  }
}
