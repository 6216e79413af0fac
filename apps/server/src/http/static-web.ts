import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Serves the built web app from `webDistDir` outside `/api`. Returns false (and serves nothing)
 * when there is no build, as in tests or before `npm run build -w apps/web`.
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDistDir: string | null,
): Promise<boolean> {
  if (webDistDir === null || !existsSync(path.join(webDistDir, 'index.html'))) return false;
  await app.register(fastifyStatic, { root: webDistDir, wildcard: true, index: ['index.html'] });
  return true;
}
