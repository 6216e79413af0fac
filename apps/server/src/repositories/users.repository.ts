import type { UserSettings } from '@sarm/contracts';
import { asc, count, eq, ilike, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { users, type NewUserRow, type UserRow } from '../db/schema/index.js';

export type ProfileUpdate = Partial<
  Pick<
    UserRow,
    'displayName' | 'phoneNumber' | 'jobTitle' | 'department' | 'organization' | 'profileCompleted'
  >
>;

/** Normalises an e-mail address the way it is stored. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** Escapes `%`, `_` and `\\` for a LIKE pattern. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** User accounts; e-mails are normalised on the way in. */
export function createUsersRepository(db: Database) {
  async function findById(id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async function findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(eq(users.email, normaliseEmail(email)))
      .limit(1);
    return row;
  }

  /** Inserts a user; answers `undefined` when the e-mail is already taken. */
  async function insert(values: NewUserRow): Promise<UserRow | undefined> {
    const [row] = await db
      .insert(users)
      .values({ ...values, email: normaliseEmail(values.email) })
      .onConflictDoNothing({ target: users.email })
      .returning();
    return row;
  }

  async function update(
    id: string,
    values: Partial<NewUserRow>,
    now: Date,
  ): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Users matching `search` (name or e-mail, case-insensitive), sorted by name, one page. */
  async function listPage(options: {
    search?: string;
    offset: number;
    limit: number;
  }): Promise<{ rows: UserRow[]; total: number }> {
    const term = options.search?.trim() ?? '';
    const where: SQL | undefined =
      term === ''
        ? undefined
        : or(
            ilike(users.displayName, `%${escapeLike(term)}%`),
            ilike(users.email, `%${escapeLike(term)}%`),
          );
    const [totalRow] = await db.select({ total: count() }).from(users).where(where);
    const rows = await db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.displayName), asc(users.email))
      .limit(options.limit)
      .offset(options.offset);
    return { rows, total: totalRow?.total ?? 0 };
  }

  async function findByIds(ids: readonly string[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(users)
      .where(inArray(users.id, [...ids]));
  }

  /** Users other than the given ones, sorted by name. */
  async function listExcept(ids: readonly string[]): Promise<UserRow[]> {
    const query = db.select().from(users);
    return (ids.length === 0 ? query : query.where(notInArray(users.id, [...ids]))).orderBy(
      asc(users.displayName),
    );
  }

  async function remove(id: string): Promise<boolean> {
    const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  }

  return {
    listPage,
    findByIds,
    listExcept,
    remove,
    updateAdminFields: (
      id: string,
      values: Partial<Pick<UserRow, 'displayName' | 'isActive' | 'permissions'>>,
      now: Date,
    ) => update(id, values, now),
    findById,
    findByEmail,
    insert,
    updatePasswordHash: (id: string, passwordHash: string, now: Date) =>
      update(id, { passwordHash }, now),
    updateProfile: (id: string, profile: ProfileUpdate, now: Date) => update(id, profile, now),
    updateSettings: (id: string, settings: UserSettings, now: Date) =>
      update(id, { settings }, now),
    setActive: (id: string, isActive: boolean, now: Date) => update(id, { isActive }, now),
    recordLogin: (id: string, now: Date) => update(id, { lastLoginAt: now }, now),
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
