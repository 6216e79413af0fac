import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { assessmentImages, models, type AssessmentImageRow } from '../db/schema/index.js';

export type AssessmentImageInsert = typeof assessmentImages.$inferInsert;

/** An image row with the name of the model that proposed its cells (null without one). */
export interface AssessmentImageWithModel {
  readonly image: AssessmentImageRow;
  readonly modelName: string | null;
}

/** Stained-smear images of samples: inserted once, read by sample. */
export function createAssessmentImagesRepository(db: Database) {
  async function insert(values: AssessmentImageInsert): Promise<AssessmentImageRow> {
    const [row] = await db.insert(assessmentImages).values(values).returning();
    if (row === undefined) throw new Error('Assessment image insert returned no row');
    return row;
  }

  /** The sample's images, oldest first (the order they were photographed in). */
  async function listByDataset(datasetId: string): Promise<AssessmentImageWithModel[]> {
    const rows = await db
      .select({ image: assessmentImages, modelName: models.name })
      .from(assessmentImages)
      .leftJoin(models, eq(models.id, assessmentImages.modelId))
      .where(eq(assessmentImages.datasetId, datasetId))
      .orderBy(asc(assessmentImages.createdAt), asc(assessmentImages.id));
    return rows;
  }

  async function find(
    datasetId: string,
    imageId: string,
  ): Promise<AssessmentImageWithModel | undefined> {
    const [row] = await db
      .select({ image: assessmentImages, modelName: models.name })
      .from(assessmentImages)
      .leftJoin(models, eq(models.id, assessmentImages.modelId))
      .where(and(eq(assessmentImages.datasetId, datasetId), eq(assessmentImages.id, imageId)))
      .limit(1);
    return row;
  }

  return { insert, listByDataset, find };
}
export type AssessmentImagesRepository = ReturnType<typeof createAssessmentImagesRepository>;
