import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts.js';
import { finishFirstRunSetup } from './support/firstRun.js';
import { freePort } from './support/ports.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Folder where the server writes outgoing mail as .eml files. */
    outboxDir: string;
  }
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

async function waitUntilServing(
  baseUrl: string,
  server: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited early with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/settings/public`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer at ${baseUrl} within ${timeoutMs} ms`);
}

/** Starts the built server on a free port with an empty data folder; stops it after the run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sarm-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const server = spawn(process.execPath, [serverEntry], {
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
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    await waitUntilServing(baseUrl, server, 60_000);
    // The shared server's administrator is past first-run setup (e2e/first-run.e2e.ts tests it on
    // a server of its own); otherwise whichever test signs in first would land on /setup.
    await finishFirstRunSetup(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  } catch (error) {
    server.kill('SIGTERM');
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n--- server output ---\n${output.join('')}`,
    );
  }
  project.provide('baseUrl', baseUrl);
  project.provide('outboxDir', path.join(dataDir, 'outbox'));

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  };
}
