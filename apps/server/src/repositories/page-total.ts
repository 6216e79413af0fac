/** Paging: the total of a list from one of its pages, and pages of one table. */
import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';

/**
 * How many items the whole list has, given one page of it: a page shorter than `limit` that is
 * not past the end shows where the list ends; only a full page, or an empty page after the
 * first, needs `countAll` (one query saved on every last or only page).
 */
export async function totalOfPage(
  page: { readonly length: number },
  limit: number,
  offset: number,
  countAll: () => Promise<number>,
): Promise<number> {
  const ended = page.length < limit && (page.length > 0 || offset === 0);
  return ended ? offset + page.length : countAll();
}

/** How many rows of `table` meet `where`. */
export async function countRows(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
): Promise<number> {
  const [row] = await db.select({ total: count() }).from(table).where(where);
  return row?.total ?? 0;
}

/**
 * One page of the rows of `table` that meet `where`, in `order` (which must end with a unique
 * column, so pages neither repeat nor skip rows), and the whole list's total. The count costs a
 * query only when the page does not already show where the list ends.
 */
export async function pageOfTable<T extends PgTable>(
  db: Database,
  table: T,
  where: SQL,
  order: readonly (PgColumn | SQL)[],
  limit: number,
  offset: number,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  // Drizzle cannot select from a generic table type; the rows are the table's all the same.
  const source: PgTable = table;
  const rows = (await db
    .select()
    .from(source)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)) as T['$inferSelect'][];
  const total = await totalOfPage(rows, limit, offset, () => countRows(db, table, where));
  return { rows, total };
}
