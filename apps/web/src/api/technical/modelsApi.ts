import {
  ModelListResponseSchema,
  ModelSchema,
  ProjectDetectorSchema,
  TrainingStatusSchema,
  type CreateModelRequest,
  type DeploymentKind,
  type Model,
  type ModelListResponse,
  type ModelStatus,
  type ModelType,
  type ProjectDetector,
  type TrainModelRequest,
  type TrainingStatus,
  type UpdateModelRequest,
} from '@sarm/contracts';
import { serverMessage } from '../client';
import { apiClient } from '../apiClient';
import { readToken } from '../session';

const enc = encodeURIComponent;

export interface ModelListFilters {
  readonly type?: ModelType;
  readonly status?: ModelStatus;
  readonly datasetId?: string;
}

export const modelKeys = {
  all: ['technical', 'models'] as const,
  list: (filters: ModelListFilters) => ['technical', 'models', 'list', filters] as const,
  model: (id: string) => ['technical', 'models', 'one', id] as const,
  trainingStatus: (id: string) => ['technical', 'models', 'training-status', id] as const,
  projectDeployment: (projectId: string, kind: DeploymentKind) =>
    ['technical', 'project-deployment', kind, projectId] as const,
};

/** The server caps its lists at 500 rows a page. */
const LIST_LIMIT = 500;

/** The model registry, newest first, filtered by type, status and dataset. */
export function fetchModels(filters: ModelListFilters = {}): Promise<ModelListResponse> {
  const params = new URLSearchParams({ limit: String(LIST_LIMIT), offset: '0' });
  if (filters.type !== undefined) params.set('type', filters.type);
  if (filters.status !== undefined) params.set('status', filters.status);
  if (filters.datasetId !== undefined) params.set('dataset_id', filters.datasetId);
  return apiClient.requestParsed(
    `/sarm/training/list-model?${params.toString()}`,
    ModelListResponseSchema,
  );
}

export const fetchModel = (id: string): Promise<Model> =>
  apiClient.requestParsed(`/technical/models/${enc(id)}`, ModelSchema);

export const createModel = (body: CreateModelRequest): Promise<Model> =>
  apiClient.requestParsed('/technical/models', ModelSchema, { method: 'POST', body });

/** Queues the training run (answers 202 with the first status). */
export const trainModel = (id: string, body: TrainModelRequest): Promise<TrainingStatus> =>
  apiClient.requestParsed(`/technical/models/${enc(id)}/train`, TrainingStatusSchema, {
    method: 'POST',
    body,
  });

export const fetchTrainingStatus = (id: string): Promise<TrainingStatus> =>
  apiClient.requestParsed(`/technical/models/${enc(id)}/training-status`, TrainingStatusSchema);

/** Asks the worker to stop at the next batch; the status turns 'stopped' once it has. */
export const stopTraining = (id: string): Promise<TrainingStatus> =>
  apiClient.requestParsed(`/technical/models/${enc(id)}/stop`, TrainingStatusSchema, {
    method: 'POST',
  });

/** Trains a failed model again: from its last saved epoch, else from the first. */
export const retryTraining = (id: string): Promise<TrainingStatus> =>
  apiClient.requestParsed(`/technical/models/${enc(id)}/retry-training`, TrainingStatusSchema, {
    method: 'POST',
  });

export const updateModel = (id: string, body: UpdateModelRequest): Promise<Model> =>
  apiClient.requestParsed(`/technical/models/${enc(id)}`, ModelSchema, { method: 'PUT', body });

export async function deleteModel(id: string): Promise<void> {
  await apiClient.request(`/technical/models/${enc(id)}`, { method: 'DELETE' });
}

/** Deploys a trained model in a project as what its type is for (detector or morphology model). */
export const deployModel = (id: string, projectId: string): Promise<ProjectDetector> =>
  apiClient.requestParsed(`/technical/models/${enc(id)}/deploy`, ProjectDetectorSchema, {
    method: 'POST',
    body: { project_id: projectId },
  });

/** The route of a project's deployment of each kind. */
const DEPLOYMENT_PATHS: Readonly<Record<DeploymentKind, string>> = {
  detector: 'detector',
  morphology: 'morphology-model',
};
const deploymentPath = (projectId: string, kind: DeploymentKind) =>
  `/technical/projects/${enc(projectId)}/${DEPLOYMENT_PATHS[kind]}`;

/** The project's deployed model of this kind (`model` null: the built-in detector, or no morphology model). */
export const fetchProjectDeployment = (
  projectId: string,
  kind: DeploymentKind,
): Promise<ProjectDetector> =>
  apiClient.requestParsed(deploymentPath(projectId, kind), ProjectDetectorSchema);

/**
 * Removes the project's deployment of this kind (the detector: back to the built-in classical
 * one); the other kind stays.
 */
export const removeProjectDeployment = (
  projectId: string,
  kind: DeploymentKind,
): Promise<ProjectDetector> =>
  apiClient.requestParsed(deploymentPath(projectId, kind), ProjectDetectorSchema, {
    method: 'DELETE',
  });

/** A downloaded file: its content and the Content-Disposition header the server sent. */
export interface DownloadedFile {
  readonly blob: Blob;
  readonly disposition: string | null;
}

function authHeaders(): Record<string, string> {
  const token = readToken(window.localStorage);
  return token === null ? {} : { Authorization: `Bearer ${token}` };
}

async function failureText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  return serverMessage(text) ?? `Error ${response.status}: ${response.statusText}`;
}

/** Fetches a file with the bearer token; a refusal throws the server's message. */
export async function fetchFile(
  path: string,
  init: { method: 'GET' | 'POST' } = { method: 'GET' },
): Promise<DownloadedFile> {
  const response = await window.fetch(`/api${path}`, {
    method: init.method,
    headers: authHeaders(),
  });
  if (!response.ok) throw new Error(await failureText(response));
  return { blob: await response.blob(), disposition: response.headers.get('content-disposition') };
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The model as a SARM zip (weights, configuration, metrics). */
export const exportModel = (id: string): Promise<DownloadedFile> =>
  fetchFile(`/technical/models/${enc(id)}/export`, { method: 'POST' });

/**
 * What goes with an imported file: an optional name for either kind; for an `.onnx` file its
 * `type` (required by the server) and, for morphology, its classes in the order of its scores.
 */
export interface ModelImportFields {
  readonly name?: string;
  readonly type?: ModelType;
  readonly classes?: readonly string[];
}

/**
 * Imports a SARM model zip or an ONNX model (multipart: `file`, `name`, `type`, `classes`);
 * answers the new model, or throws the server's message (for ONNX: what does not fit).
 */
export async function importModel({
  file,
  fields = {},
}: {
  readonly file: File;
  readonly fields?: ModelImportFields;
}): Promise<Model> {
  const form = new FormData();
  form.append('file', file);
  if (fields.name !== undefined) form.append('name', fields.name);
  if (fields.type !== undefined) form.append('type', fields.type);
  if (fields.classes !== undefined) form.append('classes', fields.classes.join(','));
  const response = await window.fetch('/api/technical/models/import', {
    method: 'POST',
    headers: authHeaders(),
    body: form,
  });
  if (!response.ok) throw new Error(await failureText(response));
  const parsed = ModelSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error('Unexpected answer from the server');
  return parsed.data;
}
