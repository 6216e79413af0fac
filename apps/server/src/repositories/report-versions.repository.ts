import type { SignatureMeaning } from '@sarm/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  datasetReportVersions,
  datasets,
  type DatasetReportVersionRow,
} from '../db/schema/index.js';

/** The dataset's latest version and its newest signed one, as a new version is planned. */
export interface ReportHistory {
  readonly latest: DatasetReportVersionRow | undefined;
  readonly newestSigned: DatasetReportVersionRow | undefined;
}

/** What a new version holds besides its number, decided from the history (may throw). */
export interface PlannedVersion {
  readonly payload: Record<string, unknown>;
  readonly amends: number | null;
  readonly reason: string | null;
}

export interface ReportAuthor {
  readonly id: string;
  readonly name: string;
}

/**
 * The versions of datasets' WHO reports. Versions are only ever inserted; the one update is the
 * sign-off of an unsigned version, so a version once written reads the same forever.
 */
export function createReportVersionsRepository(db: Database) {
  /**
   * Inserts the next version of the dataset. The dataset row is locked for the transaction so
   * concurrent runs get consecutive numbers and see each other's payloads.
   */
  async function append(
    datasetId: string,
    author: ReportAuthor,
    now: Date,
    plan: (history: ReportHistory) => PlannedVersion,
  ): Promise<DatasetReportVersionRow> {
    return db.transaction(async (tx) => {
      await tx
        .select({ id: datasets.id })
        .from(datasets)
        .where(eq(datasets.id, datasetId))
        .for('update');
      const rows = await tx
        .select()
        .from(datasetReportVersions)
        .where(eq(datasetReportVersions.datasetId, datasetId))
        .orderBy(desc(datasetReportVersions.version));
      const latest = rows[0];
      const newestSigned = rows.find((row) => row.signedAt !== null);
      const planned = plan({ latest, newestSigned });
      const [row] = await tx
        .insert(datasetReportVersions)
        .values({
          datasetId,
          version: (latest?.version ?? 0) + 1,
          payload: planned.payload,
          createdAt: now,
          createdBy: author.id,
          createdByName: author.name,
          amends: planned.amends,
          reason: planned.reason,
        })
        .returning();
      if (row === undefined) throw new Error('Insert returned no row');
      return row;
    });
  }

  /** The dataset's versions, newest first: all of them, or one page. */
  async function list(
    datasetId: string,
    page?: { limit: number; offset: number },
  ): Promise<DatasetReportVersionRow[]> {
    const query = db
      .select()
      .from(datasetReportVersions)
      .where(eq(datasetReportVersions.datasetId, datasetId))
      .orderBy(desc(datasetReportVersions.version), desc(datasetReportVersions.id));
    return page === undefined ? query : query.limit(page.limit).offset(page.offset);
  }

  /** The given version of the dataset's report, or its latest when `version` is undefined. */
  async function find(
    datasetId: string,
    version?: number,
  ): Promise<DatasetReportVersionRow | undefined> {
    const [row] = await db
      .select()
      .from(datasetReportVersions)
      .where(
        version === undefined
          ? eq(datasetReportVersions.datasetId, datasetId)
          : and(
              eq(datasetReportVersions.datasetId, datasetId),
              eq(datasetReportVersions.version, version),
            ),
      )
      .orderBy(desc(datasetReportVersions.version))
      .limit(1);
    return row;
  }

  /**
   * Signs the version unless it is signed already; answers the signed row, or undefined when it
   * was signed in the meantime (the condition on `signed_at` makes a double sign-off impossible).
   */
  async function sign(
    id: string,
    signer: ReportAuthor,
    meaning: SignatureMeaning,
    now: Date,
  ): Promise<DatasetReportVersionRow | undefined> {
    const [row] = await db
      .update(datasetReportVersions)
      .set({
        signedAt: now,
        signedBy: signer.id,
        signedByName: signer.name,
        signatureMeaning: meaning,
      })
      .where(and(eq(datasetReportVersions.id, id), isNull(datasetReportVersions.signedAt)))
      .returning();
    return row;
  }

  return { append, list, find, sign };
}
export type ReportVersionsRepository = ReturnType<typeof createReportVersionsRepository>;
