/**
 * Load benchmark: the real server as its own process, one project with five videos (frames
 * extracted, detections on them, a detection data label of them), then 50 concurrent clients on
 * the main list and detail endpoints and on sign-in. Prints requests/s, p50/p95/p99 latency,
 * throttled answers (429: sign-in is throttled on purpose) and other errors per endpoint.
 *
 *   npm run bench:load                      embedded database (PGlite)
 *   npm run bench:load -- --pg URL          PostgreSQL (a throw-away database is created next to URL)
 *   npm run bench:load -- --seconds 5 --clients 50
 *   npm run bench:load -- --cpu-prof DIR    also writes the server's CPU profile into DIR
 *   npm run bench:load -- --only get-me     only the endpoints whose name contains the text
 *   npm run bench:load -- --busy            while a video analysis (queued again and again) and a
 *                                           training job run, as the lab's server would be
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
  /** Only the endpoints whose name contains this text. */
  readonly only: string | undefined;
  /** Keep a video analysis and a training job running during the measurement. */
  readonly busy: boolean;
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
    only: value('--only'),
    busy: argv.includes('--busy'),
  };
}

const WARM_UP_SECONDS = 1;

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
  const frameIds = frames.frames.map((frame) => frame.id);
  const label = (await client.json('POST', '/sarm/annotation/create-label', {
    name: 'Load label',
    dataset_id: dataset.id,
    label_type: 'detection',
  })) as { id: string };
  // Ten frames' detections make the label's items (and the training data of --busy).
  for (const id of frameIds.slice(0, 10)) {
    await client.json('POST', '/sarm/detection/detect-sperm', { frame_id: id });
    await client.json('POST', '/sarm/annotation/add-frame', {
      data_label_id: label.id,
      frame_id: id,
    });
  }
  return {
    projectId: project.id,
    datasetId: dataset.id,
    videoId: first,
    frameId: frameIds[0] ?? '',
    frameIds,
    labelId: label.id,
  };
}

type Seeded = Awaited<ReturnType<typeof seed>>;

/**
 * Background work of `--busy`: the seeded video analysed again and again through the queue (the
 * dilution changes each time, so no stored analysis is reused) and a model trained again and
 * again. Answers a function that stops both and says how much of each was done.
 */
async function startBusyWork(client: Client, ids: Seeded): Promise<() => Promise<string>> {
  let running = true;
  let analyses = 0;
  let failure = '';
  const analysing = (async () => {
    for (let round = 1; running; round++) {
      await client.json('PUT', `/sarm/dataset/update-dataset/${ids.datasetId}`, {
        settings: { dilution_factor: 1 + round / 1000 },
      });
      const submitted = (await client.json('POST', '/sarm/frames/submit-analysis', {
        videoId: ids.videoId,
        frameIds: ids.frameIds.slice(0, 1),
      })) as { request: { taskId: string | null } };
      if (submitted.request.taskId !== null) await client.waitForTask(submitted.request.taskId);
      analyses += 1;
    }
  })().catch((error: unknown) => {
    failure ||= `analysis: ${error instanceof Error ? error.message : String(error)}`;
  });
  // One model trained again and again: each run is 1000 epochs, restarted when it ends early.
  let epochs = 0;
  let runs = 0;
  let current = 0;
  const training = (async () => {
    const model = (await client.json('POST', '/technical/models', {
      name: 'Load detector',
      type: 'detection',
      dataset_id: ids.datasetId,
    })) as { id: string };
    const status = async () =>
      (await client.json('GET', `/technical/models/${model.id}/training-status`)) as {
        status: string;
        current_epoch: number;
      };
    while (running) {
      await client.json('POST', `/technical/models/${model.id}/train`, {
        data_label_id: ids.labelId,
        epochs: 1000,
      });
      runs += 1;
      let stopAsked = false;
      for (let state = await status(); ; state = await status()) {
        current = state.current_epoch;
        if (state.status !== 'training') break;
        if (!running && !stopAsked) {
          stopAsked = true;
          await client.request('POST', `/technical/models/${model.id}/stop`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      epochs += current;
      current = 0;
    }
  })().catch((error: unknown) => {
    failure ||= `training: ${error instanceof Error ? error.message : String(error)}`;
  });
  // Measured in the steady state: training past its start-up (samples loaded, first epoch done)
  // and analyses coming one after another.
  const warmUpEnds = performance.now() + 120_000;
  while (performance.now() < warmUpEnds && failure === '') {
    if (epochs + current >= 1 && analyses >= 1) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return async () => {
    running = false;
    await Promise.all([analysing, training]);
    const stopped = failure === '' ? '' : ` (stopped by: ${failure})`;
    return `${analyses} analyses completed, ${epochs} training epochs in ${runs} runs${stopped}`;
  };
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
  /** 429 answers: the server throttling on purpose, not failing. */
  readonly throttled: number;
  /** Share of answers served from the response cache (`x-cache: hit`), percent. */
  readonly cachedPercent: number;
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
  let throttled = 0;
  let cached = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          const response = await call();
          await response.arrayBuffer();
          if (response.headers.get('x-cache') === 'hit') cached += 1;
          if (response.status === 429) throttled += 1;
          else if (!response.ok) errors += 1;
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
    throttled,
    cachedPercent: (100 * cached) / Math.max(1, latencies.length),
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
    'endpoint'.padEnd(44) +
      'req/s'.padStart(8) +
      'p50 ms'.padStart(9) +
      'p95 ms'.padStart(9) +
      'p99 ms'.padStart(9) +
      '429s'.padStart(8) +
      'errors'.padStart(8) +
      'CPU ms/req'.padStart(12) +
      'cached'.padStart(8),
  );
  for (const row of rows)
    console.log(
      row.name.padEnd(44) +
        row.perSecond.toFixed(0).padStart(8) +
        row.p50.toFixed(1).padStart(9) +
        row.p95.toFixed(1).padStart(9) +
        row.p99.toFixed(1).padStart(9) +
        String(row.throttled).padStart(8) +
        String(row.errors).padStart(8) +
        row.cpuMsPerRequest.toFixed(2).padStart(12) +
        `${row.cachedPercent.toFixed(0)}%`.padStart(8),
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
        'GET /sarm/detection/get-video-detections',
        () =>
          client.request('GET', `/sarm/detection/get-video-detections/${ids.videoId}?limit=100`),
      ],
      [
        'GET /sarm/annotation/data-labels/:id/items',
        () => client.request('GET', `/sarm/annotation/data-labels/${ids.labelId}/items?limit=100`),
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
    const chosen = endpoints.filter(
      ([name]) => options.only === undefined || name.includes(options.only),
    );
    const mode = options.busy ? 'busy: a video analysis and a training job running' : 'idle';
    console.log(`Mode: ${mode}`);
    const stopBusyWork = options.busy ? await startBusyWork(client, ids) : undefined;
    // One unmeasured second on each endpoint first: the JIT, the client's connections and the
    // server's caches warm up as in a server that has been running a while.
    for (const [name, call] of chosen) {
      await hammer(name, clients, WARM_UP_SECONDS, server.child.pid, call);
      rows.push(await hammer(name, clients, seconds, server.child.pid, call));
    }
    const busyOutcome = await stopBusyWork?.();
    printTable(
      `${clients} concurrent clients, ${seconds} s per endpoint, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} CPUs, ${mode}`,
      rows,
    );
    if (busyOutcome !== undefined) console.log(`Meanwhile: ${busyOutcome}`);
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
