import {
  LoginResponseSchema,
  PublicSettingsSchema,
  type LoginResponse,
  type PublicSettings,
} from '@sarm/contracts';

/** Direct API calls for arranging test data; the browser is kept for what the test is about. */
export class TestApi {
  constructor(readonly baseUrl: string) {}

  private async call(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token !== undefined) headers.Authorization = `Bearer ${token}`;
    return fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async register(displayName: string, email: string, password: string): Promise<void> {
    const response = await this.call('POST', '/sarm/auth/register-user', {
      displayName,
      email,
      password,
    });
    if (!response.ok)
      throw new Error(`register failed: ${response.status} ${await response.text()}`);
  }

  async login(email: string, password: string): Promise<LoginResponse> {
    const response = await this.call('POST', '/sarm/auth/login-user', { email, password });
    if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
    return LoginResponseSchema.parse(await response.json());
  }

  async publicSettings(): Promise<PublicSettings> {
    const response = await this.call('GET', '/settings/public');
    return PublicSettingsSchema.parse(await response.json());
  }

  /** GET as a signed-in user, answered as the decoded JSON body. */
  async getJson(path: string, token: string): Promise<unknown> {
    const response = await this.call('GET', path, undefined, token);
    if (!response.ok) throw new Error(`GET ${path} failed: ${response.status}`);
    const body: unknown = await response.json();
    return body;
  }

  /** Any other call, answered as the raw response. */
  request(method: string, path: string, body?: unknown, token?: string): Promise<Response> {
    return this.call(method, path, body, token);
  }
}
