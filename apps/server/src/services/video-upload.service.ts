import { probeVideo, VideoReadError } from '@sarm/casa/node';
import { UploadVideoFieldsSchema, VideoTagsSchema } from '@sarm/contracts';
import type { Multipart } from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Clock } from '../clock.js';
import { badRequest, conflict, HttpError } from '../http/errors.js';
import { localFile, withTempDir } from '../media/ffmpeg.js';
import type { VideosRepository } from '../repositories/videos.repository.js';
import type { FileStorage } from '../storage/storage.js';
import type { AuthContext } from './access.js';
import type { AuditService } from './audit.service.js';
import type { DatasetsService } from './datasets.service.js';
import type { SystemSettingsService } from './system-settings.service.js';
import type { VideosService } from './videos.service.js';

export const UPLOAD_MESSAGES = {
  noFile: 'Please select files to upload',
  noDataset: 'Dataset ID is required',
  tooLarge: (file: string, mb: number) =>
    `The file "${file}" is larger than the maximum upload size of ${mb} MB`,
  badFormat: (file: string, allowed: string) =>
    `The file "${file}" has a format that is not allowed. Allowed formats: ${allowed}`,
  unreadable: (file: string, reason: string) =>
    `The file "${file}" is not a readable video: ${reason}`,
} as const;

/** Larger frames are refused: a forged header must not make ffmpeg allocate gigabytes per frame. */
export const MAX_VIDEO_DIMENSION = 8192;

/** Why a probed file cannot be used as a video, or null when it can. */
function unusableVideoReason(info: { width: number; height: number; frameCount: number }) {
  if (info.width > MAX_VIDEO_DIMENSION || info.height > MAX_VIDEO_DIMENSION)
    return `its frame size ${info.width}x${info.height} is larger than ${MAX_VIDEO_DIMENSION}x${MAX_VIDEO_DIMENSION}`;
  if (info.frameCount < 2) return 'it holds a single image, not a video';
  return null;
}

/** A file already written to storage at `tempKey` (an upload's bytes, or the demo's videos). */
export interface ReceivedFile {
  readonly tempKey: string;
  readonly filename: string;
  readonly extension: string;
  readonly size: number;
}

const drain = (stream: NodeJS.ReadableStream) =>
  pipeline(stream, new Writable({ write: (_chunk, _encoding, callback) => callback() }));

const isTooLarge = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE';

/** 400 with the first problem (field too long, control characters, too many tags) unless valid. */
function checkUploadFields(fields: ReadonlyMap<string, string>): void {
  const parsed = UploadVideoFieldsSchema.safeParse(Object.fromEntries(fields));
  const issues = parsed.success ? [] : parsed.error.issues;
  const tags = parsed.success ? VideoTagsSchema.safeParse(parseTags(fields.get('tags'))) : null;
  const all = [...issues, ...(tags === null || tags.success ? [] : tags.error.issues)];
  const [first] = all;
  if (first !== undefined)
    throw badRequest(first.message, {
      issues: all.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    });
}

function parseTags(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.map(String).filter((tag) => tag.trim() !== '');
  } catch {
    // not JSON: a comma-separated list
  }
  return value
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** Receives a multipart video upload: streamed to storage, checked, probed, then queued for preparation. */
export function createVideoUploadService(deps: {
  storage: FileStorage;
  settings: SystemSettingsService;
  datasets: DatasetsService;
  videos: VideosService;
  videoRows: VideosRepository;
  audit: AuditService;
  clock: Clock;
  /** The visible patient's id (null when none given); 404 'Patient not found' otherwise. */
  linkablePatient: (auth: AuthContext, id: string | undefined) => Promise<string | null>;
  enqueuePrepare: (videoId: string, userId: string) => Promise<string>;
}) {
  /**
   * Without a patient in the form the video belongs to its sample's patient (issue 15), when that
   * patient still exists and is visible; a deleted one leaves the video unlinked.
   */
  async function samplePatient(auth: AuthContext, id: string | null | undefined) {
    if (id === null || id === undefined) return null;
    return deps.linkablePatient(auth, id).catch(() => null);
  }

  async function allowedExtensions() {
    const formats = (await deps.settings.get()).storage.allowedVideoFormats;
    const list = formats
      .split(/[\s,]+/)
      .map((f) => f.trim().toLowerCase())
      .filter((f) => f !== '');
    return { list: list.map((f) => (f.startsWith('.') ? f : `.${f}`)), text: formats };
  }

  async function receiveFile(part: Extract<Multipart, { type: 'file' }>): Promise<ReceivedFile> {
    const filename = path.basename(part.filename || 'video');
    const extension = path.extname(filename).toLowerCase();
    const allowed = await allowedExtensions();
    if (!allowed.list.includes(extension)) {
      await drain(part.file);
      throw new HttpError(415, UPLOAD_MESSAGES.badFormat(filename, allowed.text));
    }
    const tempKey = `uploads/${randomUUID()}${extension}`;
    const tooLarge = async () => {
      await deps.storage.delete(tempKey);
      const mb = (await deps.settings.get()).general.maxUploadSize;
      return new HttpError(413, UPLOAD_MESSAGES.tooLarge(filename, mb));
    };
    try {
      const { size } = await deps.storage.put(tempKey, part.file);
      if (part.file.truncated) throw await tooLarge();
      return { tempKey, filename, extension, size };
    } catch (error) {
      if (isTooLarge(error)) throw await tooLarge();
      throw error;
    }
  }

  async function upload(auth: AuthContext, parts: AsyncIterableIterator<Multipart>) {
    const fields = new Map<string, string>();
    let file: ReceivedFile | undefined;
    try {
      for await (const part of parts) {
        if (part.type === 'file') {
          if (file === undefined && part.fieldname === 'file') file = await receiveFile(part);
          else await drain(part.file);
        } else if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
      }
      if (file === undefined) throw badRequest(UPLOAD_MESSAGES.noFile);
      return await storeReceived(auth, file, fields);
    } catch (error) {
      if (file !== undefined) await deps.storage.delete(file.tempKey);
      throw error;
    }
  }

  /**
   * The rest of an upload once its file is in storage: checks the fields and the video, moves it
   * to its place, stores the row and queues its preparation. The one path every video takes (the
   * upload route and the demo sample); the caller deletes `file.tempKey` when it throws.
   */
  async function storeReceived(
    auth: AuthContext,
    file: ReceivedFile,
    fields: ReadonlyMap<string, string>,
  ) {
    checkUploadFields(fields);
    const field = (...names: string[]) =>
      names.map((name) => fields.get(name)?.trim()).find((v) => v !== undefined && v !== '');
    const datasetId = field('dataset_id', 'datasetId');
    if (datasetId === undefined) throw badRequest(UPLOAD_MESSAGES.noDataset);
    const dataset = await deps.datasets.findVisible(auth, datasetId);
    const patientId =
      (await deps.linkablePatient(auth, field('patientId', 'patient_id'))) ??
      (await samplePatient(auth, dataset.dataset.settings.patient_id));
    const info = await withTempDir(async (dir) => {
      try {
        return await probeVideo(await localFile(deps.storage, file.tempKey, dir));
      } catch (error) {
        const reason = error instanceof VideoReadError ? error.reason : String(error);
        throw new HttpError(415, UPLOAD_MESSAGES.unreadable(file.filename, reason));
      }
    });
    const unusable = unusableVideoReason(info);
    if (unusable !== null)
      throw new HttpError(415, UPLOAD_MESSAGES.unreadable(file.filename, unusable));
    const id = randomUUID();
    const originalKey = `videos/${id}/original${file.extension}`;
    await deps.storage.move(file.tempKey, originalKey);
    const now = deps.clock.now();
    const row = await deps.videoRows.insert({
      id,
      datasetId: dataset.dataset.id,
      name: field('name') ?? path.parse(file.filename).name,
      fileName: `original${file.extension}`,
      originalFilename: file.filename,
      description: field('description') ?? '',
      size: file.size,
      width: info.width,
      height: info.height,
      fps: info.fps,
      frameCount: info.frameCount,
      duration: info.durationS,
      codec: info.codec,
      container: info.container,
      patientId,
      captureDate: field('captureDate', 'capture_date') ?? now.toISOString().slice(0, 10),
      tags: parseTags(field('tags')),
      source: field('source') ?? null,
      processingStatus: 'processing',
      originalKey,
      uploadedBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
    const taskId = await deps.enqueuePrepare(row.id, auth.user.id);
    await deps.videoRows.update(row.id, { lastTaskId: taskId });
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Video "${row.name}" uploaded`,
      actor: auth.user,
      resource: { id: row.id, type: 'video' },
    });
    const video = await deps.videos.get(auth, row.id);
    return { success: true as const, message: 'Video uploaded', video, task_id: taskId };
  }

  /** Queues the preparation of a failed video again; 409 unless it failed. */
  async function retryPreparation(auth: AuthContext, videoId: string) {
    const video = await deps.videos.findVisible(auth, videoId);
    if (video.processingStatus !== 'failed')
      throw conflict('Only a video whose processing failed can be retried');
    await deps.videoRows.update(video.id, {
      processingStatus: 'processing',
      error: null,
      updatedAt: deps.clock.now(),
    });
    const taskId = await deps.enqueuePrepare(video.id, auth.user.id);
    await deps.videoRows.update(video.id, { lastTaskId: taskId });
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Video "${video.name}" processing retried`,
      actor: auth.user,
      resource: { id: video.id, type: 'video' },
    });
    return { success: true as const, message: 'Video preparation queued', task_id: taskId };
  }

  return { upload, storeReceived, retryPreparation };
}
export type VideoUploadService = ReturnType<typeof createVideoUploadService>;
