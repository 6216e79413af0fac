import { LoginResponseSchema } from '@sarm/contracts';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from './config.js';
import { startServer } from './server.js';

let dataDir: string;
let config: ServerConfig;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sarm-server-'));
  config = {
    ...(await loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' })),
    port: 0,
    host: '127.0.0.1',
  };
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function baseUrl(address: AddressInfo | string | null | undefined): string {
  if (address === null || address === undefined || typeof address === 'string')
    throw new Error('Not listening on TCP');
  return `http://127.0.0.1:${address.port}`;
}

describe('startServer on a data folder (PGlite on disk)', () => {
  it('creates the administrator once, prints its password once, and serves sign-in over HTTP', async () => {
    const printed: string[] = [];
    const server = await startServer(config, 'all', (line) => printed.push(line));
    try {
      const notice = printed.find((line) => line.includes('Administrator created'));
      expect(notice).toContain('admin@sarm.local');
      const password = /password: (\S+)/.exec(notice ?? '')?.[1] ?? '';
      expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(printed).toContainEqual(
        expect.stringMatching(/^SARM listening on http:\/\/localhost:\d+$/),
      );

      const response = await fetch(
        `${baseUrl(server.app?.server.address())}/api/sarm/auth/login-user`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@sarm.local', password }),
        },
      );
      expect(response.status).toBe(200);
      const session = LoginResponseSchema.parse(await response.json());
      expect(session.roles).toEqual(['system_admin']);
      expect(session.user.access).toEqual({ business: true, technical: true, admin: true });
    } finally {
      await server.stop();
    }

    const restartPrinted: string[] = [];
    const restarted = await startServer(config, 'worker', (line) => restartPrinted.push(line));
    try {
      expect(restarted.app).toBeNull();
      expect(restartPrinted.join('\n')).not.toContain('Administrator created');
      expect(restartPrinted).toContain('SARM worker started (pglite)');
    } finally {
      await restarted.stop();
    }
  });
});
