import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'sarm-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>SARM</title>');
  await writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log("app")');
  server = await createTestServer({ workers: false, webDistDir: webDir });
});
afterAll(async () => {
  await server.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves index.html at the root and built assets by path', async () => {
    const root = await server.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>SARM</title>');
    const asset = await server.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
  });

  it('sends security headers: no sniffing, no framing, no referrer, a strict CSP', async () => {
    for (const url of ['/', '/api/health']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('falls back to index.html for client-side routes', async () => {
    for (const url of ['/sarm/projects/p1/datasets', '/login?expired=true', '/admin/users']) {
      const response = await server.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>SARM</title>');
    }
  });

  it('answers 404 for a missing asset and JSON 404 for unknown API paths', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(
      404,
    );
    const api = await server.app.inject({
      method: 'GET',
      url: '/api/unknown',
      headers: { accept: 'text/html' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ statusCode: 404, message: 'Route GET /api/unknown not found' });
  });
});
