import {
  DEFAULT_MODEL_CONFIG,
  type CreateModelRequest,
  type Model,
  type ModelConfig,
  type ModelListQuery,
  type ModelStatus,
  type UpdateModelRequest,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import type { DatasetsRepository } from '../repositories/datasets.repository.js';
import type { ModelsRepository, ModelWithDataset } from '../repositories/models.repository.js';
import type { AuthContext } from './access.js';
import { actorOf, type AuditService } from './audit.service.js';
import type { ProjectScope } from './project-scope.js';

export const MODEL_MESSAGES = {
  notFound: 'Model not found',
  datasetNotFound: 'Dataset not found',
  datasetType: 'The dataset must be of the model type or combined',
  training: 'The model is training. Stop the training first.',
} as const;

/** Maps a registry row and the projects it is deployed in to the API shape. */
export function toModel(
  { model, datasetName }: ModelWithDataset,
  deployedProjectIds: readonly string[],
): Model {
  return {
    id: model.id,
    name: model.name,
    type: model.type,
    dataset_id: model.datasetId,
    dataset_name: datasetName,
    config: model.config,
    notes: model.notes,
    status: model.status,
    metrics: model.metrics ?? null,
    data_label_id: model.dataLabelId,
    source: model.source,
    runtime: model.runtime,
    error: model.error,
    deployed_project_ids: [...deployedProjectIds],
    validation: model.type === 'detection' ? (model.training?.validation ?? null) : null,
    trained_at: model.trainedAt?.toISOString() ?? null,
    created_at: model.createdAt.toISOString(),
    updated_at: model.updatedAt.toISOString(),
  };
}

/**
 * The model registry (spec 2 §7.4) without training: models are global, except that a model
 * trained on a dataset is visible only to those who can see the dataset's project.
 */
export function createModelsService(deps: {
  models: ModelsRepository;
  datasets: DatasetsRepository;
  scope: ProjectScope;
  audit: AuditService;
  clock: Clock;
}) {
  async function findVisible(auth: AuthContext, id: string): Promise<ModelWithDataset> {
    const row = await deps.models.findById(id);
    // A model of a hidden project answers 404, so ids cannot be probed.
    if (
      row === undefined ||
      (row.projectId !== null && !(await deps.scope.canSee(auth, row.projectId)))
    )
      throw notFound(MODEL_MESSAGES.notFound);
    return row;
  }

  async function list(
    auth: AuthContext,
    query: Omit<ModelListQuery, 'status'> & { statuses?: readonly ModelStatus[] },
  ) {
    const { rows, total } = await deps.models.list({
      projectIds: await deps.scope.visibleProjectIds(auth),
      type: query.type,
      statuses: query.statuses,
      datasetId: query.dataset_id,
      limit: query.limit,
      offset: query.offset,
    });
    const deployed = await deps.models.deployedProjects(rows.map((row) => row.model.id));
    return { models: rows.map((row) => toModel(row, deployed.get(row.model.id) ?? [])), total };
  }

  async function get(auth: AuthContext, id: string): Promise<Model> {
    const row = await findVisible(auth, id);
    const deployed = await deps.models.deployedProjects([id]);
    return toModel(row, deployed.get(id) ?? []);
  }

  /** The dataset id to store: `null`, or a visible dataset of the model's type or combined. */
  async function checkDataset(
    auth: AuthContext,
    datasetId: string | null | undefined,
    type: Model['type'],
  ): Promise<string | null> {
    if (datasetId === null || datasetId === undefined) return null;
    const row = await deps.datasets.findById(datasetId);
    if (row === undefined || !(await deps.scope.canSee(auth, row.dataset.projectId)))
      throw notFound(MODEL_MESSAGES.datasetNotFound);
    if (row.dataset.type !== type && row.dataset.type !== 'combined')
      throw badRequest(MODEL_MESSAGES.datasetType);
    return row.dataset.id;
  }

  async function create(auth: AuthContext, body: CreateModelRequest): Promise<Model> {
    const datasetId = await checkDataset(auth, body.dataset_id, body.type);
    const config: ModelConfig = { ...DEFAULT_MODEL_CONFIG, ...body.config };
    const now = deps.clock.now();
    const row = await deps.models.insert({
      name: body.name,
      type: body.type,
      datasetId,
      config,
      notes: body.notes ?? '',
      status: 'created',
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Model "${row.name}" created`,
      actor: actorOf(auth.user),
      resource: { id: row.id, type: 'model' },
    });
    return get(auth, row.id);
  }

  async function update(auth: AuthContext, id: string, body: UpdateModelRequest): Promise<Model> {
    const current = await findVisible(auth, id);
    if (current.model.status === 'training') throw conflict(MODEL_MESSAGES.training);
    const updated = await deps.models.updateUnlessTraining(id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.notes === undefined ? {} : { notes: body.notes }),
      ...(body.config === undefined ? {} : { config: { ...current.model.config, ...body.config } }),
      updatedAt: deps.clock.now(),
    });
    // Training may have started between the read and the update.
    if (updated === undefined) throw conflict(MODEL_MESSAGES.training);
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Model "${updated.name}" updated`,
      actor: actorOf(auth.user),
      resource: { id, type: 'model' },
    });
    return get(auth, id);
  }

  async function remove(auth: AuthContext, id: string) {
    const current = await findVisible(auth, id);
    if (current.model.status === 'training' || !(await deps.models.removeUnlessTraining(id)))
      throw conflict(MODEL_MESSAGES.training);
    await deps.audit.record({
      type: 'data',
      severity: 'warning',
      message: `Model "${current.model.name}" deleted`,
      actor: actorOf(auth.user),
      resource: { id, type: 'model' },
    });
    return { success: true as const, message: 'Model deleted' };
  }

  return { list, get, create, update, remove, findVisible, checkDataset };
}
export type ModelsService = ReturnType<typeof createModelsService>;
