import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Unknown `/api/*` paths answer 404 in the API error shape. Other GET requests for a page (HTML
 * accepted, or a path without a file extension) get the web app's `index.html`, so client-side
 * routes survive a reload (SPA fallback); a missing asset still answers 404.
 */
export function installNotFoundHandler(
  app: FastifyInstance,
  options: { webDistDir: string | null },
): void {
  const { webDistDir } = options;
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const lastSegment = pathname.split('/').at(-1) ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      ((request.headers.accept ?? '').includes('text/html') || !lastSegment.includes('.'));
    if (!isApi && webDistDir !== null && wantsPage) {
      // Read on each fallback: index.html is tiny and changes whenever the web app is rebuilt.
      const page = await readFile(path.join(webDistDir, 'index.html'));
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    }
    return reply
      .status(404)
      .send({ statusCode: 404, message: `Route ${request.method} ${pathname} not found` });
  });
}
