import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LoginResponseSchema } from '@sarm/contracts';
import { freePort } from './ports.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

async function adminToken(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/sarm/auth/login-user`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`admin sign-in failed: ${response.status}`);
  return LoginResponseSchema.parse(await response.json()).access_token;
}

/**
 * Records first-run setup as finished, as the administrator does by finishing or skipping it, so
 * that a server's first sign-in opens the dashboard instead of /setup.
 */
export async function finishFirstRunSetup(
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  const token = await adminToken(baseUrl, email, password);
  const response = await fetch(`${baseUrl}/api/admin/settings`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ setup: { completedAt: new Date().toISOString() } }),
  });
  if (!response.ok) throw new Error(`finishing first-run setup failed: ${response.status}`);
}

export interface FreshServer {
  readonly baseUrl: string;
  readonly stop: () => Promise<void>;
}

/**
 * A server of its own with an empty data folder: its administrator belongs to no project and has
 * not run setup, which the shared server (used by every other test) is long past.
 */
export async function startFreshServer(email: string, password: string): Promise<FreshServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sarm-first-run-'));
  const baseUrl = `http://127.0.0.1:${await freePort()}`;
  const server = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: new URL(baseUrl).port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: password,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    if (server.exitCode === null) server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    const serving = await fetch(`${baseUrl}/api/settings/public`).then(
      (response) => response.ok,
      () => false,
    );
    if (serving) return { baseUrl, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the fresh server at ${baseUrl} did not start`);
}
