import type {
  AnnotationFormat,
  AnnotationImportResponse,
  DataLabel,
  DataLabelExportFormat,
} from '@sarm/contracts';
import { maskMorphometry } from '@sarm/casa';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { buffer } from 'node:stream/consumers';
import type { Clock } from '../clock.js';
import type { DetectionRow, FrameRow, VideoRow } from '../db/schema/index.js';
import { badRequest } from '../http/errors.js';
import { cropRect } from '../media/detection-images.js';
import { captureFrames } from '../media/frame-capture.js';
import { localFile, putLocalFile, withTempDir } from '../media/ffmpeg.js';
import { decodeGrayPng } from '../media/png.js';
import type { DataLabelsRepository } from '../repositories/data-labels.repository.js';
import type { DetectionsRepository } from '../repositories/detections.repository.js';
import type { VideosRepository } from '../repositories/videos.repository.js';
import { StorageError, type FileStorage } from '../storage/storage.js';
import type { AuthContext } from './access.js';
import { parseCoco, toCoco } from './annotation-formats/coco.js';
import {
  AnnotationParseError,
  clampToFrame,
  classOf,
  frameFileName,
  type ExchangeFrame,
  type FrameSize,
} from './annotation-formats/model.js';
import {
  toMorphologyCoco,
  toMorphologyMasks,
  type MorphologyFrame,
  type MorphologyItem,
} from './annotation-formats/morphology.js';
import { motSeqInfo, parseMot, toMot } from './annotation-formats/mot.js';
import { parseYolo, toYolo, yoloDataYaml } from './annotation-formats/yolo.js';
import type { DataLabelsService } from './data-labels.service.js';
import type { DatasetsService } from './datasets.service.js';
import type { DetectionRunner } from './detection-runner.js';
import type { VideosService } from './videos.service.js';

/** A frame with the boxes to export and where its image is stored. */
interface FrameToExport {
  readonly frame: FrameRow;
  readonly boxes: readonly DetectionRow[];
}

const toExchange = ({ frame, boxes }: FrameToExport): ExchangeFrame => ({
  frameNumber: frame.frameNumber,
  boxes: [...boxes]
    .sort((a, b) => a.y1 - b.y1 || a.x1 - b.x1)
    .map((box) => ({
      x1: box.x1,
      y1: box.y1,
      x2: box.x2,
      y2: box.y2,
      className: classOf(
        ['sperm', 'cluster', 'small_or_pinhead'].includes(box.className) ? box.className : 'sperm',
        'detections',
        null,
      ),
      confidence: box.confidence,
      trackId: box.trackId,
    })),
});

/** A name safe for a zip entry or a download. */
const safeName = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'export';

/**
 * Export and import of detection annotations in the formats researchers use: COCO JSON,
 * Ultralytics YOLO (VISEM-Tracking's labels_ftid with track ids included) and MOTChallenge.
 */
export function createAnnotationTransferService(deps: {
  videos: VideosService;
  videoRows: VideosRepository;
  datasets: DatasetsService;
  detections: DetectionsRepository;
  labels: DataLabelsRepository;
  dataLabels: DataLabelsService;
  runner: DetectionRunner;
  storage: FileStorage;
  clock: Clock;
}) {
  async function zipFrames(
    video: VideoRow,
    frames: readonly FrameToExport[],
    format: AnnotationFormat,
    includeImages: boolean,
  ): Promise<Uint8Array> {
    const size: FrameSize = { width: video.width, height: video.height };
    const exchange = frames.map(toExchange);
    const files: Zippable = {};
    const imageName = (frameNumber: number) =>
      format === 'mot'
        ? `img1/${String(frameNumber + 1).padStart(6, '0')}.jpg`
        : `images/${frameFileName(frameNumber, 'jpg')}`;
    switch (format) {
      case 'coco':
        files['annotations.json'] = strToU8(toCoco(exchange, size));
        break;
      case 'yolo':
        files['data.yaml'] = strToU8(yoloDataYaml());
        for (const [name, text] of toYolo(exchange, size)) files[`labels/${name}`] = strToU8(text);
        for (const [name, text] of toYolo(exchange, size, true))
          files[`labels_ftid/${name}`] = strToU8(text);
        break;
      case 'mot':
        files['gt/gt.txt'] = strToU8(toMot(exchange));
        files['seqinfo.ini'] = strToU8(
          motSeqInfo(video.name, size, video.fps, Math.max(video.frameCount, 1)),
        );
        break;
    }
    if (includeImages)
      for (const { frame } of frames)
        files[imageName(frame.frameNumber)] = [
          new Uint8Array(await buffer(await deps.storage.get(frame.storageKey))),
          { level: 0 },
        ];
    return zipSync(files, { level: 6 });
  }

  async function framesOfVideo(videoId: string): Promise<FrameToExport[]> {
    const frames = await deps.videoRows.allFrames(videoId);
    const boxes = await deps.detections.listByVideo(videoId);
    return frames
      .sort((a, b) => a.frameNumber - b.frameNumber)
      .map((frame) => ({
        frame,
        boxes: boxes.filter((b) => b.detection.frameId === frame.id).map((b) => b.detection),
      }));
  }

  async function exportVideo(
    auth: AuthContext,
    videoId: string,
    format: AnnotationFormat,
    includeImages: boolean,
  ) {
    const video = await deps.videos.findVisible(auth, videoId);
    const data = await zipFrames(video, await framesOfVideo(video.id), format, includeImages);
    return { data, fileName: `${safeName(video.name)}_${format}.zip` };
  }

  async function exportFrame(
    auth: AuthContext,
    frameId: string,
    format: AnnotationFormat,
    includeImages: boolean,
  ) {
    const frame = await deps.videos.findFrame(auth, frameId);
    const video = await deps.videos.findVisible(auth, frame.videoId);
    const boxes = await deps.detections.listByFrame(frame.id);
    const data = await zipFrames(video, [{ frame, boxes }], format, includeImages);
    return { data, fileName: `${safeName(video.name)}_frame_${frame.frameNumber}_${format}.zip` };
  }

  /** The bytes of a stored file. */
  const readStored = async (key: string) =>
    new Uint8Array(await buffer(await deps.storage.get(key)));

  /**
   * A morphology label's masks: COCO JSON (polygons and RLE in frame coordinates) or the `masks`
   * layout (crop-sized PNGs and `labels.csv`), with the frames' images under `images/` when asked.
   * Items classified without a mask export without one; items whose mask file is gone are left out.
   */
  async function exportMorphologyLabel(
    auth: AuthContext,
    label: DataLabel,
    options: { format: 'coco' | 'masks'; includeImages: boolean; excludeBad: boolean },
  ) {
    const { rows } = await deps.labels.listItems(label.id, {
      sort: 'frame_number',
      limit: 1_000_000,
      offset: 0,
    });
    const kept = rows.filter((row) => !(options.excludeBad && row.item.quality === 'bad'));
    const videoIds = [...new Set(kept.map((row) => row.item.videoId))];
    const items: MorphologyItem[] = [];
    const images = new Map<string, FrameRow>();
    for (const videoId of videoIds) {
      const video = await deps.videos.findVisible(auth, videoId);
      const frames = new Map((await deps.videoRows.allFrames(videoId)).map((f) => [f.id, f]));
      const margin = await deps.runner.cropMarginPx(videoId);
      const scale = await deps.runner.umPerPixel(videoId);
      const folder =
        videoIds.length === 1 ? '' : `${safeName(video.name)}_${video.id.slice(0, 8)}/`;
      for (const row of kept.filter((r) => r.item.videoId === videoId)) {
        const frame = frames.get(row.item.frameId);
        if (frame === undefined) continue;
        let png: ReturnType<typeof decodeGrayPng> | null = null;
        try {
          if (row.item.maskKey !== null) png = decodeGrayPng(await readStored(row.item.maskKey));
        } catch (error) {
          if (error instanceof StorageError && error.kind === 'not_found') continue;
          throw error;
        }
        const r = cropRect(row.detection, frame.width, frame.height, margin);
        const place: MorphologyFrame = {
          id: frame.id,
          frameNumber: frame.frameNumber,
          width: frame.width,
          height: frame.height,
          fileName: `images/${folder}${frameFileName(frame.frameNumber, 'jpg')}`,
          video: video.name,
        };
        images.set(place.fileName, frame);
        items.push({
          detectionId: row.detection.id,
          frame: place,
          // The mask's own size wins should the crop margin have changed since it was drawn.
          cropRect: { x: r.x, y: r.y, w: png?.width ?? r.w, h: png?.height ?? r.h },
          mask: png?.pixels ?? null,
          morphologyClass: row.item.morphologyClass,
          annotatedClass: row.item.className,
          annotatorConfidence: row.item.annotatorConfidence,
          notes: row.item.notes,
          quality: row.item.quality,
          points: row.item.points,
          annotator: row.annotatorName ?? row.item.annotatedBy,
          // Measured when the mask went into the label; measured here for older items.
          morphometry:
            png === null
              ? null
              : (row.item.morphometry ??
                maskMorphometry(
                  png.pixels.map((value) => (value === 0 ? 0 : 1)),
                  png.width,
                  png.height,
                  scale,
                )),
        });
      }
    }
    const files: Zippable = {};
    if (options.format === 'coco') files['annotations.json'] = strToU8(toMorphologyCoco(items));
    else for (const [name, data] of toMorphologyMasks(items)) files[name] = data;
    if (options.includeImages)
      for (const [name, frame] of images)
        files[name] = [await readStored(frame.storageKey), { level: 0 }];
    return {
      data: zipSync(files, { level: 6 }),
      fileName: `${safeName(label.name)}_${options.format}.zip`,
    };
  }

  /**
   * A data label's detections. Items may come from several videos (the wizard's labels); each
   * video gets its own folder in the zip. Morphology labels export their masks instead.
   */
  async function exportLabel(
    auth: AuthContext,
    labelId: string,
    options: { format: DataLabelExportFormat; includeImages: boolean; excludeBad: boolean },
  ) {
    const label = await deps.dataLabels.get(auth, labelId);
    if (label.label_type !== 'detection') {
      if (options.format !== 'coco' && options.format !== 'masks')
        throw badRequest('Morphology labels export as coco or masks');
      return exportMorphologyLabel(auth, label, { ...options, format: options.format });
    }
    if (options.format === 'masks')
      throw badRequest('Detection labels export as coco, yolo or mot');
    const format: AnnotationFormat = options.format;
    const { rows } = await deps.labels.listItems(label.id, {
      sort: 'frame_number',
      limit: 1_000_000,
      offset: 0,
    });
    const kept = rows.filter((row) => !(options.excludeBad && row.item.quality === 'bad'));
    const byVideo = new Map<string, Map<string, DetectionRow[]>>();
    for (const row of kept) {
      const frames = byVideo.get(row.item.videoId) ?? new Map<string, DetectionRow[]>();
      frames.set(row.item.frameId, [...(frames.get(row.item.frameId) ?? []), row.detection]);
      byVideo.set(row.item.videoId, frames);
    }
    const files: Zippable = {};
    for (const [videoId, frames] of byVideo) {
      const video = await deps.videos.findVisible(auth, videoId);
      const all = await deps.videoRows.allFrames(videoId);
      const selected = all
        .filter((frame) => frames.has(frame.id))
        .sort((a, b) => a.frameNumber - b.frameNumber)
        .map((frame) => ({ frame, boxes: frames.get(frame.id) ?? [] }));
      const zipped = unzipSync(await zipFrames(video, selected, format, options.includeImages));
      const folder = byVideo.size === 1 ? '' : `${safeName(video.name)}_${video.id.slice(0, 8)}/`;
      for (const [name, data] of Object.entries(zipped)) files[`${folder}${name}`] = data;
    }
    return {
      data: zipSync(files, { level: 6 }),
      fileName: `${safeName(label.name)}_${format}.zip`,
    };
  }

  /** The annotation files of an upload: a zip's entries or the single file itself. */
  function uploadedFiles(name: string, data: Uint8Array): { name: string; text: string }[] {
    const isZip = data[0] === 0x50 && data[1] === 0x4b;
    if (!isZip) return [{ name, text: strFromU8(data) }];
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(data);
    } catch {
      throw badRequest(`${name}: not a readable zip file`);
    }
    return Object.entries(entries)
      .filter(([entry]) => !entry.endsWith('/') && !entry.startsWith('__MACOSX'))
      .filter(([entry]) => /\.(txt|json)$/i.test(entry))
      .map(([entry, bytes]) => ({ name: entry, text: strFromU8(bytes) }));
  }

  function parseUpload(
    format: AnnotationFormat,
    files: readonly { name: string; text: string }[],
    size: FrameSize,
  ): ExchangeFrame[] {
    switch (format) {
      case 'coco': {
        const file = files.find((f) => f.name.toLowerCase().endsWith('.json'));
        if (file === undefined)
          throw new AnnotationParseError('upload', null, 'no COCO .json file');
        return parseCoco(file.text, file.name, size);
      }
      case 'yolo': {
        // VISEM-Tracking ships labels and labels_ftid: the track ids of labels_ftid win.
        const labels = files.filter((f) => f.name.toLowerCase().endsWith('.txt'));
        const withTracks = labels.filter((f) => f.name.includes('labels_ftid/'));
        const chosen = (withTracks.length > 0 ? withTracks : labels).filter(
          (f) => !/(^|\/)(classes|readme)[^/]*\.txt$/i.test(f.name),
        );
        if (chosen.length === 0)
          throw new AnnotationParseError('upload', null, 'no YOLO label file');
        return parseYolo(chosen, size);
      }
      case 'mot': {
        const file =
          files.find((f) => /(^|\/)gt\.txt$/i.test(f.name)) ??
          files.find((f) => f.name.toLowerCase().endsWith('.txt'));
        if (file === undefined)
          throw new AnnotationParseError('upload', null, 'no MOT gt.txt file');
        return parseMot(file.text, file.name, size);
      }
    }
  }

  /**
   * Imports boxes into a video: validates the whole file first (nothing is stored on a bad
   * line), extracts the frames it needs that are not there yet, and replaces the boxes of the
   * frames it covers (the file is the truth for them) with verified boxes of source `import`.
   */
  async function importIntoVideo(
    auth: AuthContext,
    videoId: string,
    upload: { fileName: string; data: Uint8Array; format: AnnotationFormat; dataLabelId?: string },
  ): Promise<AnnotationImportResponse> {
    const video = await deps.videos.findVisible(auth, videoId);
    const label =
      upload.dataLabelId === undefined ? null : await deps.dataLabels.get(auth, upload.dataLabelId);
    if (label !== null) {
      const { dataset } = await deps.datasets.findVisible(auth, video.datasetId);
      if (label.label_type !== 'detection' || label.project_id !== dataset.projectId)
        throw badRequest('The data label must be a detection label of the same project');
    }
    const size: FrameSize = { width: video.width, height: video.height };
    let frames: ExchangeFrame[];
    try {
      frames = parseUpload(upload.format, uploadedFiles(upload.fileName, upload.data), size);
    } catch (error) {
      if (error instanceof AnnotationParseError) throw badRequest(error.message);
      throw error;
    }
    const last = frames.at(-1);
    if (last !== undefined && video.frameCount > 0 && last.frameNumber >= video.frameCount)
      throw badRequest(
        `Frame ${last.frameNumber} is past the end of the video (${video.frameCount} frames)`,
      );
    const existing = new Map(
      (await deps.videoRows.allFrames(video.id)).map((frame) => [frame.frameNumber, frame]),
    );
    const missing = frames.map((f) => f.frameNumber).filter((n) => !existing.has(n));
    const extracted = await extractMissing(video, missing);
    for (const frame of extracted) existing.set(frame.frameNumber, frame);
    const now = deps.clock.now();
    let boxes = 0;
    const tracks = new Set<number>();
    const labelled: { frame: FrameRow; rows: DetectionRow[] }[] = [];
    for (const exchange of frames) {
      const frame = existing.get(exchange.frameNumber);
      if (frame === undefined) continue;
      const { removed, inserted } = await deps.detections.replaceForFrame(
        frame.id,
        exchange.boxes.map((box) => {
          const inside = clampToFrame(box, size);
          if (box.trackId !== null) tracks.add(box.trackId);
          return {
            frameId: frame.id,
            className: box.className,
            confidence: box.confidence,
            x1: inside.x1,
            y1: inside.y1,
            x2: inside.x2,
            y2: inside.y2,
            source: 'import',
            verified: true,
            trackId: box.trackId,
            createdAt: now,
            updatedAt: now,
          };
        }),
      );
      await deps.runner.deleteFiles(frame.id, removed);
      await deps.runner.refreshAfterEdit(frame, inserted);
      boxes += inserted.length;
      labelled.push({ frame, rows: inserted });
    }
    if (label !== null)
      for (const { frame, rows } of labelled)
        await deps.labels.replaceFrameItems(
          label.id,
          frame.id,
          rows.map((row) => ({
            dataLabelId: label.id,
            detectionId: row.id,
            frameId: frame.id,
            videoId: video.id,
            className: row.className,
            confidence: row.confidence,
            annotatedBy: auth.user.id,
            createdAt: now,
            updatedAt: now,
          })),
        );
    return {
      success: true,
      frames: frames.length,
      frames_extracted: extracted.length,
      boxes,
      tracks: tracks.size,
      data_label_id: label?.id ?? null,
    };
  }

  /** Decodes the frames an import needs and stores them like an extraction does. */
  async function extractMissing(video: VideoRow, frameNumbers: readonly number[]) {
    if (frameNumbers.length === 0) return [];
    const session = `import-${deps.clock.now().getTime()}`;
    const rows = await withTempDir(async (dir) => {
      const source = await localFile(deps.storage, video.playableKey ?? video.originalKey, dir);
      const captured = await captureFrames(source, frameNumbers, dir);
      const values = [];
      for (const [frameNumber, { file, size }] of captured) {
        const key = `videos/${video.id}/frames/${session}/${frameFileName(frameNumber, 'jpg')}`;
        await putLocalFile(deps.storage, key, file);
        values.push({
          videoId: video.id,
          frameNumber,
          timeOffset: video.fps > 0 ? Math.round((frameNumber / video.fps) * 1000) / 1000 : 0,
          width: video.width,
          height: video.height,
          storageKey: key,
          size,
          extractionSession: session,
          createdAt: deps.clock.now(),
        });
      }
      return values;
    });
    const missing = frameNumbers.filter((n) => !rows.some((row) => row.frameNumber === n));
    if (missing.length > 0)
      throw badRequest(`Frame ${missing[0] ?? 0} could not be decoded from the video`);
    await deps.videoRows.insertFrames(rows);
    return (await deps.videoRows.allFrames(video.id)).filter(
      (f) => f.extractionSession === session,
    );
  }

  return { exportVideo, exportFrame, exportLabel, importIntoVideo };
}
export type AnnotationTransferService = ReturnType<typeof createAnnotationTransferService>;
