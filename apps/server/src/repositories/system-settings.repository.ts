import type { Database } from '../db/database.js';
import { systemSettings } from '../db/schema/index.js';

/** Raw stored sections of the system settings, keyed by section name. */
export function createSystemSettingsRepository(db: Database) {
  async function readAll(): Promise<Map<string, Record<string, unknown>>> {
    const rows = await db.select().from(systemSettings);
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  async function write(
    key: string,
    value: Record<string, unknown>,
    updatedBy: string | null,
    now: Date,
  ): Promise<void> {
    await db
      .insert(systemSettings)
      .values({ key, value, updatedBy, updatedAt: now })
      .onConflictDoUpdate({
        target: systemSettings.key,
        set: { value, updatedBy, updatedAt: now },
      });
  }

  return { readAll, write };
}
export type SystemSettingsRepository = ReturnType<typeof createSystemSettingsRepository>;
