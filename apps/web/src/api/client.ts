import type { ResponseSchema } from './responseSchema';
import { clearSession, readToken, type KeyValueStore } from './session';

/** How a request failed: the server answered with an error, or the request never produced a usable answer. */
export type ApiErrorKind = 'http' | 'fetch' | 'timeout' | 'parsing';

/** Error raised by every API call; `message` is ready to show to the user. */
export class ApiRequestError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly detail: unknown;

  constructor(
    kind: ApiErrorKind,
    message: string,
    status: number | null = null,
    detail: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiRequestError';
    this.kind = kind;
    this.status = status;
    this.detail = detail;
  }

  /** Machine-readable reason the server put in `detail.code` (e.g. ACCOUNT_INACTIVE). */
  get code(): string | null {
    const { detail } = this;
    if (
      typeof detail === 'object' &&
      detail !== null &&
      'code' in detail &&
      typeof detail.code === 'string'
    ) {
      return detail.code;
    }
    return null;
  }
}

export type ClientMessage =
  | { key: 'errors.http'; values: { status: number; statusText: string } }
  | { key: 'errors.fetch' }
  | { key: 'errors.timeout' }
  | { key: 'errors.parsing' };

export interface ApiClientDeps {
  readonly fetch: (input: string, init: RequestInit) => Promise<Response>;
  readonly store: KeyValueStore;
  /** Current browser path, to avoid redirecting to login from the login page itself. */
  readonly currentPath: () => string;
  readonly redirect: (url: string) => void;
  readonly describe: (message: ClientMessage) => string;
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  readonly method?: HttpMethod;
  readonly body?: unknown;
  /** The login call answers 401 for wrong credentials; that must not look like an expired session. */
  readonly skipAuthRedirect?: boolean;
  readonly timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const EXPIRED_LOGIN_URL = '/login?expired=true';
export const ACCOUNT_INACTIVE_URL = '/account-inactive';

export interface ApiClient {
  /** Sends a request and returns the decoded JSON body (undefined when empty). */
  readonly request: (path: string, options?: RequestOptions) => Promise<unknown>;
  /** Same, then validates the body against a contracts schema. */
  readonly requestParsed: <T>(
    path: string,
    schema: ResponseSchema<T>,
    options?: RequestOptions,
  ) => Promise<T>;
  /**
   * Same, with a schema loaded on demand (a dynamic import, so zod stays off the start-up path);
   * the schema loads while the request is under way. A schema that cannot load is a fetch failure.
   */
  readonly requestLazyParsed: <T>(
    path: string,
    loadSchema: () => Promise<ResponseSchema<T>>,
    options?: RequestOptions,
  ) => Promise<T>;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const baseUrl = deps.baseUrl ?? '/api';

  function handleUnauthorized(): void {
    clearSession(deps.store);
    if (deps.currentPath() !== '/login') deps.redirect(EXPIRED_LOGIN_URL);
  }

  async function send(path: string, init: RequestInit, timeoutMs: number): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      return await deps.fetch(`${baseUrl}${path}`, { ...init, signal: controller.signal });
    } catch {
      throw new ApiRequestError(
        timedOut ? 'timeout' : 'fetch',
        deps.describe({ key: timedOut ? 'errors.timeout' : 'errors.fetch' }),
      );
    } finally {
      clearTimeout(timer);
    }
  }

  async function readBody(response: Response): Promise<unknown> {
    const text = await response.text().catch(() => '');
    if (text.length === 0) return undefined;
    try {
      const value: unknown = JSON.parse(text);
      return value;
    } catch {
      if (!response.ok) return undefined;
      throw new ApiRequestError(
        'parsing',
        deps.describe({ key: 'errors.parsing' }),
        response.status,
      );
    }
  }

  async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = readToken(deps.store);
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';

    const init: RequestInit = { method: options.method ?? 'GET', headers };
    if (options.body !== undefined) init.body = JSON.stringify(options.body);
    const response = await send(
      path,
      init,
      options.timeoutMs ?? deps.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    const body = await readBody(response);

    if (!response.ok) {
      const error = httpError(response, body, deps.describe);
      if (options.skipAuthRedirect !== true) {
        if (response.status === 401) handleUnauthorized();
        // An account deactivated mid-session is refused on every call; show why instead of failing screens.
        else if (error.code === 'ACCOUNT_INACTIVE' && deps.currentPath() !== ACCOUNT_INACTIVE_URL)
          deps.redirect(ACCOUNT_INACTIVE_URL);
      }
      throw error;
    }
    return body;
  }

  function parse<T>(schema: ResponseSchema<T>, body: unknown): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new ApiRequestError('parsing', deps.describe({ key: 'errors.parsing' }));
    return parsed.data;
  }

  async function requestParsed<T>(
    path: string,
    schema: ResponseSchema<T>,
    options: RequestOptions = {},
  ): Promise<T> {
    return parse(schema, await request(path, options));
  }

  async function requestLazyParsed<T>(
    path: string,
    loadSchema: () => Promise<ResponseSchema<T>>,
    options: RequestOptions = {},
  ): Promise<T> {
    const schema = loadSchema().then(
      (loaded) => ({ loaded }),
      () => null,
    );
    const body = await request(path, options);
    const ready = await schema;
    if (ready === null) throw new ApiRequestError('fetch', deps.describe({ key: 'errors.fetch' }));
    return parse(ready.loaded, body);
  }

  return { request, requestParsed, requestLazyParsed };
}

/** The server's own words win; the generic status line is the fallback (spec 1 §8). */
function httpError(
  response: Response,
  body: unknown,
  describe: ApiClientDeps['describe'],
): ApiRequestError {
  const fields = typeof body === 'object' && body !== null ? body : {};
  const message =
    'message' in fields && typeof fields.message === 'string' && fields.message.length > 0
      ? fields.message
      : null;
  const detail = 'detail' in fields ? fields.detail : undefined;
  const text =
    message ??
    (typeof detail === 'string' && detail.length > 0
      ? detail
      : describe({
          key: 'errors.http',
          values: { status: response.status, statusText: response.statusText },
        }));
  return new ApiRequestError('http', text, response.status, detail);
}

/** Message of any thrown value, for showing failures that may not come from the API client. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.length > 0 ? error.message : fallback;
}

/**
 * The `message` of an API error body given as text (an XMLHttpRequest's), or null. The body is
 * checked by hand against the contracts' ApiError shape (an integer `statusCode`, a string
 * `message`): importing ApiErrorSchema would put zod on the start-up path.
 */
export function serverMessage(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return null;
    if (!('statusCode' in body) || !Number.isInteger(body.statusCode)) return null;
    return 'message' in body && typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}
