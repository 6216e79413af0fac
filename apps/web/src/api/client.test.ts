import { describe, expect, it } from 'vitest';
import { CurrentUserSchema } from '@sarm/contracts';
import { makeUser } from '../testing/makeUser';
import {
  ApiRequestError,
  createApiClient,
  serverMessage,
  type ApiClientDeps,
  type ClientMessage,
} from './client';
import { createMemoryStore, STORAGE_KEYS, type KeyValueStore } from './session';

interface Harness {
  readonly store: KeyValueStore;
  readonly redirects: string[];
  readonly calls: { url: string; init: RequestInit }[];
}

function describeMessage(message: ClientMessage): string {
  return message.key === 'errors.http'
    ? `Error ${message.values.status}: ${message.values.statusText}`
    : message.key;
}

function setup(respond: ApiClientDeps['fetch'], path = '/sarm/dashboard', timeoutMs = 1000) {
  const harness: Harness = {
    store: createMemoryStore({
      token: 'tok-1',
      userData: '{}',
      userDataTimestamp: '1',
      theme: 'dark',
    }),
    redirects: [],
    calls: [],
  };
  const client = createApiClient({
    fetch: (url, init) => {
      harness.calls.push({ url, init });
      return respond(url, init);
    },
    store: harness.store,
    currentPath: () => path,
    redirect: (url) => harness.redirects.push(url),
    describe: describeMessage,
    timeoutMs,
  });
  return { client, harness };
}

const json = (status: number, body: unknown, statusText = '') =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      statusText,
      headers: { 'Content-Type': 'application/json' },
    }),
  );

async function failure(promise: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiRequestError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('createApiClient', () => {
  it('sends the stored token as a bearer header under /api', async () => {
    const { client, harness } = setup(() => json(200, { ok: true }));
    await client.request('/notifications');
    expect(harness.calls[0]?.url).toBe('/api/notifications');
    expect(new Headers(harness.calls[0]?.init.headers).get('Authorization')).toBe('Bearer tok-1');
  });

  it('sends JSON bodies with a content type', async () => {
    const { client, harness } = setup(() => json(200, {}));
    await client.request('/sarm/auth/profile', {
      method: 'PUT',
      body: { jobTitle: 'Embryologist' },
    });
    expect(harness.calls[0]?.init.method).toBe('PUT');
    expect(harness.calls[0]?.init.body).toBe('{"jobTitle":"Embryologist"}');
    expect(new Headers(harness.calls[0]?.init.headers).get('Content-Type')).toBe(
      'application/json',
    );
  });

  it('uses the server message when the error body has one', async () => {
    const { client } = setup(() =>
      json(
        404,
        { statusCode: 404, message: 'No account found with this email address' },
        'Not Found',
      ),
    );
    const error = await failure(client.request('/sarm/auth/forgot-password'));
    expect(error.message).toBe('No account found with this email address');
    expect(error.status).toBe(404);
    expect(error.kind).toBe('http');
  });

  it('falls back to a string detail, then to "Error {status}: {statusText}"', async () => {
    const detailOnly = setup(() => json(400, { detail: 'Bad dataset id' }, 'Bad Request'));
    expect((await failure(detailOnly.client.request('/x'))).message).toBe('Bad dataset id');
    const bare = setup(() =>
      Promise.resolve(new Response('', { status: 502, statusText: 'Bad Gateway' })),
    );
    expect((await failure(bare.client.request('/x'))).message).toBe('Error 502: Bad Gateway');
  });

  it('exposes detail.code so screens can react to ACCOUNT_INACTIVE', async () => {
    const { client } = setup(() =>
      json(403, {
        statusCode: 403,
        message: 'Account inactive',
        detail: { code: 'ACCOUNT_INACTIVE' },
      }),
    );
    expect(
      (await failure(client.request('/sarm/auth/login-user', { skipAuthRedirect: true }))).code,
    ).toBe('ACCOUNT_INACTIVE');
  });

  it('sends a deactivated account to /account-inactive, keeping the session for the Back to Login button', async () => {
    const { client, harness } = setup(() =>
      json(403, {
        statusCode: 403,
        message: 'Account is inactive',
        detail: { code: 'ACCOUNT_INACTIVE' },
      }),
    );
    await failure(client.request('/notifications'));
    expect(harness.redirects).toEqual(['/account-inactive']);
    expect(harness.store.getItem(STORAGE_KEYS.token)).toBe('tok-1');
  });

  it('does not redirect for other 403 answers', async () => {
    const { client, harness } = setup(() => json(403, { statusCode: 403, message: 'Forbidden' }));
    expect((await failure(client.request('/admin/settings'))).message).toBe('Forbidden');
    expect(harness.redirects).toEqual([]);
  });

  it('on 401 clears token and cached user, keeps preferences, and goes to /login?expired=true', async () => {
    const { client, harness } = setup(() =>
      json(401, { statusCode: 401, message: 'Unauthorized' }),
    );
    await failure(client.request('/sarm/auth/get-me'));
    expect(harness.store.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(harness.store.getItem(STORAGE_KEYS.userData)).toBeNull();
    expect(harness.store.getItem(STORAGE_KEYS.userDataTimestamp)).toBeNull();
    expect(harness.store.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(harness.redirects).toEqual(['/login?expired=true']);
  });

  it('does not redirect on 401 while already on /login', async () => {
    const { client, harness } = setup(() => json(401, { message: 'Unauthorized' }), '/login');
    await failure(client.request('/sarm/auth/get-me'));
    expect(harness.redirects).toEqual([]);
    expect(harness.store.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('leaves the session alone when the login call itself answers 401', async () => {
    const { client, harness } = setup(() => json(401, { message: 'Invalid email or password' }));
    const error = await failure(
      client.request('/sarm/auth/login-user', { method: 'POST', skipAuthRedirect: true }),
    );
    expect(error.message).toBe('Invalid email or password');
    expect(harness.redirects).toEqual([]);
    expect(harness.store.getItem(STORAGE_KEYS.token)).toBe('tok-1');
  });

  it('reports network failures as fetch errors', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(client.request('/x'));
    expect(error.kind).toBe('fetch');
    expect(error.message).toBe('errors.fetch');
  });

  it('aborts slow requests and reports a timeout', async () => {
    const { client } = setup(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
      '/x',
      20,
    );
    const error = await failure(client.request('/slow'));
    expect(error.kind).toBe('timeout');
  });

  it('reports unreadable success bodies and schema mismatches as parsing errors', async () => {
    const broken = setup(() => Promise.resolve(new Response('<html>', { status: 200 })));
    expect((await failure(broken.client.request('/x'))).kind).toBe('parsing');
    const wrongShape = setup(() => json(200, { id: 'only-an-id' }));
    expect(
      (await failure(wrongShape.client.requestParsed('/sarm/auth/get-me', CurrentUserSchema))).kind,
    ).toBe('parsing');
  });

  it('returns the parsed body when it matches the schema, and undefined for empty bodies', async () => {
    const user = makeUser();
    const ok = setup(() => json(200, user));
    await expect(ok.client.requestParsed('/sarm/auth/get-me', CurrentUserSchema)).resolves.toEqual(
      user,
    );
    const empty = setup(() => Promise.resolve(new Response(null, { status: 204 })));
    await expect(
      empty.client.request('/sarm/auth/logout', { method: 'POST' }),
    ).resolves.toBeUndefined();
  });

  it('validates with a schema loaded on demand, and reports a schema that cannot load as a fetch failure', async () => {
    const user = makeUser();
    const ok = setup(() => json(200, user));
    await expect(
      ok.client.requestLazyParsed('/sarm/auth/get-me', () => Promise.resolve(CurrentUserSchema)),
    ).resolves.toEqual(user);
    const wrongShape = setup(() => json(200, { id: 'only-an-id' }));
    expect(
      (
        await failure(
          wrongShape.client.requestLazyParsed('/sarm/auth/get-me', () =>
            Promise.resolve(CurrentUserSchema),
          ),
        )
      ).kind,
    ).toBe('parsing');
    const unloadable = setup(() => json(200, user));
    expect(
      (
        await failure(
          unloadable.client.requestLazyParsed('/sarm/auth/get-me', () =>
            Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
          ),
        )
      ).kind,
    ).toBe('fetch');
    // The server's refusal wins over a schema that did not load.
    const refused = setup(() => json(403, { statusCode: 403, message: 'No' }));
    const error = await failure(
      refused.client.requestLazyParsed('/x', () => Promise.reject(new Error('offline'))),
    );
    expect([error.kind, error.status, error.message]).toEqual(['http', 403, 'No']);
  });
});

describe('serverMessage', () => {
  it('answers the message of a body of the API error shape only', () => {
    expect(serverMessage(JSON.stringify({ statusCode: 400, message: 'Bad file' }))).toBe(
      'Bad file',
    );
    expect(serverMessage(JSON.stringify({ statusCode: 400, message: 'x', detail: {} }))).toBe('x');
    expect(serverMessage(JSON.stringify({ message: 'no status' }))).toBeNull();
    expect(serverMessage(JSON.stringify({ statusCode: 4.5, message: 'x' }))).toBeNull();
    expect(serverMessage(JSON.stringify({ statusCode: 400, message: 3 }))).toBeNull();
    expect(serverMessage('null')).toBeNull();
    expect(serverMessage('<html>')).toBeNull();
  });
});
