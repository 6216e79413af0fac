import {
  COUNTED_MODULES,
  type AssessmentRecord,
  type CountedModule,
  type CurrentAssessments,
} from '@sarm/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { datasets, sampleAssessments, type SampleAssessmentRow } from '../db/schema/index.js';

/** What a new record holds; id and time are the repository's and the caller's clock's. */
export type NewAssessment = Omit<typeof sampleAssessments.$inferInsert, 'id'>;

/** Which replicated records quality control reads. */
export interface ReplicatedFilter {
  /** `null`: every project. */
  readonly projectIds: readonly string[] | null;
  readonly module?: CountedModule;
  /** The technician's user id. */
  readonly technician?: string;
}

/** A record with the name of the sample it belongs to. */
export interface ReplicatedAssessment {
  readonly record: AssessmentRecord;
  readonly datasetName: string;
}

/** The stored row as the API shows it. */
export function toAssessmentRecord(row: SampleAssessmentRow): AssessmentRecord {
  return {
    id: row.id,
    datasetId: row.datasetId,
    module: row.module,
    input: row.input,
    figures: row.figures,
    source: row.source,
    accepted: row.accepted,
    countedBy: { id: row.countedBy, name: row.countedByName },
    countedAt: row.createdAt.toISOString(),
  };
}

/**
 * Bench assessments of samples. Rows are only inserted: a recount is a new row, so the history
 * and QC's view of disagreeing replicates stay as they were counted.
 */
export function createAssessmentsRepository(db: Database) {
  // Ties on the time (one clock tick) fall back to the id, so the order is at least stable.
  const newestFirst = [desc(sampleAssessments.createdAt), desc(sampleAssessments.id)];

  async function insert(values: NewAssessment): Promise<AssessmentRecord> {
    const [row] = await db.insert(sampleAssessments).values(values).returning();
    if (row === undefined) throw new Error('Insert returned no row');
    return toAssessmentRecord(row);
  }

  /** Every record of the sample, newest first, accepted or not. */
  async function history(datasetId: string): Promise<AssessmentRecord[]> {
    const rows = await db
      .select()
      .from(sampleAssessments)
      .where(eq(sampleAssessments.datasetId, datasetId))
      .orderBy(...newestFirst);
    return rows.map(toAssessmentRecord);
  }

  /** The newest accepted record of each module of the sample. */
  async function current(datasetId: string): Promise<CurrentAssessments> {
    const rows = await db
      .select()
      .from(sampleAssessments)
      .where(and(eq(sampleAssessments.datasetId, datasetId), eq(sampleAssessments.accepted, true)))
      .orderBy(...newestFirst);
    const result: CurrentAssessments = {};
    for (const row of rows) {
      if (result[row.module] === undefined) result[row.module] = toAssessmentRecord(row);
    }
    return result;
  }

  /** Records counted in two replicates (the ones agreement can be judged on), oldest first. */
  async function replicated(filter: ReplicatedFilter): Promise<ReplicatedAssessment[]> {
    if (filter.projectIds !== null && filter.projectIds.length === 0) return [];
    const where: SQL[] = [
      inArray(sampleAssessments.module, [...COUNTED_MODULES]),
      sql`jsonb_array_length(${sampleAssessments.input} -> 'replicates') = 2`,
    ];
    if (filter.projectIds !== null) where.push(inArray(datasets.projectId, [...filter.projectIds]));
    if (filter.module !== undefined) where.push(eq(sampleAssessments.module, filter.module));
    if (filter.technician !== undefined)
      where.push(eq(sampleAssessments.countedBy, filter.technician));
    const rows = await db
      .select({ row: sampleAssessments, datasetName: datasets.name })
      .from(sampleAssessments)
      .innerJoin(datasets, eq(datasets.id, sampleAssessments.datasetId))
      .where(and(...where))
      .orderBy(asc(sampleAssessments.createdAt), asc(sampleAssessments.id));
    return rows.map(({ row, datasetName }) => ({ record: toAssessmentRecord(row), datasetName }));
  }

  return { insert, history, current, replicated };
}
export type AssessmentsRepository = ReturnType<typeof createAssessmentsRepository>;
