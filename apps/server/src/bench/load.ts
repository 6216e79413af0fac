/**
 * Load benchmark: the real server as its own process, one project with five videos (frames
 * extracted, detections on them), then 50 concurrent clients on the main list and detail endpoints
 * and on sign-in. Prints requests/s, p50/p95/p99 latency and errors per endpoint.
 *
 *   npm run bench:load                      embedded database (PGlite)
 *   npm run bench:load -- --pg URL          PostgreSQL (a throw-away database is created next to URL)
 *   npm run bench:load -- --seconds 5 --clients 50
 *   npm run bench:load -- --cpu-prof DIR    also writes the server's CPU profile into DIR
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { writeSimulatedVideo } from '../test/analysis-helpers.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';

interface Options {
  readonly pg: string | undefined;
  readonly cpuProfileDir: string | undefined;
  readonly seconds: number;
  readonly clients: number;
}

function parseOptions(argv: readonly string[]): Options {
  const value = (flag: string) => {
    const index = argv.indexOf(flag);
    return index === -1 ? undefined : argv[index + 1];
  };
  return {
    pg: value('--pg'),
    cpuProfileDir: value('--cpu-prof'),
    seconds: Number(value('--seconds') ?? 5),
    clients: Number(value('--clients') ?? 50),
  };
}

const ADMIN = { adminEmail: 'admin@load.test', adminPassword: 'load-test-admin-1' };

async function onDatabase(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

class Client {
  constructor(
    readonly baseUrl: string,
    private token = '',
  ) {}

  async signIn(): Promise<void> {
    const answer = (await this.json('POST', '/sarm/auth/login-user', {
      email: ADMIN.adminEmail,
      password: ADMIN.adminPassword,
    })) as { access_token: string };
    this.token = answer.access_token;
  }

  async request(method: string, url: string, body?: unknown): Promise<Response> {
    const isForm = body instanceof FormData;
    return fetch(`${this.baseUrl}/api${url}`, {
      method,
      headers: {
        ...(this.token === '' ? {} : { authorization: `Bearer ${this.token}` }),
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  }

  async json(method: string, url: string, body?: unknown): Promise<unknown> {
    const response = await this.request(method, url, body);
    if (!response.ok)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  }

  async waitForTask(id: string): Promise<void> {
    for (;;) {
      const task = (await this.json('GET', `/tasks/${id}`)) as { status: string };
      if (task.status === 'completed') return;
      if (task.status === 'failed' || task.status === 'cancelled')
        throw new Error(`Task ${id} ${task.status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** One project, one dataset, five prepared videos with frames and detections. */
async function seed(client: Client, dir: string) {
  const project = (await client.json('POST', '/admin/projects', { name: 'Load' })) as {
    id: string;
  };
  const dataset = (await client.json('POST', '/sarm/dataset/create-dataset', {
    projectId: project.id,
    name: 'Load',
  })) as { id: string };
  const videoIds: string[] = [];
  for (let i = 0; i < 5; i++) {
    const file = await writeSimulatedVideo(dir, `load-${i}.mp4`, 100 + i, {
      width: 160,
      height: 120,
      frames: 50,
      fps: 25,
      sperm: 8,
      debris: 2,
    });
    const form = new FormData();
    form.set('dataset_id', dataset.id);
    form.set('file', new Blob([await readFile(file)], { type: 'video/mp4' }), `load-${i}.mp4`);
    const response = await client.request('POST', '/sarm/video/upload-video', form);
    const upload = (await response.json()) as { video: { id: string }; task_id: string };
    await client.waitForTask(upload.task_id);
    videoIds.push(upload.video.id);
  }
  const first = videoIds[0] ?? '';
  const extract = (await client.json('POST', '/sarm/frames/extract', { videoId: first })) as {
    task_id: string;
  };
  await client.waitForTask(extract.task_id);
  const frames = (await client.json('GET', `/sarm/media/list-frames/${first}?limit=100`)) as {
    frames: { id: string }[];
  };
  const frameId = frames.frames[0]?.id ?? '';
  await client.json('POST', '/sarm/detection/detect-sperm', { frame_id: frameId });
  return { projectId: project.id, datasetId: dataset.id, videoId: first, frameId };
}

/** CPU time (user + system, ms) the process has used so far; Linux only, else NaN. */
async function cpuMsOf(pid: number | undefined): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return Number.NaN;
  }
}

interface Figures {
  readonly name: string;
  /** Server CPU per request: what a request costs, whatever else the machine is doing. */
  readonly cpuMsPerRequest: number;
  readonly requests: number;
  readonly errors: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** `clients` loops calling `call` for `seconds`; latencies in ms. */
async function hammer(
  name: string,
  clients: number,
  seconds: number,
  serverPid: number | undefined,
  call: () => Promise<Response>,
): Promise<Figures> {
  const latencies: number[] = [];
  const cpuBefore = await cpuMsOf(serverPid);
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          const response = await call();
          await response.arrayBuffer();
          if (!response.ok) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuMs = (await cpuMsOf(serverPid)) - cpuBefore;
  latencies.sort((a, b) => a - b);
  return {
    name,
    cpuMsPerRequest: cpuMs / latencies.length,
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

function printTable(title: string, rows: readonly Figures[]): void {
  console.log(`\n${title}`);
  console.log(
    'endpoint'.padEnd(34) +
      'req/s'.padStart(8) +
      'p50 ms'.padStart(9) +
      'p95 ms'.padStart(9) +
      'p99 ms'.padStart(9) +
      'errors'.padStart(8) +
      'CPU ms/req'.padStart(12),
  );
  for (const row of rows)
    console.log(
      row.name.padEnd(34) +
        row.perSecond.toFixed(0).padStart(8) +
        row.p50.toFixed(1).padStart(9) +
        row.p95.toFixed(1).padStart(9) +
        row.p99.toFixed(1).padStart(9) +
        String(row.errors).padStart(8) +
        row.cpuMsPerRequest.toFixed(2).padStart(12),
    );
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const root = await mkdtemp(path.join(os.tmpdir(), 'sarm-load-'));
  const databaseName = `sarm_load_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string | undefined;
  let server: ServerProcess | undefined;
  try {
    if (options.pg !== undefined) {
      await onDatabase(options.pg, `CREATE DATABASE ${databaseName}`);
      const url = new URL(options.pg);
      url.pathname = `/${databaseName}`;
      databaseUrl = url.toString();
    }
    server = await startServerProcess({
      dataDir: path.join(root, 'data'),
      tmpDir: path.join(root, 'tmp'),
      ...ADMIN,
      databaseUrl,
      logLevel: 'warn',
      nodeArgs:
        options.cpuProfileDir === undefined
          ? []
          : ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.cpuProfileDir)}`],
    });
    const client = new Client(server.baseUrl);
    await client.signIn();
    console.log(
      `Seeding one project with five videos (${databaseUrl ? 'PostgreSQL' : 'PGlite'})...`,
    );
    const ids = await seed(client, root);
    const { clients, seconds } = options;
    const endpoints: Array<[string, () => Promise<Response>]> = [
      ['GET /health (public)', () => client.request('GET', '/health')],
      ['GET /sarm/auth/get-me', () => client.request('GET', '/sarm/auth/get-me')],
      ['GET /sarm/project', () => client.request('GET', '/sarm/project')],
      ['GET /sarm/dataset/get-datasets', () => client.request('GET', '/sarm/dataset/get-datasets')],
      [
        'GET /sarm/videos/all',
        () => client.request('GET', `/sarm/videos/all?dataset_id=${ids.datasetId}`),
      ],
      [
        'GET /sarm/video/get-video/:id',
        () => client.request('GET', `/sarm/video/get-video/${ids.videoId}`),
      ],
      [
        'GET /sarm/media/list-frames/:id',
        () => client.request('GET', `/sarm/media/list-frames/${ids.videoId}?limit=100`),
      ],
      [
        'GET /sarm/detection/get-sperm/:id',
        () => client.request('GET', `/sarm/detection/get-sperm/${ids.frameId}`),
      ],
      [
        'POST /sarm/auth/login-user',
        () =>
          client.request('POST', '/sarm/auth/login-user', {
            email: ADMIN.adminEmail,
            password: ADMIN.adminPassword,
          }),
      ],
    ];
    const rows: Figures[] = [];
    for (const [name, call] of endpoints)
      rows.push(await hammer(name, clients, seconds, server.child.pid, call));
    printTable(
      `${clients} concurrent clients, ${seconds} s per endpoint, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} CPUs`,
      rows,
    );
  } finally {
    await server?.stop();
    if (options.pg !== undefined)
      await onDatabase(options.pg, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
