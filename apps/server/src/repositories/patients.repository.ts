import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  datasets,
  patients,
  videoAnalyses,
  videos,
  type PatientRow,
  type VideoAnalysisRow,
  type VideoRow,
} from '../db/schema/index.js';

/** `null`: every project; otherwise patients of these projects plus those of no project. */
function patientScope(projectIds: readonly string[] | null): SQL | undefined {
  if (projectIds === null) return undefined;
  if (projectIds.length === 0) return isNull(patients.projectId);
  return or(isNull(patients.projectId), inArray(patients.projectId, [...projectIds]));
}

function videoScope(projectIds: readonly string[] | null): SQL | undefined {
  if (projectIds === null) return undefined;
  return projectIds.length === 0 ? sql`false` : inArray(datasets.projectId, [...projectIds]);
}

/** Patients and the per-project queries of the business screens. */
/** A video with the name of its dataset (the sample), as the results screen titles it. */
export type ListedVideo = VideoRow & { readonly datasetName: string };

export function createPatientsRepository(db: Database) {
  async function insert(values: typeof patients.$inferInsert): Promise<PatientRow> {
    const [row] = await db.insert(patients).values(values).returning();
    if (row === undefined) throw new Error('Insert returned no row');
    return row;
  }

  async function findById(id: string): Promise<PatientRow | undefined> {
    const [row] = await db.select().from(patients).where(eq(patients.id, id)).limit(1);
    return row;
  }

  async function update(id: string, values: Partial<typeof patients.$inferInsert>) {
    const [row] = await db.update(patients).set(values).where(eq(patients.id, id)).returning();
    return row;
  }

  async function remove(id: string): Promise<boolean> {
    const rows = await db.delete(patients).where(eq(patients.id, id)).returning();
    return rows.length > 0;
  }

  function listCondition(
    projectIds: readonly string[] | null,
    filter: { search?: string; projectId?: string },
  ) {
    const parts = [patientScope(projectIds)];
    if (filter.search !== undefined && filter.search !== '')
      parts.push(ilike(patients.name, `%${filter.search.replace(/[%_\\]/g, '\\$&')}%`));
    if (filter.projectId !== undefined) parts.push(eq(patients.projectId, filter.projectId));
    return and(...parts);
  }

  async function list(
    projectIds: readonly string[] | null,
    filter: { search?: string; projectId?: string; limit?: number; offset?: number },
  ): Promise<PatientRow[]> {
    return db
      .select()
      .from(patients)
      .where(listCondition(projectIds, filter))
      .orderBy(desc(patients.createdAt), desc(patients.id))
      .limit(filter.limit ?? 1000)
      .offset(filter.offset ?? 0);
  }

  /** How many patients `list` would find without a limit. */
  async function countListed(
    projectIds: readonly string[] | null,
    filter: { search?: string; projectId?: string },
  ): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(patients)
      .where(listCondition(projectIds, filter));
    return row?.n ?? 0;
  }

  async function countVisible(projectIds: readonly string[] | null): Promise<number> {
    const [row] = await db.select({ n: count() }).from(patients).where(patientScope(projectIds));
    return row?.n ?? 0;
  }

  /** Visible videos (optionally of one patient), newest first. */
  async function videosOf(
    projectIds: readonly string[] | null,
    patientId?: string,
  ): Promise<ListedVideo[]> {
    const parts = [videoScope(projectIds)];
    if (patientId !== undefined) parts.push(eq(videos.patientId, patientId));
    const rows = await db
      .select({ video: videos, datasetName: datasets.name })
      .from(videos)
      .innerJoin(datasets, eq(datasets.id, videos.datasetId))
      .where(and(...parts))
      .orderBy(desc(videos.createdAt), desc(videos.id));
    return rows.map((row) => ({ ...row.video, datasetName: row.datasetName }));
  }

  /** Every saved analysis of the given videos, newest first. */
  async function analysesOf(videoIds: readonly string[]): Promise<VideoAnalysisRow[]> {
    if (videoIds.length === 0) return [];
    return db
      .select()
      .from(videoAnalyses)
      .where(inArray(videoAnalyses.videoId, [...videoIds]))
      .orderBy(desc(videoAnalyses.createdAt), desc(videoAnalyses.id));
  }

  /** The distinct patients linked to any of the given videos, by name. */
  async function linkedToVideos(videoIds: readonly string[]): Promise<PatientRow[]> {
    if (videoIds.length === 0) return [];
    const linked = db
      .select({ id: videos.patientId })
      .from(videos)
      .where(inArray(videos.id, [...videoIds]));
    return db
      .select()
      .from(patients)
      .where(inArray(patients.id, linked))
      .orderBy(patients.name, patients.id);
  }

  return {
    insert,
    findById,
    update,
    remove,
    list,
    countListed,
    countVisible,
    videosOf,
    analysesOf,
    linkedToVideos,
  };
}
export type PatientsRepository = ReturnType<typeof createPatientsRepository>;
