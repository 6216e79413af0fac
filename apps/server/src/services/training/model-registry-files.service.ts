import {
  DEFAULT_ONNX_MORPHOLOGY_CLASSES,
  deploymentKindOf,
  type DeploymentKind,
  type Model,
  type OnnxModelImportFields,
  type ProjectDetector,
} from '@sarm/contracts';
import type { InferenceSession } from 'onnxruntime-node';
import { unpackModelBundle } from '@sarm/ml';
import type { Clock } from '../../clock.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { ModelsRepository } from '../../repositories/models.repository.js';
import type { ProjectsRepository } from '../../repositories/projects.repository.js';
import { putBytes, readStoredBytes } from '../../storage/read-stored.js';
import type { FileStorage } from '../../storage/storage.js';
import type { AuthContext } from '../access.js';
import { actorOf, type AuditService } from '../audit.service.js';
import type { ModelsService } from '../models.service.js';
import type { ProjectScope } from '../project-scope.js';
import { deleteModelFiles, modelFileKeys } from './model-files.js';
import { inspectOnnxClassifier } from './onnx-classifier.js';
import { inspectOnnxDetector } from './onnx-detector.js';
import {
  onnxModelKeys,
  OnnxModelShapeError,
  openOnnxSession,
  writeOnnxManifest,
} from './onnx-model-files.js';

export const MODEL_FILE_MESSAGES = {
  notTrained: 'The model has no trained weights yet: train it first',
  deployType:
    'Only a detection model (as the project’s detector) or a morphology classifier (as its morphology model) can be deployed',
  projectNotFound: 'Project not found',
} as const;

/** A file name safe in a Content-Disposition header. */
const fileNameOf = (name: string, extension: 'zip' | 'onnx') =>
  `${name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'model'}.${extension}`;

/** Checks an ONNX model against its type; answers the classes of its scores (none for a detector). */
async function checkOnnxModel(
  session: InferenceSession,
  fields: OnnxModelImportFields,
): Promise<string[]> {
  try {
    if (fields.type === 'detection') {
      await inspectOnnxDetector(session);
      return [];
    }
    const classes = fields.classes ?? [...DEFAULT_ONNX_MORPHOLOGY_CLASSES];
    await inspectOnnxClassifier(session, classes.length);
    return classes;
  } catch (error) {
    throw error instanceof OnnxModelShapeError ? badRequest(error.message) : error;
  }
}

/**
 * A model's files: export and import of SARM model zips and ONNX files, deletion with the model, and deployment
 * in a project: a detection model as its detector (none means the built-in classical detector), a
 * morphology classifier as its morphology model (stained-smear images); one of each per project.
 */
export function createModelFilesService(deps: {
  models: ModelsService;
  modelRows: ModelsRepository;
  storage: FileStorage;
  scope: ProjectScope;
  projects: Pick<ProjectsRepository, 'findById'>;
  audit: AuditService;
  clock: Clock;
}) {
  /** The model's file: a SARM zip, or the ONNX file as it was imported. */
  async function exportZip(auth: AuthContext, id: string) {
    const { model } = await deps.models.findVisible(auth, id);
    if (model.fileKey === null) throw conflict(MODEL_FILE_MESSAGES.notTrained);
    const onnx = model.runtime === 'onnx';
    return {
      fileName: fileNameOf(model.name, onnx ? 'onnx' : 'zip'),
      contentType: onnx ? 'application/octet-stream' : 'application/zip',
      bytes: await readStoredBytes(deps.storage, model.fileKey),
    };
  }

  /**
   * Registers an ONNX file as a trained model run by ONNX Runtime (source imported), once it has
   * opened and answered a blank input in the shape its type needs; nothing is kept otherwise.
   */
  async function importOnnx(
    auth: AuthContext,
    bytes: Uint8Array,
    fields: OnnxModelImportFields & { fileName?: string | undefined },
  ): Promise<Model> {
    let session: InferenceSession;
    try {
      session = await openOnnxSession(bytes);
    } catch (error) {
      throw error instanceof OnnxModelShapeError ? badRequest(error.message) : error;
    }
    let classes: string[];
    try {
      classes = await checkOnnxModel(session, fields);
    } finally {
      await session.release();
    }
    const now = deps.clock.now();
    const fromFile = fields.fileName
      ?.replace(/\.onnx$/i, '')
      .trim()
      .slice(0, 200);
    const row = await deps.modelRows.insert({
      name: fields.name?.trim() || fromFile || 'ONNX model',
      type: fields.type,
      config: { epochs: 1, batch_size: 16, learning_rate: 0.001, validation_split: 0.2 },
      notes: `Imported from ONNX ${now.toISOString().slice(0, 10)}`,
      status: 'trained',
      source: 'imported',
      runtime: 'onnx',
      metrics: {},
      version: 1,
      trainedAt: now,
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
    const key = onnxModelKeys(row.id).model;
    await writeOnnxManifest(deps.storage, key, { format: 'sarm-onnx', type: fields.type, classes });
    await putBytes(deps.storage, key, bytes);
    await deps.modelRows.update(row.id, { fileKey: key });
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `ONNX model "${row.name}" imported`,
      actor: actorOf(auth.user),
      resource: { id: row.id, type: 'model' },
    });
    return deps.models.get(auth, row.id);
  }

  /** Registers a SARM model zip as a trained model (status trained, source imported). */
  async function importZip(auth: AuthContext, bytes: Uint8Array, name?: string): Promise<Model> {
    let bundle;
    try {
      bundle = unpackModelBundle(bytes);
    } catch (error) {
      throw badRequest(error instanceof Error ? error.message : 'Not a SARM model');
    }
    const { metadata } = bundle;
    const now = deps.clock.now();
    const training = metadata.training;
    const metric = (key: string) => training?.metrics[key] ?? undefined;
    const row = await deps.modelRows.insert({
      name: name?.trim() || metadata.name,
      type: metadata.type,
      config: {
        epochs: training?.epochs || 1,
        batch_size: 16,
        learning_rate: 0.001,
        validation_split: 0.2,
      },
      notes: `Imported ${now.toISOString().slice(0, 10)}`,
      status: 'trained',
      source: 'imported',
      runtime: 'tfjs',
      metrics: {
        ...(metric('loss') === undefined ? {} : { final_loss: metric('loss') }),
        ...(metric('accuracy') === undefined ? {} : { final_accuracy: metric('accuracy') }),
        ...(metric('val_loss') === undefined ? {} : { final_val_loss: metric('val_loss') }),
        ...(metric('val_accuracy') === undefined
          ? {}
          : { final_val_accuracy: metric('val_accuracy') }),
      },
      version: 1,
      trainedAt: now,
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
    const key = modelFileKeys(row.id).model;
    await putBytes(deps.storage, key, bytes);
    await deps.modelRows.update(row.id, { fileKey: key });
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Model "${row.name}" imported`,
      actor: actorOf(auth.user),
      resource: { id: row.id, type: 'model' },
    });
    return deps.models.get(auth, row.id);
  }

  async function visibleProject(auth: AuthContext, projectId: string) {
    if (
      (await deps.projects.findById(projectId)) === undefined ||
      !(await deps.scope.canSee(auth, projectId))
    )
      throw notFound(MODEL_FILE_MESSAGES.projectNotFound);
  }

  /** The project's deployment of this kind. */
  async function deploymentOf(
    auth: AuthContext,
    projectId: string,
    kind: DeploymentKind,
  ): Promise<ProjectDetector> {
    await visibleProject(auth, projectId);
    const row =
      kind === 'detector'
        ? await deps.modelRows.deployedIn(projectId)
        : await deps.modelRows.deployedMorphologyIn(projectId);
    return {
      project_id: projectId,
      model: row === undefined ? null : await deps.models.get(auth, row.id),
    };
  }

  /** The project's detector (`model` null: the built-in classical detector). */
  const detectorOf = (auth: AuthContext, projectId: string) =>
    deploymentOf(auth, projectId, 'detector');

  /** The project's morphology classifier (`model` null: none). */
  const morphologyModelOf = (auth: AuthContext, projectId: string) =>
    deploymentOf(auth, projectId, 'morphology');

  /** Deploys a trained model as what its type is for; answers the project's deployment of that kind. */
  async function deploy(auth: AuthContext, modelId: string, projectId: string) {
    const { model } = await deps.models.findVisible(auth, modelId);
    await visibleProject(auth, projectId);
    const kind = deploymentKindOf(model.type);
    if (kind === null) throw badRequest(MODEL_FILE_MESSAGES.deployType);
    if (model.status !== 'trained' || model.fileKey === null)
      throw conflict(MODEL_FILE_MESSAGES.notTrained);
    await deps.modelRows.deploy(projectId, kind, modelId, auth.user.id, deps.clock.now());
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Model "${model.name}" deployed as the ${kind === 'detector' ? 'detector' : 'morphology model'} of project ${projectId}`,
      actor: actorOf(auth.user),
      resource: { id: modelId, type: 'model' },
    });
    return deploymentOf(auth, projectId, kind);
  }

  /** Removes the project's deployment of this kind; the other kind stays. */
  async function undeploy(auth: AuthContext, projectId: string, kind: DeploymentKind) {
    await visibleProject(auth, projectId);
    if (await deps.modelRows.undeploy(projectId, kind))
      await deps.audit.record({
        type: 'data',
        severity: 'info',
        message:
          kind === 'detector'
            ? `Project ${projectId} went back to the built-in detector`
            : `Project ${projectId} no longer has a morphology model`,
        actor: actorOf(auth.user),
        resource: { id: projectId, type: 'project' },
      });
    return deploymentOf(auth, projectId, kind);
  }

  /** Deletes the model and its files. */
  async function remove(auth: AuthContext, id: string) {
    const answer = await deps.models.remove(auth, id);
    await deleteModelFiles(deps.storage, id);
    return answer;
  }

  return {
    exportZip,
    importZip,
    importOnnx,
    detectorOf,
    morphologyModelOf,
    deploy,
    undeploy,
    remove,
  };
}
export type ModelFilesService = ReturnType<typeof createModelFilesService>;
