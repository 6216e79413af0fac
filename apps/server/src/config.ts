import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseCorsOrigins } from './http/cors.js';
import { LEASE_SECONDS } from './jobs/job-lease.js';
import type { S3StorageLocation } from './storage/s3-storage.js';

/** The process roles one build can run: HTTP API, job worker, or both. */
export const SERVER_ROLES = ['api', 'worker', 'all'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** Environment variables the server reads; every one has a default or is optional. */
export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText,
  JWT_SECRET: optionalText.pipe(
    z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().trim().min(1).default('SARM <no-reply@sarm.local>'),
  PUBLIC_URL: optionalText.pipe(z.url('PUBLIC_URL must be a URL').optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email('ADMIN_EMAIL must be an e-mail address').optional()),
  ADMIN_PASSWORD: optionalText,
  WEB_DIST_DIR: optionalText,
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STORAGE_URL: optionalText.pipe(
    z
      .string()
      .transform((value, ctx) => {
        const parsed = parseStorageUrl(value);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
  ),
  AWS_REGION: optionalText,
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const parsed = parseCorsOrigins(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  WORKER_CONCURRENCY: optionalText.pipe(
    z.coerce
      .number<string | undefined>()
      .int('WORKER_CONCURRENCY must be a whole number')
      .min(1, 'WORKER_CONCURRENCY must be at least 1')
      .max(64, 'WORKER_CONCURRENCY must be at most 64')
      .optional(),
  ),
  JOB_LEASE_SECONDS: optionalText.pipe(
    z.coerce
      .number<string | undefined>()
      .int('JOB_LEASE_SECONDS must be a whole number')
      .min(3, 'JOB_LEASE_SECONDS must be at least 3')
      .max(3600, 'JOB_LEASE_SECONDS must be at most 3600')
      .optional(),
  ),
});
export type Env = z.infer<typeof EnvSchema>;

/** Everything the server needs to start, resolved from the environment. */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Absolute path of the data folder (database, files, outbox, secrets). */
  readonly dataDir: string;
  /** PostgreSQL connection string; `null` means embedded PGlite in `dataDir/db`. */
  readonly databaseUrl: string | null;
  readonly jwtSecret: string;
  /** SMTP connection URL; `null` means mails are written to `dataDir/outbox`. */
  readonly smtpUrl: string | null;
  readonly mailFrom: string;
  /** Base URL used in links sent by e-mail, without a trailing slash. */
  readonly publicUrl: string;
  readonly adminEmail: string;
  /** Password for the first administrator; `null` means one is generated. */
  readonly adminPassword: string | null;
  /** Built web app served outside `/api`. */
  readonly webDistDir: string;
  readonly logLevel: Env['LOG_LEVEL'];
  /** Behind a reverse proxy: take client addresses from `X-Forwarded-For`. */
  readonly trustProxy: boolean;
  /** Where files are stored: the local folder `dataDir/files`, or an S3-compatible bucket. */
  readonly storage: StorageConfig;
  /** Foreign origins whose scripts may call the API (`CORS_ORIGINS`); same-origin is always allowed. */
  readonly corsOrigins: readonly string[];
  /** Attempts of each kind of job one worker process runs at once (`WORKER_CONCURRENCY`, default: CPUs). */
  readonly workerConcurrency: number;
  /** Seconds a job's lease lasts without renewal (`JOB_LEASE_SECONDS`, default LEASE_SECONDS). */
  readonly jobLeaseSeconds: number;
}

export type StorageConfig =
  { readonly kind: 'local' } | ({ readonly kind: 's3' } & S3StorageLocation);

/** `STORAGE_URL` before the region default is applied. */
type ParsedStorageUrl = Omit<S3StorageLocation, 'region'> & { readonly region: string | null };

const STORAGE_URL_PARAMETERS = [
  'endpoint',
  'region',
  'forcePathStyle',
  'accessKeyId',
  'secretAccessKey',
] as const;
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const STORAGE_PREFIX = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;
const STORAGE_URL_EXAMPLE =
  's3://bucket?endpoint=http://127.0.0.1:9000&region=us-east-1&forcePathStyle=true';

/**
 * Parses `s3://bucket[/prefix]?endpoint=...&region=...&forcePathStyle=true` (and, for test set-ups,
 * `accessKeyId` and `secretAccessKey`); answers a message naming the fault when it is malformed.
 */
export function parseStorageUrl(value: string): ParsedStorageUrl | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `STORAGE_URL is not a URL; expected for example ${STORAGE_URL_EXAMPLE}`;
  }
  if (url.protocol !== 's3:')
    return `STORAGE_URL must start with s3:// (got ${url.protocol}//); leave it unset to store files in DATA_DIR`;
  const bucket = decodeURIComponent(url.hostname);
  if (bucket === '')
    return `STORAGE_URL names no bucket; expected for example ${STORAGE_URL_EXAMPLE}`;
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..'))
    return `STORAGE_URL names the bucket ${JSON.stringify(bucket)}: a bucket name has 3-63 lower-case letters, digits, dots and hyphens`;
  if (url.username !== '' || url.password !== '' || url.port !== '')
    return 'STORAGE_URL takes no user, password or port after s3://; use the endpoint, accessKeyId and secretAccessKey parameters';
  const unknown = [...url.searchParams.keys()].filter(
    (name) => !STORAGE_URL_PARAMETERS.some((known) => known === name),
  );
  if (unknown.length > 0)
    return `STORAGE_URL has unknown parameters ${unknown.join(', ')}; expected ${STORAGE_URL_PARAMETERS.join(', ')}`;
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (prefix !== '' && !STORAGE_PREFIX.test(prefix))
    return `STORAGE_URL has the key prefix ${JSON.stringify(prefix)}: use letters, digits, '.', '_', '-' and '/'`;
  const param = (name: (typeof STORAGE_URL_PARAMETERS)[number]) => {
    const text = url.searchParams.get(name)?.trim();
    return text === undefined || text === '' ? null : text;
  };
  const endpoint = param('endpoint');
  if (endpoint !== null && !/^https?:\/\/[^/?#]+/.test(endpoint))
    return `STORAGE_URL endpoint must be an http:// or https:// URL (got ${JSON.stringify(endpoint)})`;
  if (endpoint !== null && !URL.canParse(endpoint))
    return `STORAGE_URL endpoint is not a URL (got ${JSON.stringify(endpoint)})`;
  const pathStyle = param('forcePathStyle');
  if (pathStyle !== null && !['true', 'false', '1', '0'].includes(pathStyle))
    return `STORAGE_URL forcePathStyle must be true or false (got ${JSON.stringify(pathStyle)})`;
  const accessKeyId = param('accessKeyId');
  const secretAccessKey = param('secretAccessKey');
  if ((accessKeyId === null) !== (secretAccessKey === null))
    return 'STORAGE_URL needs both accessKeyId and secretAccessKey, or neither (then AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are used)';
  return {
    bucket,
    prefix,
    endpoint,
    region: param('region'),
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
    credentials:
      accessKeyId === null || secretAccessKey === null ? null : { accessKeyId, secretAccessKey },
  };
}

function storageConfigOf(env: Env): StorageConfig {
  const parsed = env.STORAGE_URL;
  if (parsed === undefined) return { kind: 'local' };
  return { kind: 's3', ...parsed, region: parsed.region ?? env.AWS_REGION ?? 'us-east-1' };
}

export const DEFAULT_ADMIN_EMAIL = 'admin@sarm.local';
const JWT_SECRET_FILE = 'jwt-secret';

/** The web build beside this app in the monorepo (same depth from `src/` and `dist/`). */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Validates the environment; throws a readable error listing every invalid variable. */
export function parseEnv(env: Readonly<Record<string, string | undefined>>): Env {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * Returns the JWT secret: the `JWT_SECRET` variable when set, otherwise the one kept in
 * `dataDir/jwt-secret`, generated on first start so sessions survive restarts.
 */
export async function resolveJwtSecret(
  dataDir: string,
  fromEnv: string | undefined,
): Promise<string> {
  if (fromEnv !== undefined) return fromEnv;
  const file = path.join(dataDir, JWT_SECRET_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if (!isFileMissing(error)) throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Reads and validates the environment, creating the data folder and secret when needed. */
export async function loadConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<ServerConfig> {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    databaseUrl: parsed.DATABASE_URL ?? null,
    jwtSecret: await resolveJwtSecret(dataDir, parsed.JWT_SECRET),
    smtpUrl: parsed.SMTP_URL ?? null,
    mailFrom: parsed.MAIL_FROM,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    adminEmail: (parsed.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase(),
    adminPassword: parsed.ADMIN_PASSWORD ?? null,
    webDistDir:
      parsed.WEB_DIST_DIR === undefined ? DEFAULT_WEB_DIST_DIR : path.resolve(parsed.WEB_DIST_DIR),
    logLevel: parsed.LOG_LEVEL,
    trustProxy: parsed.TRUST_PROXY,
    storage: storageConfigOf(parsed),
    corsOrigins: parsed.CORS_ORIGINS,
    workerConcurrency: parsed.WORKER_CONCURRENCY ?? os.availableParallelism(),
    jobLeaseSeconds: parsed.JOB_LEASE_SECONDS ?? LEASE_SECONDS,
  };
}

/** Parses `--role=api|worker|all` (default `all`). */
export function parseRoleArgument(argv: readonly string[]): ServerRole {
  const flag = argv.find((arg) => arg.startsWith('--role='));
  if (flag === undefined) return 'all';
  const value = flag.slice('--role='.length);
  const role = SERVER_ROLES.find((candidate) => candidate === value);
  if (role === undefined)
    throw new Error(`Unknown role "${value}"; expected one of ${SERVER_ROLES.join(', ')}`);
  return role;
}

function isFileMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
