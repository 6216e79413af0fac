import type { FastifyInstance } from 'fastify';
import { DOCS_PREFIX } from './openapi.js';

/**
 * The web app's Content-Security-Policy: scripts only from this server; inline styles because
 * MUI (emotion) injects them; `blob:` and `data:` for thumbnails, PDFs and video played from
 * memory; no framing by other sites.
 */
export const WEB_APP_CSP = [
  "default-src 'self'",
  // WebAssembly compilation only (not eval): the preview's head detector runs SIMD kernels.
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Security headers on every response. `Referrer-Policy: no-referrer` matters most here: media
 * links carry a token in their query, which must not travel to another site in a Referer header.
 * The API documentation keeps the policy its UI sets for itself.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    // The live capture page uses the microscope camera of this origin; nothing else may.
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
    if (request.protocol === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (!request.url.startsWith(DOCS_PREFIX) && !reply.hasHeader('Content-Security-Policy'))
      reply.header('Content-Security-Policy', WEB_APP_CSP);
  });
}
