import type { DeploymentKind, ModelStatus, ModelType } from '@sarm/contracts';
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { datasets, modelDeployments, models, type ModelRow } from '../db/schema/index.js';

export interface ModelFilter {
  /** `null`: every project; otherwise models without a dataset or with a dataset of these projects. */
  readonly projectIds: readonly string[] | null;
  readonly type?: ModelType;
  readonly statuses?: readonly ModelStatus[];
  readonly datasetId?: string;
  readonly limit: number;
  readonly offset: number;
}

export interface ModelWithDataset {
  readonly model: ModelRow;
  readonly datasetName: string | null;
  readonly projectId: string | null;
}

/** The model registry. */
export function createModelsRepository(db: Database) {
  function conditions(filter: Omit<ModelFilter, 'limit' | 'offset'>): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    if (filter.projectIds !== null) {
      parts.push(
        filter.projectIds.length === 0
          ? isNull(models.datasetId)
          : or(isNull(models.datasetId), inArray(datasets.projectId, [...filter.projectIds])),
      );
    }
    if (filter.type !== undefined) parts.push(eq(models.type, filter.type));
    if (filter.statuses !== undefined)
      parts.push(
        filter.statuses.length === 0 ? sql`false` : inArray(models.status, [...filter.statuses]),
      );
    if (filter.datasetId !== undefined) parts.push(eq(models.datasetId, filter.datasetId));
    const defined = parts.filter((part) => part !== undefined);
    return defined.length === 0 ? undefined : and(...defined);
  }

  const selection = {
    model: models,
    datasetName: datasets.name,
    projectId: datasets.projectId,
  };

  async function list(filter: ModelFilter): Promise<{ rows: ModelWithDataset[]; total: number }> {
    const where = conditions(filter);
    const rows = await db
      .select(selection)
      .from(models)
      .leftJoin(datasets, eq(datasets.id, models.datasetId))
      .where(where)
      .orderBy(desc(models.createdAt), desc(models.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await db
      .select({ total: count() })
      .from(models)
      .leftJoin(datasets, eq(datasets.id, models.datasetId))
      .where(where);
    return { rows, total: total?.total ?? 0 };
  }

  async function findById(id: string): Promise<ModelWithDataset | undefined> {
    const [row] = await db
      .select(selection)
      .from(models)
      .leftJoin(datasets, eq(datasets.id, models.datasetId))
      .where(eq(models.id, id))
      .limit(1);
    return row;
  }

  async function insert(values: typeof models.$inferInsert): Promise<ModelRow> {
    const [row] = await db.insert(models).values(values).returning();
    if (row === undefined) throw new Error('Model insert returned no row');
    return row;
  }

  /** Updates a model unless it is training; `undefined` when missing or training. */
  async function updateUnlessTraining(
    id: string,
    values: Partial<typeof models.$inferInsert>,
  ): Promise<ModelRow | undefined> {
    const [row] = await db
      .update(models)
      .set(values)
      .where(and(eq(models.id, id), sql`${models.status} <> 'training'`))
      .returning();
    return row;
  }

  /** Deletes a model unless it is training; true when a row was deleted. */
  async function removeUnlessTraining(id: string): Promise<boolean> {
    const rows = await db
      .delete(models)
      .where(and(eq(models.id, id), sql`${models.status} <> 'training'`))
      .returning({ id: models.id });
    return rows.length > 0;
  }

  /** Updates a model whatever its state (training bookkeeping); `undefined` when missing. */
  async function update(
    id: string,
    values: Partial<typeof models.$inferInsert>,
  ): Promise<ModelRow | undefined> {
    const [row] = await db.update(models).set(values).where(eq(models.id, id)).returning();
    return row;
  }

  /**
   * Moves a model into training unless it already trains: answers the row, or `undefined` when
   * it is missing or training.
   */
  async function startTraining(
    id: string,
    values: Partial<typeof models.$inferInsert>,
  ): Promise<ModelRow | undefined> {
    return updateUnlessTraining(id, { ...values, status: 'training' });
  }

  /** Asks a training model to stop; `undefined` when it is not training. */
  async function requestStop(id: string, now: Date): Promise<ModelRow | undefined> {
    const [row] = await db
      .update(models)
      .set({ stopRequested: true, updatedAt: now })
      .where(and(eq(models.id, id), eq(models.status, 'training')))
      .returning();
    return row;
  }

  /** The raw row (no dataset join). */
  async function findRow(id: string): Promise<ModelRow | undefined> {
    const [row] = await db.select().from(models).where(eq(models.id, id)).limit(1);
    return row;
  }

  /**
   * Projects where each model is deployed (a model has one type, so its deployments are all of
   * one kind: the detector's or the morphology classifier's).
   */
  async function deployedProjects(modelIds: readonly string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>();
    if (modelIds.length === 0) return result;
    const rows = await db
      .select({ modelId: modelDeployments.modelId, projectId: modelDeployments.projectId })
      .from(modelDeployments)
      .where(inArray(modelDeployments.modelId, [...modelIds]))
      .orderBy(modelDeployments.projectId);
    for (const row of rows)
      result.set(row.modelId, [...(result.get(row.modelId) ?? []), row.projectId]);
    return result;
  }

  /** The model deployed in a project for this use, if any. */
  async function deployedAs(
    projectId: string,
    kind: DeploymentKind,
  ): Promise<ModelRow | undefined> {
    const [row] = await db
      .select({ model: models })
      .from(modelDeployments)
      .innerJoin(models, eq(models.id, modelDeployments.modelId))
      .where(and(eq(modelDeployments.projectId, projectId), eq(modelDeployments.kind, kind)))
      .limit(1);
    return row?.model;
  }

  /** The project's deployed detector, if any (analyses, pre-annotation and predictions use it). */
  const deployedIn = (projectId: string) => deployedAs(projectId, 'detector');

  /** The project's deployed morphology classifier, if any (stained-smear images use it). */
  const deployedMorphologyIn = (projectId: string) => deployedAs(projectId, 'morphology');

  /** Makes the model the project's deployment of this kind (replacing that kind's other one). */
  async function deploy(
    projectId: string,
    kind: DeploymentKind,
    modelId: string,
    userId: string,
    now: Date,
  ) {
    await db
      .insert(modelDeployments)
      .values({ projectId, kind, modelId, deployedBy: userId, deployedAt: now })
      .onConflictDoUpdate({
        target: [modelDeployments.projectId, modelDeployments.kind],
        set: { modelId, deployedBy: userId, deployedAt: now },
      });
  }

  /**
   * Removes the project's deployment of this kind (the detector: back to the built-in one); true
   * when a model was deployed.
   */
  async function undeploy(projectId: string, kind: DeploymentKind): Promise<boolean> {
    const rows = await db
      .delete(modelDeployments)
      .where(and(eq(modelDeployments.projectId, projectId), eq(modelDeployments.kind, kind)))
      .returning({ projectId: modelDeployments.projectId });
    return rows.length > 0;
  }

  return {
    list,
    findById,
    findRow,
    insert,
    update,
    updateUnlessTraining,
    removeUnlessTraining,
    startTraining,
    requestStop,
    deployedProjects,
    deployedIn,
    deployedMorphologyIn,
    deploy,
    undeploy,
  };
}
export type ModelsRepository = ReturnType<typeof createModelsRepository>;
