import {
  DEFAULT_CROP_MARGIN_UM,
  DEFAULT_DATASET_SETTINGS,
  type AssessmentImage,
  type MorphologyCellProposal,
  type MorphologyDefect,
} from '@sarm/contracts';
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../clock.js';
import type { DatasetRow } from '../db/schema/index.js';
import { badRequest, HttpError, notFound } from '../http/errors.js';
import { decodeGray } from '../media/detection-images.js';
import { MediaError, runFfmpeg, withTempDir } from '../media/ffmpeg.js';
import type {
  AssessmentImagesRepository,
  AssessmentImageWithModel,
} from '../repositories/assessment-images.repository.js';
import type { DatasetsRepository } from '../repositories/datasets.repository.js';
import type { ModelsRepository } from '../repositories/models.repository.js';
import { putBytes } from '../storage/read-stored.js';
import type { FileStorage } from '../storage/storage.js';
import type { AuthContext } from './access.js';
import {
  defectsOfModelClass,
  findStainedHeads,
  judgeConfirmations,
  type SmearHeadBox,
} from './assessment-image-cells.js';
import { imageSize, sniffImageFormat } from './assessment-image-format.js';
import type { AuditService } from './audit.service.js';
import { BENCH_LABEL_NAME, type BenchCorrections } from './bench-corrections.service.js';
import { loadCropClassifier } from './prediction/morphology-prediction.js';
import type { ProjectScope } from './project-scope.js';
import { cutCrops } from './training/crop-samples.js';

/** Largest smear image accepted, bytes. */
export const ASSESSMENT_IMAGE_MAX_BYTES = 20 * 1024 * 1024;

export const ASSESSMENT_IMAGE_MESSAGES = {
  datasetNotFound: 'Dataset not found',
  imageNotFound: 'Image not found',
  noFile: 'Please choose an image file to upload',
  notImage: (name: string) =>
    `"${name}" is not a PNG, JPEG or TIFF image. Please upload a photograph of the stained smear.`,
  unreadable: (name: string) =>
    `"${name}" could not be read as an image (it may be truncated or corrupt)`,
  badProposal: (index: number) => `Cell ${index} is not a cell of this image (or is listed twice)`,
} as const;

const AUDIT_RESOURCE = 'assessment_image';

/** Storage key of an image. */
export const assessmentImageKeys = (datasetId: string, imageId: string) => ({
  image: (ext: 'png' | 'jpg') => `assessments/${datasetId}/${imageId}.${ext}`,
});

/** The sample's scale and crop margin (the dataset's settings, or the defaults). */
function sampleScale(dataset: DatasetRow) {
  const scale = dataset.settings.um_per_pixel;
  const umPerPixel =
    typeof scale === 'number' && scale > 0 ? scale : DEFAULT_DATASET_SETTINGS.um_per_pixel;
  const marginUm = dataset.settings.crop_margin_um ?? DEFAULT_CROP_MARGIN_UM;
  return { umPerPixel, marginPx: Math.round(marginUm / umPerPixel) };
}

/** An uploaded image as kept: PNG or JPEG bytes, their size and grey pixels. */
interface DecodedImage {
  readonly bytes: Uint8Array;
  readonly ext: 'png' | 'jpg';
  readonly contentType: 'image/png' | 'image/jpeg';
  readonly width: number;
  readonly height: number;
  readonly grey: Uint8Array;
}

/**
 * Reads the upload: PNG and JPEG are kept as sent, TIFF (which browsers do not show) becomes
 * PNG. 415 for anything that is not such an image, or does not decode.
 */
async function decodeUpload(fileName: string, bytes: Uint8Array): Promise<DecodedImage> {
  const format = sniffImageFormat(bytes);
  if (format === null) throw new HttpError(415, ASSESSMENT_IMAGE_MESSAGES.notImage(fileName));
  try {
    return await withTempDir(async (dir) => {
      const input = path.join(dir, `upload.${format}`);
      await writeFile(input, bytes);
      let kept = bytes;
      let keptFormat: 'png' | 'jpeg' = format === 'jpeg' ? 'jpeg' : 'png';
      if (format === 'tiff') {
        const output = path.join(dir, 'converted.png');
        await runFfmpeg(['-i', input, '-frames:v', '1', output], { outputs: [output] });
        kept = new Uint8Array(await readFile(output));
        keptFormat = 'png';
      }
      const size = imageSize(kept, keptFormat);
      if (size === null) throw new MediaError('no image size');
      const keptFile = path.join(dir, `kept.${keptFormat}`);
      await writeFile(keptFile, kept);
      const grey = await decodeGray(keptFile, size.width, size.height);
      return {
        bytes: kept,
        ext: keptFormat === 'jpeg' ? 'jpg' : 'png',
        contentType: keptFormat === 'jpeg' ? 'image/jpeg' : 'image/png',
        ...size,
        grey,
      };
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(415, ASSESSMENT_IMAGE_MESSAGES.unreadable(fileName));
  }
}

const toBox = (b: SmearHeadBox) => ({ x: b.x1, y: b.y1, width: b.x2 - b.x1, height: b.y2 - b.y1 });

/**
 * Stained-smear images of a sample's morphology assessment: stored, their heads found and, when
 * the sample's project has a morphology model deployed, classified as the prediction service
 * classifies crops; the technician's confirmations counted and the corrections handed to the
 * technical side as labelled items (see createBenchCorrections).
 */
export function createAssessmentImagesService(deps: {
  images: AssessmentImagesRepository;
  datasets: Pick<DatasetsRepository, 'findById'>;
  models: Pick<ModelsRepository, 'deployedMorphologyIn'>;
  corrections: Pick<BenchCorrections, 'record'>;
  scope: ProjectScope;
  storage: FileStorage;
  audit: AuditService;
  clock: Clock;
}) {
  async function visibleDataset(auth: AuthContext, datasetId: string) {
    const found = await deps.datasets.findById(datasetId);
    if (found === undefined || !(await deps.scope.canSee(auth, found.dataset.projectId)))
      throw notFound(ASSESSMENT_IMAGE_MESSAGES.datasetNotFound);
    return found.dataset;
  }

  async function visibleImage(auth: AuthContext, datasetId: string, imageId: string) {
    const dataset = await visibleDataset(auth, datasetId);
    const found = await deps.images.find(dataset.id, imageId);
    if (found === undefined) throw notFound(ASSESSMENT_IMAGE_MESSAGES.imageNotFound);
    return { dataset, ...found };
  }

  /** The project's deployed morphology classifier when it has weights. */
  async function deployedClassifier(projectId: string) {
    const model = await deps.models.deployedMorphologyIn(projectId);
    return model?.type === 'morphology' && model.fileKey !== null
      ? { ...model, fileKey: model.fileKey }
      : null;
  }

  function toImage({ image, modelName }: AssessmentImageWithModel): AssessmentImage {
    return {
      id: image.id,
      datasetId: image.datasetId,
      fileName: image.fileName,
      width: image.width,
      height: image.height,
      url: `/sarm/assessments/${image.datasetId}/images/${image.id}/file`,
      proposals: image.proposals,
      model:
        image.modelId === null ? null : { id: image.modelId, name: modelName ?? image.modelId },
      createdAt: image.createdAt.toISOString(),
    };
  }

  /** Proposals for the heads: the classifier's classes, or unclassified cells without one. */
  async function propose(
    key: string,
    image: DecodedImage,
    boxes: readonly SmearHeadBox[],
    marginPx: number,
    classifier: { fileKey: string; runtime: 'tfjs' | 'onnx' } | null,
  ): Promise<MorphologyCellProposal[]> {
    const unclassified = boxes.map((b) => ({
      ...toBox(b),
      defects: [],
      modelClass: '',
      confidence: 0,
    }));
    if (classifier === null || boxes.length === 0) return unclassified;
    const crops = await cutCrops(
      deps.storage,
      boxes.map((box) => ({
        frameKey: key,
        frameWidth: image.width,
        frameHeight: image.height,
        box,
        marginPx,
        maskKey: null,
      })),
    );
    const loaded = await loadCropClassifier(deps.storage, classifier.fileKey, classifier.runtime);
    try {
      const predicted = await loaded.classify(crops);
      return unclassified.map((cell, i) => {
        const p = predicted[i];
        return p === undefined
          ? cell
          : {
              ...cell,
              defects: defectsOfModelClass(p.className),
              modelClass: p.className,
              confidence: p.confidence,
            };
      });
    } finally {
      await loaded.dispose();
    }
  }

  /** Stores one uploaded image and its proposals; 415 (nothing kept) for a non-image. */
  async function upload(
    auth: AuthContext,
    datasetId: string,
    file: { fileName: string; bytes: Uint8Array },
  ): Promise<AssessmentImage> {
    const dataset = await visibleDataset(auth, datasetId);
    const decoded = await decodeUpload(file.fileName, file.bytes);
    const id = randomUUID();
    const key = assessmentImageKeys(dataset.id, id).image(decoded.ext);
    const { umPerPixel, marginPx } = sampleScale(dataset);
    const boxes = findStainedHeads(
      { width: decoded.width, height: decoded.height, data: decoded.grey },
      umPerPixel,
    );
    const classifier = await deployedClassifier(dataset.projectId);
    await putBytes(deps.storage, key, decoded.bytes);
    try {
      const proposals = await propose(key, decoded, boxes, marginPx, classifier);
      const row = await deps.images.insert({
        id,
        datasetId: dataset.id,
        storageKey: key,
        fileName: path.basename(file.fileName),
        contentType: decoded.contentType,
        width: decoded.width,
        height: decoded.height,
        proposals,
        modelId: classifier?.id ?? null,
        uploadedBy: auth.user.id,
        createdAt: deps.clock.now(),
      });
      await deps.audit.record({
        type: 'data',
        severity: 'info',
        message: `Smear image "${row.fileName}" of sample "${dataset.name}" uploaded: ${proposals.length} cells found${classifier === null ? '' : `, classified by model "${classifier.name}"`}`,
        actor: auth.user,
        resource: { id: row.id, type: AUDIT_RESOURCE },
      });
      return toImage({ image: row, modelName: classifier?.name ?? null });
    } catch (error) {
      await deps.storage.delete(key);
      throw error;
    }
  }

  async function list(auth: AuthContext, datasetId: string) {
    const dataset = await visibleDataset(auth, datasetId);
    return { images: (await deps.images.listByDataset(dataset.id)).map(toImage) };
  }

  /** The image's bytes and content type. */
  async function file(auth: AuthContext, datasetId: string, imageId: string) {
    const { image } = await visibleImage(auth, datasetId, imageId);
    return { stream: await deps.storage.get(image.storageKey), contentType: image.contentType };
  }

  /**
   * Counts the technician's decisions against the proposals. Only a model's proposals can be
   * confirmed or corrected: without a model every cell was classified by hand, and nothing is
   * counted or kept.
   */
  async function confirm(
    auth: AuthContext,
    datasetId: string,
    imageId: string,
    body: { cells: readonly { proposal: number; defects: readonly MorphologyDefect[] }[] },
  ) {
    const found = await visibleImage(auth, datasetId, imageId);
    const judged = judgeConfirmations(found.image.proposals, body.cells);
    if ('invalidProposal' in judged)
      throw badRequest(ASSESSMENT_IMAGE_MESSAGES.badProposal(judged.invalidProposal));
    if (found.image.modelId === null) return { confirmed: 0, corrected: 0, dataLabelId: null };
    const dataLabelId =
      judged.corrected.length > 0
        ? await deps.corrections.record(auth, found, judged.corrected)
        : null;
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Model proposals of smear image "${found.image.fileName}" (sample "${found.dataset.name}") reviewed: ${judged.confirmed.length} confirmed, ${judged.corrected.length} corrected${dataLabelId === null ? '' : ` (added to data label "${BENCH_LABEL_NAME}")`}`,
      actor: auth.user,
      resource: { id: found.image.id, type: AUDIT_RESOURCE },
    });
    return {
      confirmed: judged.confirmed.length,
      corrected: judged.corrected.length,
      dataLabelId,
    };
  }

  return { upload, list, file, confirm };
}
export type AssessmentImagesService = ReturnType<typeof createAssessmentImagesService>;
