import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import type { ServerRole } from '../config.js';
import { createServerContext, type ServerContext } from '../context.js';
import { openPgliteDatabase, type DatabaseHandle } from '../db/database.js';
import type { QueueLogger } from '../jobs/task-queue.js';
import { createOutboxMailer } from '../mail/mailer.js';
import type { ThrottlePolicy } from '../services/login-throttle.service.js';
import { createArgon2Hasher } from '../services/passwords.js';
import type { Clock } from '../clock.js';
import type { TrainerTuning } from '../services/training/model-trainer.js';
import { createLocalFileStorage, type FileStorage } from '../storage/storage.js';
import { createFakeClock, type FakeClock } from './fake-clock.js';
import { migratedTemplate } from './pglite-template.js';

export interface TestServer {
  readonly app: FastifyInstance;
  readonly context: ServerContext;
  readonly database: DatabaseHandle;
  readonly clock: FakeClock;
  readonly dataDir: string;
  readonly outboxDir: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Run job handlers in this process (default true). */
  readonly workers?: boolean;
  readonly role?: ServerRole;
  readonly throttlePolicy?: ThrottlePolicy;
  /** An already-migrated database to use instead of a fresh in-memory PGlite. */
  readonly database?: DatabaseHandle;
  /** Built web app to serve (default: none). */
  readonly webDistDir?: string;
  /** Where files go (default: a local folder in `dataDir/files`). */
  readonly createStorage?: (deps: { secret: string; clock: Clock }) => FileStorage;
  /** Training limits and faults (see TrainerTuning). */
  readonly training?: TrainerTuning;
  /** Seconds before a failed job attempt is retried (default: each job definition's). */
  readonly jobRetryDelaySeconds?: number;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** Logs only errors, so failing jobs in tests stay visible. */
export const quietLogger: QueueLogger = {
  info: () => undefined,
  error: (details, message) => console.error(message, details.err),
};

/** Cheap argon2 parameters: tests hash many passwords. */
export const testPasswordHasher = createArgon2Hasher({ memoryCost: 1024, timeCost: 1 });

/** A complete server on a fresh in-memory PGlite with migrations, roles, a fake clock and an outbox. */
export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sarm-test-'));
  const outboxDir = path.join(dataDir, 'outbox');
  const database =
    options.database ?? (await openPgliteDatabase(undefined, await migratedTemplate()));
  // A no-op on the migrated template; kept so a database is never used unmigrated.
  if (options.database === undefined) await database.migrate();
  const clock = createFakeClock();
  const context = createServerContext({
    db: database.db,
    databaseKind: database.kind,
    queueConnection: database.queueConnection,
    onWrite: database.onWrite,
    tableVersions: database.tableVersions,
    storage:
      options.createStorage?.({ secret: TEST_JWT_SECRET, clock }) ??
      createLocalFileStorage({
        rootDir: path.join(dataDir, 'files'),
        secret: TEST_JWT_SECRET,
        clock,
      }),
    mailer: createOutboxMailer({
      outboxDir,
      from: 'SARM <no-reply@sarm.test>',
      now: () => clock.now(),
    }),
    passwords: testPasswordHasher,
    clock,
    logger: quietLogger,
    role: options.role ?? 'all',
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: 'http://sarm.test',
    throttlePolicy: options.throttlePolicy,
    pollingIntervalSeconds: 0.5,
    training: options.training,
    jobRetryDelaySeconds: options.jobRetryDelaySeconds,
  });
  await context.services.bootstrap.seedSystemRoles();
  await context.queue.start({ workers: options.workers ?? true, maintenance: false });
  const app = await buildApp(context, { logger: false, webDistDir: options.webDistDir ?? null });
  await app.ready();
  return {
    app,
    context,
    database,
    clock,
    dataDir,
    outboxDir,
    async close() {
      await app.close();
      await context.queue.stop({ timeoutMs: 2_000 });
      if (options.database === undefined) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
