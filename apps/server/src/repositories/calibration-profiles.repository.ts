import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  calibrationProfiles,
  type CalibrationProfileRow,
  type NewCalibrationProfile,
} from '../db/schema/index.js';

/** Calibration profiles, by name. */
export function createCalibrationProfilesRepository(db: Database) {
  function list(): Promise<CalibrationProfileRow[]> {
    return db.select().from(calibrationProfiles).orderBy(asc(calibrationProfiles.name));
  }

  async function findById(id: string): Promise<CalibrationProfileRow | undefined> {
    const [row] = await db.select().from(calibrationProfiles).where(eq(calibrationProfiles.id, id));
    return row;
  }

  async function findByName(name: string): Promise<CalibrationProfileRow | undefined> {
    const [row] = await db
      .select()
      .from(calibrationProfiles)
      .where(eq(calibrationProfiles.name, name));
    return row;
  }

  async function insert(values: NewCalibrationProfile): Promise<CalibrationProfileRow> {
    const [row] = await db.insert(calibrationProfiles).values(values).returning();
    if (row === undefined) throw new Error('Calibration profile insert returned no row');
    return row;
  }

  async function update(
    id: string,
    values: Partial<NewCalibrationProfile>,
  ): Promise<CalibrationProfileRow | undefined> {
    const [row] = await db
      .update(calibrationProfiles)
      .set(values)
      .where(eq(calibrationProfiles.id, id))
      .returning();
    return row;
  }

  async function remove(id: string): Promise<boolean> {
    const rows = await db
      .delete(calibrationProfiles)
      .where(eq(calibrationProfiles.id, id))
      .returning({ id: calibrationProfiles.id });
    return rows.length > 0;
  }

  return { list, findById, findByName, insert, update, remove };
}
export type CalibrationProfilesRepository = ReturnType<typeof createCalibrationProfilesRepository>;
