import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { datasets, type DatasetRow } from '../db/schema/index.js';
import { createDataLabelsRepository, type DataLabelsRepository } from './data-labels.repository.js';
import { createDatasetsRepository, type DatasetsRepository } from './datasets.repository.js';
import { createDetectionsRepository, type DetectionsRepository } from './detections.repository.js';
import { createVideosRepository, type VideosRepository } from './videos.repository.js';

/** What `metadata.source` of the technical dataset the bench's corrections go to says. */
export const BENCH_DATASET_SOURCE = 'bench';

/** The technical workflow's repositories, bound to one transaction, as a bench correction writes. */
export interface BenchCorrectionWriters {
  readonly datasets: Pick<DatasetsRepository, 'insert'>;
  readonly videos: Pick<VideosRepository, 'insert' | 'findById' | 'allFrames' | 'insertFrames'>;
  readonly detections: Pick<DetectionsRepository, 'insert' | 'listByFrame'>;
  readonly labels: Pick<DataLabelsRepository, 'listLabels' | 'insertLabel' | 'saveClassifications'>;
  /** The project's bench dataset (the oldest marked `source: 'bench'`), when made already. */
  benchDataset(projectId: string): Promise<DatasetRow | undefined>;
}

/**
 * Runs a bench correction's writes in one transaction through the technical workflow's own
 * repositories, so a failure leaves no half-made dataset, video or label behind.
 */
export function createBenchCorrectionsRepository(db: Database) {
  async function inTransaction<T>(
    projectId: string,
    work: (writers: BenchCorrectionWriters) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      // Two first corrections of one project at once would otherwise make two bench datasets.
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext(${`bench-corrections:${projectId}`}))`,
      );
      const benchDataset = async (id: string) => {
        const [row] = await tx
          .select()
          .from(datasets)
          .where(
            and(
              eq(datasets.projectId, id),
              sql`${datasets.metadata}->>'source' = ${BENCH_DATASET_SOURCE}`,
            ),
          )
          .orderBy(asc(datasets.createdAt), asc(datasets.id))
          .limit(1);
        return row;
      };
      return work({
        datasets: createDatasetsRepository(tx),
        videos: createVideosRepository(tx),
        detections: createDetectionsRepository(tx),
        labels: createDataLabelsRepository(tx),
        benchDataset,
      });
    });
  }

  /** Whether the video row is there (after a failed correction: whether its files are in use). */
  async function videoExists(id: string): Promise<boolean> {
    return (await createVideosRepository(db).findById(id)) !== undefined;
  }

  return { inTransaction, videoExists };
}
export type BenchCorrectionsRepository = ReturnType<typeof createBenchCorrectionsRepository>;
