import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  patients,
  reportTemplates,
  savedReports,
  videoAnalyses,
  type ReportTemplateRow,
  type SavedReportRow,
} from '../db/schema/index.js';
import { countRows, totalOfPage } from './page-total.js';

/** A saved report with the current name of its patient (null when none or removed). */
export interface SavedReportWithPatient {
  readonly report: SavedReportRow;
  readonly patientName: string | null;
}

/** Arbitrary but fixed key of the transaction lock that serialises template seeding. */
const TEMPLATE_SEED_LOCK = 740_214_001;

/** Report generator templates and saved reports. */
export function createReportsRepository(db: Database) {
  async function listTemplates(): Promise<ReportTemplateRow[]> {
    return db
      .select()
      .from(reportTemplates)
      .orderBy(
        desc(reportTemplates.isDefault),
        asc(reportTemplates.createdAt),
        asc(reportTemplates.name),
      );
  }

  async function findTemplate(id: string): Promise<ReportTemplateRow | undefined> {
    const [row] = await db
      .select()
      .from(reportTemplates)
      .where(eq(reportTemplates.id, id))
      .limit(1);
    return row;
  }

  /**
   * Inserts `rows` when the table is empty, under a transaction lock so that processes starting
   * together seed once. Answers whether it inserted.
   */
  async function seedTemplatesIfEmpty(
    rows: readonly (typeof reportTemplates.$inferInsert)[],
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${TEMPLATE_SEED_LOCK})`);
      const [existing] = await tx.select({ id: reportTemplates.id }).from(reportTemplates).limit(1);
      if (existing !== undefined || rows.length === 0) return false;
      await tx.insert(reportTemplates).values([...rows]);
      return true;
    });
  }

  const withPatient = {
    report: savedReports,
    patientName: patients.name,
  };

  /**
   * One page of saved reports, newest first, with the total; only those of `createdBy` unless it
   * is null. The count costs a query only when the page does not already show where the list ends.
   */
  async function listSaved(
    createdBy: string | null,
    limit: number,
    offset: number,
  ): Promise<{ rows: SavedReportWithPatient[]; total: number }> {
    const owner = createdBy === null ? undefined : eq(savedReports.createdBy, createdBy);
    const rows = await db
      .select(withPatient)
      .from(savedReports)
      .leftJoin(patients, eq(patients.id, savedReports.patientId))
      .where(owner)
      .orderBy(desc(savedReports.createdAt), desc(savedReports.id))
      .limit(limit)
      .offset(offset);
    const total = await totalOfPage(rows, limit, offset, () => countRows(db, savedReports, owner));
    return { rows, total };
  }

  async function findSaved(id: string): Promise<SavedReportWithPatient | undefined> {
    const [row] = await db
      .select(withPatient)
      .from(savedReports)
      .leftJoin(patients, eq(patients.id, savedReports.patientId))
      .where(eq(savedReports.id, id))
      .limit(1);
    return row;
  }

  async function insertSaved(values: typeof savedReports.$inferInsert): Promise<SavedReportRow> {
    const [row] = await db.insert(savedReports).values(values).returning();
    if (row === undefined) throw new Error('Insert returned no row');
    return row;
  }

  async function removeSaved(id: string): Promise<boolean> {
    const rows = await db
      .delete(savedReports)
      .where(eq(savedReports.id, id))
      .returning({ id: savedReports.id });
    return rows.length > 0;
  }

  /** The video of a saved analysis, for visibility checks. */
  async function analysisVideoId(analysisId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ videoId: videoAnalyses.videoId })
      .from(videoAnalyses)
      .where(eq(videoAnalyses.id, analysisId))
      .limit(1);
    return row?.videoId;
  }

  return {
    listTemplates,
    findTemplate,
    seedTemplatesIfEmpty,
    listSaved,
    findSaved,
    insertSaved,
    removeSaved,
    analysisVideoId,
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
