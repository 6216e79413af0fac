import { desc } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { auditLogs, type AuditLogRow } from '../db/schema/index.js';

export type NewAuditLog = Omit<typeof auditLogs.$inferInsert, 'id'>;

/** Append-only audit trail entries. */
export function createAuditLogsRepository(db: Database) {
  async function insert(entry: NewAuditLog): Promise<void> {
    await db.insert(auditLogs).values(entry);
  }

  async function listRecent(limit: number): Promise<AuditLogRow[]> {
    return db.select().from(auditLogs).orderBy(desc(auditLogs.timestamp)).limit(limit);
  }

  return { insert, listRecent };
}
export type AuditLogsRepository = ReturnType<typeof createAuditLogsRepository>;
