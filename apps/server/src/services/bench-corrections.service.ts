import { DEFAULT_DATASET_SETTINGS, DEFAULT_FRAME_EXTRACTION } from '@sarm/contracts';
import path from 'node:path';
import type { Clock } from '../clock.js';
import type { AssessmentImageRow, DatasetRow, DetectionRow, FrameRow } from '../db/schema/index.js';
import { jpegQScale, putLocalFile, runFfmpeg, withTempDir, localFile } from '../media/ffmpeg.js';
import {
  BENCH_DATASET_SOURCE,
  type BenchCorrectionsRepository,
  type BenchCorrectionWriters,
} from '../repositories/bench-corrections.repository.js';
import { putBytes, readStoredBytes } from '../storage/read-stored.js';
import type { FileStorage } from '../storage/storage.js';
import type { AuthContext } from './access.js';
import { labelClassesOfDefects, type DecidedCell } from './assessment-image-cells.js';
import type { DetectionRunner } from './detection-runner.js';

/** The technical dataset of a project that holds the bench's corrected smear images. */
export const BENCH_DATASET_NAME = 'Bench smear images';
/** Its morphology data label holding one item per corrected cell. */
export const BENCH_LABEL_NAME = 'Bench corrections';
/** The extraction session of a smear image's one frame. */
const BENCH_SESSION = 'bench';

/** Storage keys of a smear image as a technical video: the image itself and its one frame. */
export const benchVideoKeys = (videoId: string, ext: 'png' | 'jpg') => ({
  original: `videos/${videoId}/original.${ext}`,
  frame: `videos/${videoId}/frames/${BENCH_SESSION}/frame_00001.jpg`,
});

/** What a correction is made on: the sample, its image and the model that proposed the cells. */
export interface CorrectedImage {
  readonly dataset: DatasetRow;
  readonly image: AssessmentImageRow;
  readonly modelName: string | null;
}

const sameBox = (row: DetectionRow, cell: DecidedCell) =>
  row.x1 === cell.proposed.x &&
  row.y1 === cell.proposed.y &&
  row.x2 === cell.proposed.x + cell.proposed.width &&
  row.y2 === cell.proposed.y + cell.proposed.height;

/**
 * Hands a technician's corrections of a model's proposals to the technical workflow in its own
 * representation: the project's bench dataset (made on the first correction, marked
 * `source: 'bench'`), the smear image as a one-frame video of it, a drawn detection per corrected
 * cell and a morphology item per cell in the dataset's "Bench corrections" label, pending review.
 * The video carries the image's id, so a second review of the image updates its items.
 */
export function createBenchCorrections(deps: {
  rows: BenchCorrectionsRepository;
  runner: Pick<DetectionRunner, 'refreshAfterEdit'>;
  storage: FileStorage;
  clock: Clock;
}) {
  /** The smear image as the video file, and as a JPEG frame like frame extraction stores. */
  async function storeFiles(image: AssessmentImageRow) {
    const ext = image.contentType === 'image/jpeg' ? 'jpg' : 'png';
    const keys = benchVideoKeys(image.id, ext);
    const bytes = await readStoredBytes(deps.storage, image.storageKey);
    await putBytes(deps.storage, keys.original, bytes);
    if (ext === 'jpg') await putBytes(deps.storage, keys.frame, bytes);
    else
      await withTempDir(async (dir) => {
        const source = await localFile(deps.storage, keys.original, dir);
        const output = path.join(dir, 'frame.jpg');
        const quality = jpegQScale(DEFAULT_FRAME_EXTRACTION.quality);
        await runFfmpeg(['-i', source, '-frames:v', '1', '-q:v', String(quality), output], {
          outputs: [output],
        });
        await putLocalFile(deps.storage, keys.frame, output);
      });
    const frame = await deps.storage.stat(keys.frame);
    return { ...keys, ext, size: bytes.length, frameSize: frame?.size ?? 0 };
  }

  async function benchDataset(w: BenchCorrectionWriters, auth: AuthContext, sample: DatasetRow) {
    const existing = await w.benchDataset(sample.projectId);
    if (existing !== undefined) return existing;
    const now = deps.clock.now();
    return w.datasets.insert({
      projectId: sample.projectId,
      name: BENCH_DATASET_NAME,
      description: 'Smear images whose cells technicians reclassified at the bench',
      type: 'morphology',
      status: 'active',
      metadata: { source: BENCH_DATASET_SOURCE },
      // Only the scale of the sample that made it (crops are cut with its margin): none of the
      // sample's clinical fields (patient, calibration) travel to the technical side.
      settings: {
        ...DEFAULT_DATASET_SETTINGS,
        um_per_pixel: sample.settings.um_per_pixel,
        ...(sample.settings.crop_margin_um === undefined
          ? {}
          : { crop_margin_um: sample.settings.crop_margin_um }),
      },
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
  }

  async function benchLabel(w: BenchCorrectionWriters, datasetId: string) {
    const filter = { projectIds: null, datasetId, name: BENCH_LABEL_NAME };
    const [listed] = (await w.labels.listLabels(filter)).rows;
    if (listed !== undefined) return listed.label;
    const now = deps.clock.now();
    const inserted = await w.labels.insertLabel({
      datasetId,
      userId: null,
      name: BENCH_LABEL_NAME,
      description: "Technicians' corrections of the deployed morphology model",
      labelType: 'morphology',
      createdAt: now,
      updatedAt: now,
    });
    if (inserted === undefined) throw new Error('Bench corrections label insert returned no row');
    return inserted;
  }

  /** The image's video and frame in the bench dataset, made on its first correction. */
  async function imageFrame(
    w: BenchCorrectionWriters,
    auth: AuthContext,
    datasetId: string,
    image: AssessmentImageRow,
    files: Awaited<ReturnType<typeof storeFiles>>,
  ): Promise<FrameRow> {
    const video = await w.videos.findById(image.id);
    const now = deps.clock.now();
    if (video === undefined) {
      await w.videos.insert({
        id: image.id,
        datasetId,
        name: path.parse(image.fileName).name,
        fileName: path.basename(files.original),
        originalFilename: image.fileName,
        description: 'Stained-smear image corrected at the bench',
        size: files.size,
        width: image.width,
        height: image.height,
        // A still is a one-frame video: shown for one second at one frame per second.
        fps: 1,
        frameCount: 1,
        duration: 1,
        codec: files.ext === 'jpg' ? 'mjpeg' : 'png',
        container: 'image2',
        captureDate: image.createdAt.toISOString().slice(0, 10),
        tags: [BENCH_DATASET_SOURCE],
        source: BENCH_DATASET_SOURCE,
        processingStatus: 'completed',
        originalKey: files.original,
        uploadedBy: auth.user.id,
        createdAt: now,
        updatedAt: now,
      });
      await w.videos.insertFrames([
        {
          videoId: image.id,
          frameNumber: 0,
          timeOffset: 0,
          width: image.width,
          height: image.height,
          storageKey: files.frame,
          size: files.frameSize,
          extractionSession: BENCH_SESSION,
          createdAt: now,
        },
      ]);
    }
    const [frame] = await w.videos.allFrames(image.id);
    if (frame === undefined) throw new Error('Bench video has no frame');
    return frame;
  }

  /** The drawn detection of each corrected cell: the frame's box of the cell, or a new one. */
  async function cellDetections(
    w: BenchCorrectionWriters,
    frame: FrameRow,
    cells: readonly DecidedCell[],
  ) {
    const existing = await w.detections.listByFrame(frame.id);
    const now = deps.clock.now();
    const rows: DetectionRow[] = [];
    for (const cell of cells) {
      const found = existing.find((row) => sameBox(row, cell));
      rows.push(
        found ??
          (await w.detections.insert({
            frameId: frame.id,
            className: 'sperm',
            confidence: 1,
            x1: cell.proposed.x,
            y1: cell.proposed.y,
            x2: cell.proposed.x + cell.proposed.width,
            y2: cell.proposed.y + cell.proposed.height,
            source: 'manual',
            verified: true,
            createdAt: now,
            updatedAt: now,
          })),
      );
    }
    return rows;
  }

  /**
   * Writes the corrected cells as data label items (one transaction) and cuts their crops as the
   * technical side does after a box is drawn; answers the label's id. Safe to repeat: a cell
   * corrected again updates its item and sends it back to review.
   */
  async function record(
    auth: AuthContext,
    corrected: CorrectedImage,
    cells: readonly DecidedCell[],
  ): Promise<string> {
    const { dataset, image, modelName } = corrected;
    const keys = benchVideoKeys(image.id, image.contentType === 'image/jpeg' ? 'jpg' : 'png');
    const fresh = (await deps.storage.stat(keys.original)) === null;
    const files = await storeFiles(image);
    try {
      const { labelId, frame, detections } = await deps.rows.inTransaction(
        dataset.projectId,
        async (w) => {
          const bench = await benchDataset(w, auth, dataset);
          const label = await benchLabel(w, bench.id);
          const frame = await imageFrame(w, auth, bench.id, image, files);
          const detections = await cellDetections(w, frame, cells);
          const now = deps.clock.now();
          await w.labels.saveClassifications(
            cells.map((cell, i) => {
              const detection = detections[i];
              if (detection === undefined) throw new Error('Corrected cell has no detection');
              const { modelClass, confidence } = cell.proposed;
              return {
                dataLabelId: label.id,
                detectionId: detection.id,
                frameId: frame.id,
                videoId: frame.videoId,
                ...labelClassesOfDefects(cell.defects),
                confidence: detection.confidence,
                notes: `Corrected from model ${modelName ?? image.modelId ?? 'unknown'} (${modelClass}, ${confidence.toFixed(2)})`,
                points: [],
                annotatedBy: auth.user.id,
                reviewStatus: 'pending' as const,
                createdAt: now,
                updatedAt: now,
              };
            }),
          );
          return { labelId: label.id, frame, detections };
        },
      );
      await deps.runner.refreshAfterEdit(frame, detections);
      return labelId;
    } catch (error) {
      // Rolled back (or crops failed before any were kept): a first correction leaves no files.
      if (fresh && (await deps.rows.videoExists(image.id)) === false) {
        await deps.storage.delete(files.original);
        await deps.storage.delete(files.frame);
      }
      throw error;
    }
  }

  return { record };
}
export type BenchCorrections = ReturnType<typeof createBenchCorrections>;
