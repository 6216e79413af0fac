/**
 * How much JavaScript the browser app makes a visitor download (issue 32): the built server runs
 * on an empty data folder, headless Chromium opens /login, then signs in through the form and
 * lands on /sarm/dashboard, and finally opens /sarm/dashboard afresh with a stored session. Every
 * JavaScript response is recorded once, gzipped here (node:zlib, level 9, as a server would send
 * it) and summed. Then the largest chunks of apps/web/dist. Run with `npm run bundle:size`
 * (builds first). It prints the goal check; it is a measurement, not a gate.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { LoginResponseSchema } from '@sarm/contracts';
import { launchBrowser } from '../support/browser.js';
import { freePort } from '../support/ports.js';

const ADMIN_EMAIL = 'bench@sarm.test';
const ADMIN_PASSWORD = 'Bench-Passw0rd-bundle';
const LOGIN_GOAL_KB = 200;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
// WEB_DIST_DIR (the server's own setting) measures another build, e.g. one kept from before a change.
const webDist = process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist');
const assetsDir = path.join(webDist, 'assets');

interface Script {
  readonly url: string;
  readonly raw: number;
  readonly gzipped: number;
}

const gzippedSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

async function waitUntilServing(baseUrl: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${baseUrl}/api/settings/public`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer at ${baseUrl}`);
}

/**
 * Records every JavaScript file the page receives from now on (modulepreloads included), each URL
 * once; `take()` answers what arrived since the last call.
 */
function recordScripts(page: Page) {
  const seen = new Set<string>();
  const pending: Promise<Script | null>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    const type = response.headers()['content-type'] ?? '';
    if (seen.has(url) || !(type.includes('javascript') || url.endsWith('.js'))) return;
    seen.add(url);
    pending.push(
      response.body().then(
        (body) => ({ url, raw: body.length, gzipped: gzippedSize(body) }),
        () => null,
      ),
    );
  });
  return {
    async take(): Promise<Script[]> {
      const batch = await Promise.all(pending.splice(0));
      return batch.filter((script): script is Script => script !== null);
    },
  };
}

/** Waits for the screen's heading and for the network to fall quiet (late lazy chunks included). */
async function settle(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { name: heading }).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

async function largestChunks(count: number): Promise<Script[]> {
  const files = (await readdir(assetsDir)).filter((file) => file.endsWith('.js'));
  const chunks = await Promise.all(
    files.map(async (file) => {
      const body = await readFile(path.join(assetsDir, file));
      return { url: file, raw: body.length, gzipped: gzippedSize(body) };
    }),
  );
  return chunks.sort((a, b) => b.gzipped - a.gzipped).slice(0, count);
}

function printTable(rows: readonly (readonly [string, readonly Script[]])[]): void {
  console.log(
    `${'page'.padEnd(40)} ${'scripts'.padStart(7)} ${'raw kB'.padStart(9)} ${'gzip kB'.padStart(9)}`,
  );
  for (const [name, scripts] of rows) {
    const raw = scripts.reduce((sum, s) => sum + s.raw, 0);
    const gzipped = scripts.reduce((sum, s) => sum + s.gzipped, 0);
    console.log(
      `${name.padEnd(40)} ${String(scripts.length).padStart(7)} ${kb(raw).padStart(9)} ${kb(gzipped).padStart(9)}`,
    );
    // BUNDLE_VERBOSE=1 names each page's scripts, largest first: where to look when a figure grows.
    if (process.env.BUNDLE_VERBOSE === '1')
      for (const script of [...scripts].sort((a, b) => b.gzipped - a.gzipped))
        console.log(
          `    ${path.basename(script.url).padEnd(44)} ${kb(script.gzipped).padStart(8)}`,
        );
  }
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sarm-bench-bundle-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const browser = await launchBrowser();
  try {
    await waitUntilServing(baseUrl);
    const session = LoginResponseSchema.parse(
      await (
        await fetch(`${baseUrl}/api/sarm/auth/login-user`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
        })
      ).json(),
    );
    // An administrator in no project is led to first-run setup; one clinic project avoids it.
    const project = await fetch(`${baseUrl}/api/admin/projects`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${session.access_token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ name: 'Bundle bench clinic' }),
    });
    if (project.status !== 201) throw new Error(`creating a project failed: ${project.status}`);
    const viewport = { width: 1366, height: 860 };

    // A first visit: an empty cache, signed out.
    const visit = await browser.newContext({ baseURL: baseUrl, viewport, locale: 'en-US' });
    const page = await visit.newPage();
    const scripts = recordScripts(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const login = await scripts.take();
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/sarm/dashboard');
    await settle(page, 'Business Dashboard');
    const afterSignIn = await scripts.take();
    await visit.close();

    // Opening the dashboard directly, as a signed-in user does after a reload.
    const reload = await browser.newContext({ baseURL: baseUrl, viewport, locale: 'en-US' });
    await reload.addInitScript((token: string) => {
      window.localStorage.setItem('token', token);
    }, session.access_token);
    const dashboardPage = await reload.newPage();
    const dashboardScripts = recordScripts(dashboardPage);
    await dashboardPage.goto('/sarm/dashboard');
    await settle(dashboardPage, 'Business Dashboard');
    const dashboard = await dashboardScripts.take();
    await reload.close();

    console.log('JavaScript downloaded (headless Chromium, empty cache; kB = 1000 bytes):');
    printTable([
      ['/login', login],
      ['/sarm/dashboard, opened directly', dashboard],
      ['/sarm/dashboard, added by signing in', afterSignIn],
    ]);
    const loginKb = login.reduce((sum, s) => sum + s.gzipped, 0) / 1000;
    const loginOk = loginKb < LOGIN_GOAL_KB;
    console.log(
      `Goal: /login under ${LOGIN_GOAL_KB} kB gzipped: ${loginKb.toFixed(1)} kB, ${loginOk ? 'met' : 'NOT met'}`,
    );
    console.log(`\nLargest chunks in ${path.relative(repoRoot, assetsDir)}:`);
    for (const chunk of await largestChunks(8))
      console.log(
        `  ${chunk.url.padEnd(40)} ${kb(chunk.raw).padStart(8)} kB  gzip ${kb(chunk.gzipped).padStart(7)} kB`,
      );
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
