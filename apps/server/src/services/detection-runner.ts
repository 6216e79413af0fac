import { createHeadDetector, decidePolarity, frameIndex } from '@sarm/casa';
import { CLASSICAL_DETECTOR, type ActiveDetectors } from './training/active-detector.js';
import { casaSettingsOf } from './casa-settings.js';
import {
  DEFAULT_CROP_MARGIN_UM,
  DEFAULT_DATASET_SETTINGS,
  DEFAULT_DETECTION_CONFIG,
  type DatasetSettings,
  type DetectionConfig,
} from '@sarm/contracts';
import { Readable } from 'node:stream';
import type { Clock } from '../clock.js';
import type { DetectionRow, FrameRow } from '../db/schema/index.js';
import {
  cropRect,
  decodeGray,
  maskCropPixels,
  renderVisualization,
  type PixelBox,
  writeCrops,
} from '../media/detection-images.js';
import { localFile, putLocalFile, withTempDir } from '../media/ffmpeg.js';
import { encodeGrayPng } from '../media/png.js';
import { linkBoxesIntoTracks } from './annotation/track-linking.js';
import { laplacianVariance } from './crop-quality.js';
import type { DatasetsRepository } from '../repositories/datasets.repository.js';
import type { DetectionsRepository } from '../repositories/detections.repository.js';
import type { VideosRepository } from '../repositories/videos.repository.js';
import type { FileStorage } from '../storage/storage.js';

/** Without a configuration (the clinical workflow) every detection of the engine is kept. */
const KEEP_EVERY_DETECTION: DetectionConfig = {
  ...DEFAULT_DETECTION_CONFIG,
  confidence_threshold: 0,
};

/** Fastest expected swimming speed, for linking boxes of consecutive frames. */
const TRACK_GATE_UM_PER_S = 150;
/** However far apart two extracted frames are, boxes further than this are not the same cell. */
const TRACK_MAX_GATE_UM = 30;

/** Storage key of a detection's crop JPEG. */
export const cropKey = (detection: Pick<DetectionRow, 'id' | 'frameId'>) =>
  `detections/${detection.frameId}/crop_${detection.id}.jpg`;
/** Storage key of a detection's mask PNG (its blob's pixels white, over the crop's region). */
export const maskKey = (detection: Pick<DetectionRow, 'id' | 'frameId'>) =>
  `detections/${detection.frameId}/mask_${detection.id}.png`;
/** Storage key of a prompted mask's visualisation PNG (the mask and its points over the crop). */
export const maskVisualizationKey = (detection: Pick<DetectionRow, 'id' | 'frameId'>) =>
  `detections/${detection.frameId}/maskvis_${detection.id}.png`;
/** Storage key of a frame's visualisation JPEG (boxes drawn on the frame). */
export const visualizationKey = (frameId: string) => `detections/${frameId}/visualization.jpg`;

/** Every file detection leaves for a frame: each detection's crop, mask and mask visualisation, and the frame's visualisation. */
export const detectionFileKeys = (
  frameId: string,
  rows: readonly Pick<DetectionRow, 'id' | 'frameId'>[],
): string[] => [
  ...rows.flatMap((row) => [cropKey(row), maskKey(row), maskVisualizationKey(row)]),
  visualizationKey(frameId),
];

/**
 * The sharpness stored with a crop (see `laplacianVariance`), measured on the decoded grey frame
 * over the crop's region: the same pixels the crop JPEG is cut from, before JPEG coding.
 */
const cropSharpness =
  (gray: Uint8Array, frame: Pick<FrameRow, 'width' | 'height'>, margin: number) =>
  (box: PixelBox): number =>
    laplacianVariance(gray, frame.width, cropRect(box, frame.width, frame.height, margin));

/** A dataset's scale, µm per pixel (the default where it sets none). */
function scaleOf(settings: Partial<DatasetSettings> | undefined): number {
  const value = settings?.um_per_pixel;
  return typeof value === 'number' && value > 0 ? value : DEFAULT_DATASET_SETTINGS.um_per_pixel;
}

/** A dataset's crop margin in pixels: its `crop_margin_um` at its scale. */
function cropMarginOf(settings: Partial<DatasetSettings> | undefined): number {
  return Math.round((settings?.crop_margin_um ?? DEFAULT_CROP_MARGIN_UM) / scaleOf(settings));
}

export interface DetectionRunnerDeps {
  readonly videos: VideosRepository;
  readonly datasets: DatasetsRepository;
  readonly detections: DetectionsRepository;
  readonly storage: FileStorage;
  readonly clock: Clock;
  /** The project's deployed detector; without one (or a deployed model) the classical one runs. */
  readonly detectors?: Pick<ActiveDetectors, 'forDataset'>;
}

/** Runs the project's detector (classical unless a model is deployed) on stored frames and keeps rows, crops and visualisations in step. */
export function createDetectionRunner(deps: DetectionRunnerDeps) {
  async function settingsOf(videoId: string) {
    const video = await deps.videos.findById(videoId);
    const dataset = video === undefined ? undefined : await deps.datasets.findById(video.datasetId);
    return dataset?.dataset.settings;
  }

  async function umPerPixel(videoId: string): Promise<number> {
    return scaleOf(await settingsOf(videoId));
  }

  /** The crops' margin around the box in pixels: the dataset's `crop_margin_um` at its scale. */
  async function cropMarginPx(videoId: string): Promise<number> {
    return cropMarginOf(await settingsOf(videoId));
  }

  /** Deletes a detection's mask (a moved box no longer matches its blob). */
  async function deleteMask(row: DetectionRow): Promise<void> {
    await deps.storage.delete(maskKey(row));
    await deps.storage.delete(maskVisualizationKey(row));
  }

  /** Deletes a detection's crop and mask. */
  async function deleteDetectionFiles(row: DetectionRow): Promise<void> {
    await deps.storage.delete(cropKey(row));
    await deleteMask(row);
  }

  async function deleteFiles(frameId: string, removed: readonly DetectionRow[]): Promise<void> {
    for (const key of detectionFileKeys(frameId, removed)) await deps.storage.delete(key);
  }

  /** Replaces the frame's detections with fresh classical ones; answers the new rows. */
  async function detectFrame(
    frame: FrameRow,
    config: DetectionConfig = KEEP_EVERY_DETECTION,
  ): Promise<DetectionRow[]> {
    const datasetSettings = await settingsOf(frame.videoId);
    const engine = casaSettingsOf({ ...datasetSettings, um_per_pixel: scaleOf(datasetSettings) });
    const video = await deps.videos.findById(frame.videoId);
    const active =
      video === undefined || deps.detectors === undefined
        ? { info: CLASSICAL_DETECTOR }
        : await deps.detectors.forDataset(video.datasetId);
    const modelId = active.info.kind === 'model' ? active.info.model_id : null;
    return withTempDir(async (dir) => {
      const file = await localFile(deps.storage, frame.storageKey, dir);
      const data = await decodeGray(file, frame.width, frame.height);
      const gray = {
        index: frameIndex(frame.frameNumber),
        width: frame.width,
        height: frame.height,
        data,
      };
      // A polarity left to the video is decided on the frame itself.
      const settings = engine.autoPolarity
        ? { ...engine.settings, polarity: decidePolarity([gray], engine.settings).polarity }
        : engine.settings;
      const detector = active.detector ?? createHeadDetector(settings, { masks: true });
      // Round cells are the analysis's own count; annotation keeps the spec's three box classes.
      const found = (await detector.detect(gray, settings)).filter(
        (detection) =>
          detection.className !== 'round_cell' &&
          detection.confidence >= config.confidence_threshold,
      );
      const now = deps.clock.now();
      const margin = cropMarginOf(datasetSettings);
      const sharpnessOf = cropSharpness(data, frame, margin);
      const { removed, inserted } = await deps.detections.replaceForFrame(
        frame.id,
        found.map((d, i) => ({
          frameId: frame.id,
          className: d.className,
          confidence: d.confidence,
          x1: d.x1,
          y1: d.y1,
          x2: d.x2,
          y2: d.y2,
          source: modelId === null ? 'classical' : 'model',
          modelId,
          hasMask: found[i]?.mask !== undefined,
          cropSharpness: sharpnessOf(d),
          morphometry: { ...d.morphometry, cellCount: d.cellCount, x: d.x, y: d.y },
          createdAt: now,
          updatedAt: now,
        })),
      );
      await deleteFiles(frame.id, removed);
      const crops = config.generate_crops
        ? await writeCrops(file, inserted, frame, dir, margin)
        : [];
      for (const [i, row] of inserted.entries()) {
        const crop = crops[i];
        if (crop !== undefined) await putLocalFile(deps.storage, cropKey(row), crop);
        const mask = found[i]?.mask;
        // Rows come back in insertion order; the box check guards the pairing all the same.
        if (mask !== undefined && mask.x === row.x1 && mask.y === row.y1) {
          const cut = maskCropPixels(mask, row, frame, margin);
          const png = encodeGrayPng(cut.width, cut.height, cut.pixels);
          await deps.storage.put(maskKey(row), Readable.from([png]));
        }
      }
      if (config.generate_visualization) {
        const image = await renderVisualization(data, frame.width, frame.height, inserted);
        await deps.storage.put(visualizationKey(frame.id), Readable.from([image]));
      }
      return inserted;
    });
  }

  /**
   * Sharpness of crops whose rows have none yet (detected before it was stored, or imported):
   * taken from the frame image over each crop's region, saved, and answered by detection id.
   * A frame whose image is gone answers an empty map (its crops are gone with it).
   */
  async function fillCropSharpness(
    frame: FrameRow,
    rows: readonly DetectionRow[],
  ): Promise<Map<string, number>> {
    const filled = new Map<string, number>();
    if (rows.length === 0 || (await deps.storage.stat(frame.storageKey)) === null) return filled;
    const margin = await cropMarginPx(frame.videoId);
    const data = await withTempDir(async (dir) =>
      decodeGray(await localFile(deps.storage, frame.storageKey, dir), frame.width, frame.height),
    );
    const sharpnessOf = cropSharpness(data, frame, margin);
    for (const row of rows) {
      const value = sharpnessOf(row);
      await deps.detections.update(row.id, { cropSharpness: value });
      filled.set(row.id, value);
    }
    return filled;
  }

  /** Redraws the visualisation after an edit (boxes changed or removed). */
  async function redraw(frame: FrameRow): Promise<void> {
    const rows = await deps.detections.listByFrame(frame.id);
    await withTempDir(async (dir) => {
      const file = await localFile(deps.storage, frame.storageKey, dir);
      const data = await decodeGray(file, frame.width, frame.height);
      const image = await renderVisualization(data, frame.width, frame.height, rows);
      await deps.storage.put(visualizationKey(frame.id), Readable.from([image]));
    });
  }

  /** Writes fresh crops of edited or drawn boxes and redraws the visualisation, in one decode. */
  async function refreshAfterEdit(
    frame: FrameRow,
    changed: readonly DetectionRow[],
  ): Promise<void> {
    const rows = await deps.detections.listByFrame(frame.id);
    await withTempDir(async (dir) => {
      const file = await localFile(deps.storage, frame.storageKey, dir);
      const margin = await cropMarginPx(frame.videoId);
      const crops = await writeCrops(file, changed, frame, dir, margin);
      for (const [i, row] of changed.entries()) {
        const crop = crops[i];
        if (crop !== undefined) await putLocalFile(deps.storage, cropKey(row), crop);
      }
      const data = await decodeGray(file, frame.width, frame.height);
      const sharpnessOf = cropSharpness(data, frame, margin);
      for (const row of changed)
        await deps.detections.update(row.id, { cropSharpness: sharpnessOf(row) });
      const image = await renderVisualization(data, frame.width, frame.height, rows);
      await deps.storage.put(visualizationKey(frame.id), Readable.from([image]));
    });
  }

  /**
   * Links the video's boxes across its extracted frames into tracks (see linkBoxesIntoTracks).
   * The gate is a swimming speed: a fast progressive cell covers about 150 µm/s.
   */
  async function linkTracks(videoId: string): Promise<number> {
    const video = await deps.videos.findById(videoId);
    const fps = video !== undefined && video.fps > 0 ? video.fps : 50;
    const scale = await umPerPixel(videoId);
    const pxPerFrame = TRACK_GATE_UM_PER_S / fps / scale;
    const rows = await deps.detections.listByVideo(videoId);
    const tracks = linkBoxesIntoTracks(
      rows.map(({ detection, frameNumber }) => ({ ...detection, frameNumber })),
      { gatePxPerFrame: pxPerFrame, maxGatePx: TRACK_MAX_GATE_UM / scale },
    );
    await deps.detections.setTracks(tracks);
    return new Set(tracks.values()).size;
  }

  return {
    cropMarginPx,
    fillCropSharpness,
    umPerPixel,
    detectFrame,
    redraw,
    refreshAfterEdit,
    linkTracks,
    deleteFiles,
    deleteDetectionFiles,
    deleteMask,
  };
}
export type DetectionRunner = ReturnType<typeof createDetectionRunner>;
