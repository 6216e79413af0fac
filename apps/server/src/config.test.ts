import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_DIST_DIR, loadConfig, parseEnv, parseRoleArgument } from './config.js';

let tempDir: string;
beforeEach(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'sarm-config-'));
});
afterEach(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('needs nothing: defaults for port, host, data folder, PGlite, outbox, public URL and administrator', async () => {
    const env = { DATA_DIR: path.join(tempDir, 'data') };
    const config = await loadConfig(env);
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(tempDir, 'data'),
      databaseUrl: null,
      smtpUrl: null,
      publicUrl: 'http://localhost:3000',
      adminEmail: 'admin@sarm.local',
      adminPassword: null,
      webDistDir: DEFAULT_WEB_DIST_DIR,
      trustProxy: false,
    });
    expect(parseEnv({}).DATA_DIR).toBe('./data');
  });

  it('generates a JWT secret on first start, keeps it private in the data folder and reuses it', async () => {
    const env = { DATA_DIR: tempDir };
    const first = await loadConfig(env);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(tempDir, 'jwt-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret);
    expect((await stat(file)).mode & 0o077).toBe(0);
    expect((await loadConfig(env)).jwtSecret).toBe(first.jwtSecret);
  });

  it('takes every variable from the environment', async () => {
    const config = await loadConfig({
      DATA_DIR: tempDir,
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://db/sarm',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://sarm.example.org/',
      ADMIN_EMAIL: 'Boss@Example.org',
      ADMIN_PASSWORD: 'from-env',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://db/sarm',
      jwtSecret: 'x'.repeat(40),
      smtpUrl: 'smtp://mail:25',
      publicUrl: 'https://sarm.example.org',
      adminEmail: 'boss@example.org',
      adminPassword: 'from-env',
      trustProxy: true,
    });
  });

  it('treats empty variables as absent and names every invalid one', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_URL: ' ' })).toMatchObject({
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
    });
    expect(() =>
      parseEnv({ PORT: 'eighty', JWT_SECRET: 'short', PUBLIC_URL: 'not a url' }),
    ).toThrow(
      /PORT[\s\S]*JWT_SECRET: JWT_SECRET must be at least 32 characters[\s\S]*PUBLIC_URL: PUBLIC_URL must be a URL/,
    );
  });

  it('stores files in the data folder unless STORAGE_URL names an S3 bucket', async () => {
    expect((await loadConfig({ DATA_DIR: tempDir })).storage).toEqual({ kind: 'local' });
    const config = await loadConfig({
      DATA_DIR: tempDir,
      STORAGE_URL:
        's3://sarm-files/prod/a?endpoint=http://127.0.0.1:9000&region=eu-west-3&forcePathStyle=true&accessKeyId=key&secretAccessKey=secret',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'sarm-files',
      prefix: 'prod/a',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    const aws = await loadConfig({ DATA_DIR: tempDir, STORAGE_URL: 's3://sarm-files' });
    expect(aws.storage).toEqual({
      kind: 's3',
      bucket: 'sarm-files',
      prefix: '',
      endpoint: null,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: null,
    });
    const regional = await loadConfig({
      DATA_DIR: tempDir,
      STORAGE_URL: 's3://sarm-files',
      AWS_REGION: 'ca-central-1',
    });
    expect(regional.storage).toMatchObject({ region: 'ca-central-1' });
  });

  it.each([
    ['not a url', /STORAGE_URL: STORAGE_URL is not a URL/],
    ['https://bucket', /must start with s3:\/\//],
    ['s3:bucket', /names no bucket/],
    ['s3://Bad_Bucket', /names the bucket "Bad_Bucket"/],
    ['s3://user:pw@bucket', /takes no user, password or port/],
    ['s3://bucket/my%20files', /key prefix "my files"/],
    ['s3://bucket?endpoint=ftp://store', /endpoint must be an http:\/\/ or https:\/\/ URL/],
    ['s3://bucket?forcePathStyle=yes', /forcePathStyle must be true or false/],
    ['s3://bucket?accessKeyId=key', /needs both accessKeyId and secretAccessKey/],
    ['s3://bucket?regoin=x', /unknown parameters regoin/],
  ])('refuses the malformed STORAGE_URL %j with a readable reason', (value, reason) => {
    expect(() => parseEnv({ STORAGE_URL: value })).toThrow(reason);
  });

  it('reads CORS_ORIGINS and WORKER_CONCURRENCY, defaulting to none and to the CPU count', async () => {
    const defaults = await loadConfig({ DATA_DIR: tempDir });
    expect(defaults.corsOrigins).toEqual([]);
    expect(defaults.workerConcurrency).toBe(os.availableParallelism());
    const set = await loadConfig({
      DATA_DIR: tempDir,
      CORS_ORIGINS: 'https://lab.example.org, http://localhost:5173',
      WORKER_CONCURRENCY: '3',
    });
    expect(set.corsOrigins).toEqual(['https://lab.example.org', 'http://localhost:5173']);
    expect(set.workerConcurrency).toBe(3);
    expect(() => parseEnv({ WORKER_CONCURRENCY: '0' })).toThrow(
      'WORKER_CONCURRENCY must be at least 1',
    );
    expect(() => parseEnv({ CORS_ORIGINS: 'https://lab.example.org/app' })).toThrow('CORS_ORIGINS');
  });

  it('reads JOB_LEASE_SECONDS, defaulting to the 45 s lease', async () => {
    expect((await loadConfig({ DATA_DIR: tempDir })).jobLeaseSeconds).toBe(45);
    expect((await loadConfig({ DATA_DIR: tempDir, JOB_LEASE_SECONDS: '6' })).jobLeaseSeconds).toBe(
      6,
    );
    expect(() => parseEnv({ JOB_LEASE_SECONDS: '2' })).toThrow(
      'JOB_LEASE_SECONDS must be at least 3',
    );
  });

  it('parses the process role, defaulting to all', () => {
    expect(parseRoleArgument([])).toBe('all');
    expect(parseRoleArgument(['--role=worker'])).toBe('worker');
    expect(parseRoleArgument(['--role=api'])).toBe('api');
    expect(() => parseRoleArgument(['--role=cron'])).toThrow('Unknown role "cron"');
  });
});
