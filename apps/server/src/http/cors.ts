import type { FastifyInstance } from 'fastify';

/** Headers a configured foreign origin's script may send and read. */
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Range';
const EXPOSED_HEADERS = 'Content-Disposition, Content-Length, Content-Range, Retry-After';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export const CORS_REFUSED_MESSAGE = 'Requests from this origin are not allowed';

/**
 * Parses `CORS_ORIGINS` (`https://a.example.org,https://b.example.org`) into normalised origins;
 * answers a message naming the first value that is not a bare http(s) origin.
 */
export function parseCorsOrigins(value: string): string[] | string {
  const origins: string[] = [];
  for (const item of value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      return `CORS_ORIGINS: ${JSON.stringify(item)} is not a URL; expected for example https://lab.example.org`;
    }
    const bare =
      url.pathname === '/' && url.search === '' && url.hash === '' && !item.endsWith('/');
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare || url.username !== '')
      return `CORS_ORIGINS: ${JSON.stringify(item)} must be an origin (scheme, host and port only), e.g. https://lab.example.org`;
    origins.push(url.origin);
  }
  return origins;
}

function normalisedOrigin(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The page comes from the host the request was sent to. The scheme is not compared, because a
 * proxy that terminates TLS forwards `https://` pages over plain HTTP; without a port in `Host`,
 * either default port counts.
 */
function isSameHost(origin: string, requestHost: string): boolean {
  let page: URL;
  let target: URL;
  try {
    page = new URL(origin);
    target = new URL(`http://${requestHost}`);
  } catch {
    return false;
  }
  if (page.hostname !== target.hostname) return false;
  const pagePort = page.port !== '' ? page.port : page.protocol === 'https:' ? '443' : '80';
  const hostPort = /:(\d+)$/.exec(requestHost)?.[1];
  return hostPort === undefined
    ? pagePort === '80' || pagePort === '443'
    : pagePort === String(Number(hostPort));
}

/**
 * Cross-origin policy: a request whose `Origin` is neither this server (as addressed, or as
 * `PUBLIC_URL` says behind a proxy) nor one of `allowedOrigins` answers 403 before any route runs,
 * preflights included, so another site's script can neither read nor change anything. Configured
 * origins get the CORS headers (bearer tokens, no cookies, so no credentials mode).
 */
export function installCorsPolicy(
  app: FastifyInstance,
  options: { allowedOrigins: readonly string[]; publicUrl: string | null },
): void {
  const allowed = new Set(options.allowedOrigins);
  const publicOrigin = options.publicUrl === null ? null : normalisedOrigin(options.publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.origin;
    if (header === undefined) return;
    const origin = normalisedOrigin(header);
    if (origin !== null && (origin === publicOrigin || isSameHost(origin, request.host))) return;
    if (origin === null || !allowed.has(origin)) {
      return reply.status(403).send({ statusCode: 403, message: CORS_REFUSED_MESSAGE });
    }
    void reply.header('Access-Control-Allow-Origin', origin);
    void reply.header('Vary', 'Origin');
    void reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    const preflight =
      request.method === 'OPTIONS' &&
      request.headers['access-control-request-method'] !== undefined;
    if (preflight) {
      return reply
        .status(204)
        .header('Access-Control-Allow-Methods', ALLOWED_METHODS)
        .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        .header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS))
        .send();
    }
  });
}
