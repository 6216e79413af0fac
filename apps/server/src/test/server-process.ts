import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The real server as its own process (`main.ts` through tsx), for tests about the process. */
export interface ServerProcess {
  readonly baseUrl: string;
  readonly child: ChildProcess;
  /** Everything the process printed. */
  output(): string;
  /** True while the process runs. */
  alive(): boolean;
  stop(): Promise<void>;
}

/**
 * Starts `main.ts` on a free port with its own data folder and temporary folder (`TMPDIR`), an
 * administrator from `ADMIN_EMAIL`/`ADMIN_PASSWORD`, and answers once it listens.
 */
export async function startServerProcess(options: {
  dataDir: string;
  tmpDir: string;
  adminEmail: string;
  adminPassword: string;
  /** `all` by default; a `worker` does not listen and is ready once its queue runs. */
  role?: 'all' | 'worker';
  /** A PostgreSQL URL; PGlite in the data folder when absent. */
  databaseUrl?: string;
  /** `info` by default (tests read job lines from the output). */
  logLevel?: string;
  /** Extra Node options, e.g. `--cpu-prof` for the load benchmark. */
  nodeArgs?: readonly string[];
  /** `JOB_LEASE_SECONDS` (the server's default when absent). */
  jobLeaseSeconds?: number;
}): Promise<ServerProcess> {
  await mkdir(options.tmpDir, { recursive: true });
  const port = await freePort();
  const role = options.role ?? 'all';
  const args = [...(options.nodeArgs ?? []), '--import', 'tsx', MAIN, `--role=${role}`];
  const child = spawn(process.execPath, args, {
    cwd: path.dirname(MAIN),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      TMPDIR: options.tmpDir,
      ADMIN_EMAIL: options.adminEmail,
      ADMIN_PASSWORD: options.adminPassword,
      LOG_LEVEL: options.logLevel ?? 'info',
      DATABASE_URL: options.databaseUrl ?? '',
      JOB_LEASE_SECONDS:
        options.jobLeaseSeconds === undefined ? undefined : String(options.jobLeaseSeconds),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const deadline = Date.now() + 60_000;
  const ready = role === 'worker' ? 'worker started' : 'listening on';
  while (!output.includes(ready)) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    alive: () => !exited,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
