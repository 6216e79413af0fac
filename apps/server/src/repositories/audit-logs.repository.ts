import type { SystemLogFilters } from '@sarm/contracts';
import { and, count, desc, eq, gte, ilike, lte, min, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { auditLogs, type AuditLogRow } from '../db/schema/index.js';

export type NewAuditLog = Omit<typeof auditLogs.$inferInsert, 'id'>;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filters: SystemLogFilters): SQL | undefined {
  const conditions: SQL[] = [];
  const term = filters.search?.trim() ?? '';
  if (term !== '') {
    const pattern = `%${escapeLike(term)}%`;
    const match = or(
      ilike(auditLogs.message, pattern),
      ilike(auditLogs.userName, pattern),
      ilike(auditLogs.userEmail, pattern),
      ilike(auditLogs.resourceType, pattern),
      ilike(auditLogs.resourceId, pattern),
      ilike(auditLogs.ipAddress, pattern),
    );
    if (match !== undefined) conditions.push(match);
  }
  if (filters.type !== undefined) conditions.push(eq(auditLogs.type, filters.type));
  if (filters.severity !== undefined) conditions.push(eq(auditLogs.severity, filters.severity));
  if (filters.from !== undefined) conditions.push(gte(auditLogs.timestamp, new Date(filters.from)));
  if (filters.to !== undefined) conditions.push(lte(auditLogs.timestamp, new Date(filters.to)));
  return conditions.length === 0 ? undefined : and(...conditions);
}

/** Append-only audit trail entries, read back with filters for the System Logs screen. */
export function createAuditLogsRepository(db: Database) {
  async function insert(entry: NewAuditLog): Promise<void> {
    await db.insert(auditLogs).values(entry);
  }

  async function listRecent(limit: number): Promise<AuditLogRow[]> {
    return db.select().from(auditLogs).orderBy(desc(auditLogs.timestamp)).limit(limit);
  }

  /** Newest first, one page of the entries matching the filters, and how many match in all. */
  async function listPage(
    filters: SystemLogFilters,
    page: { offset: number; limit: number },
  ): Promise<{ rows: AuditLogRow[]; total: number }> {
    const where = whereOf(filters);
    const [totalRow] = await db.select({ total: count() }).from(auditLogs).where(where);
    const rows = await db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.timestamp), desc(auditLogs.id))
      .limit(page.limit)
      .offset(page.offset);
    return { rows, total: totalRow?.total ?? 0 };
  }

  /** How many entries of one user and resource type since an instant, and the oldest one's time. */
  async function countRecent(
    userId: string,
    resourceType: string,
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await db
      .select({ n: count(), oldest: min(auditLogs.timestamp) })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.userId, userId),
          eq(auditLogs.resourceType, resourceType),
          gte(auditLogs.timestamp, since),
        ),
      );
    return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
  }

  async function findById(id: string): Promise<AuditLogRow | undefined> {
    const [row] = await db.select().from(auditLogs).where(eq(auditLogs.id, id)).limit(1);
    return row;
  }

  /** Entry counts in all, since an instant, and by type and severity. */
  async function statistics(since: Date) {
    const [total] = await db.select({ n: count() }).from(auditLogs);
    const [recent] = await db
      .select({ n: count() })
      .from(auditLogs)
      .where(gte(auditLogs.timestamp, since));
    const byType = await db
      .select({ key: auditLogs.type, n: count() })
      .from(auditLogs)
      .groupBy(auditLogs.type);
    const bySeverity = await db
      .select({ key: auditLogs.severity, n: count() })
      .from(auditLogs)
      .groupBy(auditLogs.severity);
    return { total: total?.n ?? 0, recent: recent?.n ?? 0, byType, bySeverity };
  }

  return { insert, listRecent, listPage, findById, statistics, countRecent };
}
export type AuditLogsRepository = ReturnType<typeof createAuditLogsRepository>;
