import { PGlite } from '@electric-sql/pglite';
import { count, getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteQueueAdapter, openPgliteDatabase, type DatabaseHandle } from './database.js';
import * as schema from './schema/index.js';
import { users } from './schema/index.js';

const TABLES = [
  schema.users,
  schema.roles,
  schema.rolePermissions,
  schema.userRoles,
  schema.projects,
  schema.projectMembers,
  schema.passwordResetTokens,
  schema.loginAttempts,
  schema.systemSettings,
  schema.notifications,
  schema.auditLogs,
  schema.tasks,
];

describe('migrations', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openPgliteDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('create every table on a fresh database, and a second run changes nothing', async () => {
    await database.migrate();
    await database.migrate();
    const counts: Record<string, number> = {};
    for (const table of TABLES) {
      const [row] = await database.db.select({ value: count() }).from(table);
      counts[getTableName(table)] = row?.value ?? -1;
    }
    expect(Object.keys(counts)).toHaveLength(12);
    expect(Object.values(counts).every((value) => value === 0)).toBe(true);
  });

  it('store e-mails uniquely and apply column defaults', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: 'a@sarm.test', displayName: 'A', passwordHash: 'h' })
      .returning();
    expect(user).toMatchObject({
      isActive: true,
      profileCompleted: false,
      settings: { darkMode: false, emailNotifications: true, language: 'en', defaultProject: null },
    });
    expect(user?.id).toMatch(/^[0-9a-f-]{36}$/);
    await expect(
      database.db
        .insert(users)
        .values({ email: 'a@sarm.test', displayName: 'B', passwordHash: 'h' }),
    ).rejects.toThrow();
  });
});

describe('pg-boss adapter for PGlite', () => {
  const client = new PGlite();
  afterAll(async () => {
    await client.close();
  });

  it('runs parameterised statements with query and multi-statement SQL with exec, answering the last rows', async () => {
    const adapter = createPgliteQueueAdapter(client);
    const script = await adapter.executeSql(
      'CREATE TABLE t (n int); INSERT INTO t VALUES (1), (2); SELECT sum(n)::int AS total FROM t',
      [],
    );
    expect(script.rows).toEqual([{ total: 3 }]);
    const query = await adapter.executeSql('SELECT n FROM t WHERE n > $1', [1]);
    expect(query.rows).toEqual([{ n: 2 }]);
  });
});

describe('onWrite', () => {
  it('tells listeners of inserts, updates and deletes of their tables, not of reads or others', async () => {
    const database = await openPgliteDatabase();
    try {
      await database.migrate();
      const heard: string[] = [];
      const stop = database.onWrite(['users'], () => heard.push('users'));
      const [user] = await database.db
        .insert(users)
        .values({ email: 'watch@sarm.test', displayName: 'W', passwordHash: 'x' })
        .returning();
      await database.db.select().from(users);
      await database.db.update(users).set({ displayName: 'V' });
      await database.db.select().from(schema.roles);
      await database.db.delete(users);
      expect(user).toBeDefined();
      expect(heard).toEqual(['users', 'users', 'users']);
      stop();
      await database.db
        .insert(users)
        .values({ email: 'after@sarm.test', displayName: 'A', passwordHash: 'x' });
      expect(heard).toHaveLength(3);
    } finally {
      await database.close();
    }
  });
});
