import type { LoginResponse } from '@sarm/contracts';
import { LoginResponseSchema } from '@sarm/contracts';
import { randomUUID } from 'node:crypto';
import { rolePermissions, roles, userRoles, type UserRow } from '../db/schema/index.js';
import type { TestServer } from './test-server.js';
import { testPasswordHasher } from './test-server.js';

export const DEFAULT_TEST_PASSWORD = 'correct-horse-battery';

export interface UserFactoryOptions {
  readonly email?: string;
  readonly password?: string;
  readonly displayName?: string;
  readonly isActive?: boolean;
  /** Codes of existing roles to grant. */
  readonly roles?: readonly string[];
}

/** Inserts a user directly (no HTTP), optionally with roles. */
export async function createUser(
  server: TestServer,
  options: UserFactoryOptions = {},
): Promise<{ user: UserRow; password: string }> {
  const password = options.password ?? DEFAULT_TEST_PASSWORD;
  const { users, roles: rolesRepository } = server.context.repositories;
  const user = await users.insert({
    email: options.email ?? `user-${randomUUID().slice(0, 8)}@sarm.test`,
    displayName: options.displayName ?? 'Test User',
    passwordHash: await testPasswordHasher.hash(password),
    isActive: options.isActive ?? true,
  });
  if (user === undefined) throw new Error('User already exists');
  for (const code of options.roles ?? []) {
    const role = await rolesRepository.findByCode(code);
    if (role === undefined) throw new Error(`No role ${code}`);
    await rolesRepository.assignRole(user.id, role.id);
  }
  return { user, password };
}

/** Inserts a custom (non-system) role with the given permission codes and grants it to a user. */
export async function grantCustomRole(
  server: TestServer,
  userId: string,
  permissions: readonly string[],
): Promise<string> {
  const db = server.database.db;
  const [role] = await db
    .insert(roles)
    .values({ code: `custom_${randomUUID().slice(0, 8)}`, name: 'Custom role' })
    .returning();
  if (role === undefined) throw new Error('Role insert failed');
  if (permissions.length > 0)
    await db
      .insert(rolePermissions)
      .values(permissions.map((permission) => ({ roleId: role.id, permission })));
  await db.insert(userRoles).values({ userId, roleId: role.id });
  return role.id;
}

/** Signs in over HTTP and answers the parsed login response. */
export async function login(
  server: TestServer,
  email: string,
  password: string,
): Promise<LoginResponse> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/sarm/auth/login-user',
    payload: { email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`Login failed: ${response.statusCode} ${response.body}`);
  return LoginResponseSchema.parse(response.json());
}

/** Creates a user and signs in; answers the user and an Authorization header. */
export async function signedInUser(server: TestServer, options: UserFactoryOptions = {}) {
  const { user, password } = await createUser(server, options);
  const session = await login(server, user.email, password);
  return { user, password, session, headers: { authorization: `Bearer ${session.access_token}` } };
}
