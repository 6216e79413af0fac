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

  it('parses the process role, defaulting to all', () => {
    expect(parseRoleArgument([])).toBe('all');
    expect(parseRoleArgument(['--role=worker'])).toBe('worker');
    expect(parseRoleArgument(['--role=api'])).toBe('api');
    expect(() => parseRoleArgument(['--role=cron'])).toThrow('Unknown role "cron"');
  });
});
