import type { AuditLogRow } from '../db/schema/index.js';
import { signedInUser, type UserFactoryOptions } from './factories.js';
import type { TestServer } from './test-server.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A signed-in caller with a JSON `call(method, url, payload?)` helper. */
export async function caller(server: TestServer, options: UserFactoryOptions = {}) {
  const signed = await signedInUser(server, options);
  const call = (method: Method, url: string, payload?: object) =>
    server.app.inject({ method, url, headers: signed.headers, payload });
  return { ...signed, call };
}

/** A caller holding the system_admin role. */
export const adminCaller = (server: TestServer) =>
  caller(server, { roles: ['system_admin'], displayName: 'Admin Tester' });

/** The newest audit entries, newest first. */
export const recentAudit = (server: TestServer, limit = 20): Promise<AuditLogRow[]> =>
  server.context.repositories.auditLogs.listRecent(limit);

/** True when an audit entry with the message exists. */
export async function audited(server: TestServer, message: string | RegExp): Promise<boolean> {
  const rows = await recentAudit(server, 200);
  return rows.some((row) =>
    typeof message === 'string' ? row.message === message : message.test(row.message),
  );
}
