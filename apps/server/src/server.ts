import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import path from 'node:path';
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import type { ServerConfig, ServerRole } from './config.js';
import { createServerContext, type ServerContext } from './context.js';
import { openDatabase } from './db/database.js';
import { createServerLogger, queueLoggerOf } from './logger.js';
import { createMailer } from './mail/mailer.js';
import { formatAdministratorNotice } from './services/bootstrap.service.js';
import { startDemoAtLaunch } from './services/demo-launch.js';
import { removeOrphanedTempDirs } from './media/ffmpeg.js';
import { lockDataDir } from './process/data-dir-lock.js';
import { restrictDataDir } from './process/data-dir-permissions.js';
import { createArgon2Hasher } from './services/passwords.js';
import { createS3FileStorage, type S3FileStorage } from './storage/s3-storage.js';
import { createLocalFileStorage, type FileStorage } from './storage/storage.js';

/** A started process: its HTTP app (unless worker-only) and a graceful stop. */
export interface RunningServer {
  readonly role: ServerRole;
  readonly app: FastifyInstance | null;
  readonly context: ServerContext;
  readonly logger: Logger;
  /** Stops accepting requests, lets in-flight requests and jobs finish, then closes the database. */
  stop(): Promise<void>;
}

/** The log file in the data folder is rotated at this size (one older copy is kept). */
const LOG_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** How long running jobs get to finish on shutdown before they are released for retry. */
const JOB_SHUTDOWN_TIMEOUT_MS = 15_000;

/**
 * Opens the database, applies migrations, seeds system roles and the first administrator, starts
 * the task queue, and (for roles `api` and `all`) listens for HTTP.
 */
export async function startServer(
  config: ServerConfig,
  role: ServerRole,
  print: (line: string) => void = console.log,
): Promise<RunningServer> {
  await restrictDataDir(config.dataDir);
  // PGlite does not lock its folder: a second server, a backup or a restore must not open it too.
  const releaseDataDir =
    config.databaseUrl === null ? await lockDataDir(config.dataDir) : () => Promise.resolve();
  const objectStorage: S3FileStorage | null =
    config.storage.kind === 's3'
      ? createS3FileStorage({ ...config.storage, secret: config.jwtSecret, clock: systemClock })
      : null;
  // Fail at start, with the bucket named, rather than on the first upload.
  await objectStorage?.checkBucket().catch((error: unknown) => {
    objectStorage.close();
    throw error;
  });
  const logger = createServerLogger({
    level: config.logLevel,
    pretty: process.stdout.isTTY,
    file: { path: path.join(config.dataDir, 'logs', 'sarm.log'), maxBytes: LOG_FILE_MAX_BYTES },
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    logger,
  });
  const storage: FileStorage =
    objectStorage ??
    createLocalFileStorage({
      rootDir: path.join(config.dataDir, 'files'),
      secret: config.jwtSecret,
      clock: systemClock,
    });
  const context = createServerContext({
    db: database.db,
    databaseKind: database.kind,
    queueConnection: database.queueConnection,
    onWrite: database.onWrite,
    tableVersions: database.tableVersions,
    storage,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
    }),
    passwords: createArgon2Hasher(),
    clock: systemClock,
    logger: queueLoggerOf(logger),
    role,
    jwtSecret: config.jwtSecret,
    publicUrl: config.publicUrl,
    workerConcurrency: config.workerConcurrency,
    jobLeaseSeconds: config.jobLeaseSeconds,
  });

  const runsWorkers = role !== 'api';
  if (runsWorkers) {
    const orphans = await removeOrphanedTempDirs();
    if (orphans > 0) logger.info(`Removed ${orphans} temporary folders left by stopped workers`);
  }
  // pg-boss installs its schema and queues on start; concurrent starts could deadlock, so they
  // take turns with the migrations and seeding.
  const administrator = await database.runExclusive(async () => {
    await database.migrate();
    await context.services.bootstrap.seedSystemRoles();
    const outcome = await context.services.bootstrap.ensureAdministrator(
      config.adminEmail,
      config.adminPassword,
    );
    await context.queue.start({ workers: runsWorkers, maintenance: runsWorkers });
    return outcome;
  });
  // PGlite creates its files with mode 0666 whatever the umask: make them private once it has.
  await restrictDataDir(config.dataDir);
  if (administrator.kind === 'created') print(formatAdministratorNotice(administrator));
  if (administrator.kind === 'promoted')
    print(`Granted the administrator role to the existing account ${administrator.email}`);

  let app: FastifyInstance | null = null;
  if (role !== 'worker') {
    app = await buildApp(context, {
      logger,
      webDistDir: config.webDistDir,
      trustProxy: config.trustProxy,
      corsOrigins: config.corsOrigins,
      publicUrl: config.publicUrl,
    });
    await app.listen({ port: config.port, host: config.host });
    print(`SARM listening on http://localhost:${config.port}`);
    if (process.env.SARM_DEMO === '1') print(await startDemoAtLaunch(context, config.adminEmail));
  } else {
    print(`SARM worker started (${database.kind})`);
  }

  const httpApp = app;
  return {
    role,
    app,
    context,
    logger,
    async stop() {
      if (httpApp !== null) await httpApp.close();
      await context.queue.stop({ timeoutMs: JOB_SHUTDOWN_TIMEOUT_MS });
      await database.close();
      objectStorage?.close();
      await releaseDataDir();
    },
  };
}
