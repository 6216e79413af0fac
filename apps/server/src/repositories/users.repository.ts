import type { UserSettings } from '@sarm/contracts';
import { eq } from 'drizzle-orm';
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

  return {
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
