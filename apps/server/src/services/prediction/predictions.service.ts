import type {
  CreatePredictionRequest,
  PreAnnotateResponse,
  Prediction,
  PredictionListQuery,
} from '@sarm/contracts';
import type { Clock } from '../../clock.js';
import type { PredictionRow } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { JobRegistry } from '../../jobs/job-registry.js';
import type { TaskQueue } from '../../jobs/task-queue.js';
import type { DatasetsRepository } from '../../repositories/datasets.repository.js';
import type { DetectionsRepository } from '../../repositories/detections.repository.js';
import type { PredictionsRepository } from '../../repositories/predictions.repository.js';
import type { VideosRepository } from '../../repositories/videos.repository.js';
import { readStoredBytes } from '../../storage/read-stored.js';
import type { FileStorage } from '../../storage/storage.js';
import type { AuthContext } from '../access.js';
import { actorOf, type AuditService } from '../audit.service.js';
import { detectionFileKeys } from '../detection-runner.js';
import type { ModelsService } from '../models.service.js';
import type { ProjectScope } from '../project-scope.js';
import type { VideosService } from '../videos.service.js';
import { predictionKeys, type StoredPredictionDetections } from './prediction-files.js';
import { toCocoExport, toMotExport } from './prediction-export.js';

export const PREDICTIONS_MESSAGES = {
  notFound: 'Prediction not found',
  notTrained: 'The model has no trained weights yet: train it first',
  morphology:
    'Prediction with a morphology model needs the morphology classifier, not available yet',
  notCompleted: 'The prediction has not completed',
  notDetection: 'Only a detection prediction can pre-annotate frames',
  noFrames: 'The video has no extracted frames: extract frames first',
} as const;

/** The image of a sample frame, as the API serves it. */
export const predictionFrameUrl = (id: string, frameNumber: number) =>
  `/api/technical/predictions/${id}/frames/${frameNumber}`;

function toPrediction(row: PredictionRow): Prediction {
  return {
    id: row.id,
    name: row.name,
    model_id: row.modelId,
    model_type: row.modelType,
    model_name: row.modelName,
    video_id: row.videoId,
    video_name: row.videoName,
    status: row.status,
    progress: row.progress,
    message: row.message,
    error: row.error,
    task_id: row.taskId,
    metrics: (row.metrics as Prediction['metrics']) ?? null,
    frames: row.frames.map((f) => ({
      frame_number: f.frame_number,
      timestamp: f.timestamp,
      imageUrl: predictionFrameUrl(row.id, f.frame_number),
      ...(f.spermCount === undefined ? {} : { spermCount: f.spermCount }),
      ...(f.normalCount === undefined ? {} : { normalCount: f.normalCount }),
      ...(f.abnormalCount === undefined ? {} : { abnormalCount: f.abnormalCount }),
      ...(f.classicalCount === undefined ? {} : { classicalCount: f.classicalCount }),
    })),
    comparison: row.comparison ?? null,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** Predictions (spec 2 §7.4): a model run over a whole video as a job, its results and exports. */
export function createPredictionsService(deps: {
  predictions: PredictionsRepository;
  models: ModelsService;
  videos: Pick<VideosService, 'findVisible'>;
  videoRows: Pick<VideosRepository, 'listFrames'>;
  detections: Pick<DetectionsRepository, 'replaceUnverified'>;
  datasets: Pick<DatasetsRepository, 'findById'>;
  scope: ProjectScope;
  queue: TaskQueue<JobRegistry>;
  storage: FileStorage;
  audit: AuditService;
  clock: Clock;
}) {
  async function findVisible(auth: AuthContext, id: string): Promise<PredictionRow> {
    const row = await deps.predictions.findById(id);
    if (
      row === undefined ||
      (row.projectId !== null && !(await deps.scope.canSee(auth, row.projectId)))
    )
      throw notFound(PREDICTIONS_MESSAGES.notFound);
    return row;
  }

  async function create(auth: AuthContext, body: CreatePredictionRequest): Promise<Prediction> {
    const { model } = await deps.models.findVisible(auth, body.model_id);
    if (model.status !== 'trained' || model.fileKey === null)
      throw conflict(PREDICTIONS_MESSAGES.notTrained);
    const video = await deps.videos.findVisible(auth, body.video_id);
    const found = (await deps.datasets.findById(video.datasetId))?.dataset.projectId;
    const now = deps.clock.now();
    const name = (body.name ?? body.options?.name ?? '').trim() || `${model.name} on ${video.name}`;
    const row = await deps.predictions.insert({
      name,
      modelId: model.id,
      modelType: model.type,
      modelName: model.name,
      modelVersion: model.version,
      videoId: video.id,
      videoName: video.name,
      projectId: found ?? null,
      status: 'queued',
      message: 'Task queued for processing',
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
    const task = await deps.queue.enqueueTask(
      'model.predict',
      { predictionId: row.id },
      auth.user.id,
    );
    const updated = await deps.predictions.update(row.id, { taskId: task.id });
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Prediction "${name}" started`,
      actor: actorOf(auth.user),
      resource: { id: row.id, type: 'prediction' },
    });
    return toPrediction(updated ?? row);
  }

  async function list(auth: AuthContext, query: PredictionListQuery) {
    const { rows, total } = await deps.predictions.list({
      projectIds: await deps.scope.visibleProjectIds(auth),
      modelId: query.model_id,
      videoId: query.video_id,
      status: query.status,
      limit: query.limit,
      offset: query.offset,
    });
    return { predictions: rows.map(toPrediction), total };
  }

  async function get(auth: AuthContext, id: string) {
    return toPrediction(await findVisible(auth, id));
  }

  async function remove(auth: AuthContext, id: string) {
    const row = await findVisible(auth, id);
    await deps.predictions.remove(id);
    await deps.storage.delete(predictionKeys(id).detections);
    for (const frame of row.frames) await deps.storage.delete(frame.image_key);
    await deps.audit.record({
      type: 'data',
      severity: 'warning',
      message: `Prediction "${row.name}" deleted`,
      actor: actorOf(auth.user),
      resource: { id, type: 'prediction' },
    });
    return { success: true as const, message: 'Prediction deleted' };
  }

  /** Storage key of a sample frame's image; 404 when the prediction has no such frame. */
  async function frameFile(auth: AuthContext, id: string, frameNumber: number) {
    const row = await findVisible(auth, id);
    const frame = row.frames.find((f) => f.frame_number === frameNumber);
    if (frame === undefined) throw notFound('Frame not found');
    return frame.image_key;
  }

  async function storedDetections(row: PredictionRow): Promise<StoredPredictionDetections> {
    if (row.status !== 'completed' || row.resultKey === null)
      throw conflict(PREDICTIONS_MESSAGES.notCompleted);
    const bytes = await readStoredBytes(deps.storage, row.resultKey);
    return JSON.parse(Buffer.from(bytes).toString('utf8')) as StoredPredictionDetections;
  }

  async function exportDetections(auth: AuthContext, id: string, format: 'mot' | 'coco') {
    const row = await findVisible(auth, id);
    const stored = await storedDetections(row);
    const base = row.name.replace(/[^A-Za-z0-9._-]+/g, '_') || 'prediction';
    return format === 'mot'
      ? { fileName: `${base}.txt`, type: 'text/plain', body: toMotExport(stored) }
      : {
          fileName: `${base}.json`,
          type: 'application/json',
          body: JSON.stringify(toCocoExport(stored, row)),
        };
  }

  /**
   * Turns a detection prediction into editable detections (source 'model') on the video's
   * extracted frames; boxes a person verified stay, other boxes of those frames are replaced.
   */
  async function preAnnotate(auth: AuthContext, id: string): Promise<PreAnnotateResponse> {
    const row = await findVisible(auth, id);
    if (row.modelType !== 'detection') throw badRequest(PREDICTIONS_MESSAGES.notDetection);
    const stored = await storedDetections(row);
    if (row.videoId === null) throw notFound('Video not found');
    await deps.videos.findVisible(auth, row.videoId);
    const { rows: frames } = await deps.videoRows.listFrames(row.videoId, 100_000, 0);
    if (frames.length === 0) throw badRequest(PREDICTIONS_MESSAGES.noFrames);
    const byFrame = new Map(stored.frames.map((f) => [f.frame, f.boxes]));
    const now = deps.clock.now();
    let detections = 0;
    let touched = 0;
    for (const frame of frames) {
      const boxes = byFrame.get(frame.frameNumber);
      if (boxes === undefined) continue;
      const { removed } = await deps.detections.replaceUnverified(
        frame.id,
        boxes.map(([x1, y1, x2, y2, confidence]) => ({
          frameId: frame.id,
          className: 'sperm',
          confidence,
          x1,
          y1,
          x2,
          y2,
          source: 'model',
          modelId: row.modelId,
          createdAt: now,
          updatedAt: now,
        })),
      );
      for (const key of detectionFileKeys(frame.id, removed)) await deps.storage.delete(key);
      detections += boxes.length;
      touched += 1;
    }
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Prediction "${row.name}" added ${detections} detections to ${touched} frames`,
      actor: actorOf(auth.user),
      resource: { id, type: 'prediction' },
    });
    return { frames: touched, detections };
  }

  return { create, list, get, remove, frameFile, exportDetections, preAnnotate };
}
export type PredictionsService = ReturnType<typeof createPredictionsService>;
