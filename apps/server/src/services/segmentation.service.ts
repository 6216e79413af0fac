import {
  componentAt,
  maskMorphometry,
  segmentFromPoints,
  suggestPoints,
  type PromptPoint,
} from '@sarm/casa';
import {
  BUILTIN_SEGMENTER_ID,
  SAM_MODEL_IDS,
  type AutoSuggestResponse,
  type GenerateMaskRequest,
  type MaskPoint,
  type MaskResult,
  type SamModelId,
  type SamModelManifest,
  type SegmentationModel,
} from '@sarm/contracts';
import { Readable } from 'node:stream';
import type { DetectionRow, FrameRow } from '../db/schema/index.js';
import { badRequest, conflict } from '../http/errors.js';
import { cropRect, decodeGray } from '../media/detection-images.js';
import { localFile, withTempDir } from '../media/ffmpeg.js';
import { encodeGrayPng, encodeRgbPng } from '../media/png.js';
import type { DetectionsRepository } from '../repositories/detections.repository.js';
import type { FileStorage } from '../storage/storage.js';
import type { AuthContext } from './access.js';
import { maskKey, maskVisualizationKey, type DetectionRunner } from './detection-runner.js';
import { maskUrl, maskVisualizationUrl, type DetectionService } from './detection.service.js';
import { createSamModels, type SamModels } from './segmentation/sam-models.js';
import { suggestPointsInMask } from './segmentation/sam-suggest.js';

const BUILTIN: SegmentationModel = {
  id: BUILTIN_SEGMENTER_ID,
  name: 'SARM point segmenter',
  description:
    'Graph cut on the crop from foreground and background points; runs on any machine, no GPU.',
  version: '1',
  default: true,
  model_type: 'segmentation',
  runs_as: BUILTIN_SEGMENTER_ID,
  installed: true,
  runtime: 'builtin',
};

/** A SAM id as listed: its imported ONNX pair when there is one, else the built-in segmenter. */
export function samModelEntry(
  id: SamModelId,
  imported: SamModelManifest | null,
): SegmentationModel {
  const common = { id, version: '2', default: false, model_type: 'segmentation' as const };
  return imported === null
    ? {
        ...common,
        name: id,
        description: 'SAM id: runs the built-in segmenter until a SAM model is installed.',
        runs_as: BUILTIN_SEGMENTER_ID,
        installed: false,
        runtime: 'builtin',
      }
    : {
        ...common,
        name: imported.name,
        description: `Imported SAM ONNX encoder/decoder (input ${imported.input_size}x${imported.input_size}), installed ${imported.installed_at}.`,
        runs_as: id,
        installed: true,
        runtime: 'onnx',
      };
}

/** The segmentation models offered: the built-in one (default) and the spec's SAM ids. */
export function segmentationModels(
  imported: Partial<Record<SamModelId, SamModelManifest | null>> = {},
): SegmentationModel[] {
  return [BUILTIN, ...SAM_MODEL_IDS.map((id) => samModelEntry(id, imported[id] ?? null))];
}

interface CropPixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
  /** The detection's box in crop pixels. */
  readonly box: { x1: number; y1: number; x2: number; y2: number };
}

/**
 * Point-prompted masks of detection crops (spec 2 §7.2 generate-mask / mask-from-points and
 * auto-suggest-points). A crop is the detection's box grown by the dataset's crop margin, as its
 * JPEG was cut (`cropRect`); the
 * mask is a PNG of the crop's size, white on the object, stored as the detection's mask.
 */
export function createSegmentationService(deps: {
  detection: Pick<DetectionService, 'find'>;
  detections: DetectionsRepository;
  runner: Pick<DetectionRunner, 'cropMarginPx' | 'umPerPixel'>;
  storage: FileStorage;
  now: () => Date;
  /** Imported SAM ONNX pairs; by default kept in `storage`. */
  samModels?: SamModels;
}) {
  const samModels = deps.samModels ?? createSamModels({ storage: deps.storage, now: deps.now });

  /** Each SAM id with its imported pair, if any. */
  async function models(): Promise<SegmentationModel[]> {
    const imported: Partial<Record<SamModelId, SamModelManifest | null>> = {};
    for (const id of SAM_MODEL_IDS) imported[id] = await samModels.manifest(id);
    return segmentationModels(imported);
  }

  /** The imported pair the requested id runs as, or `null` for the built-in segmenter. */
  async function onnxModelFor(requested: string): Promise<SamModelId | null> {
    const id = SAM_MODEL_IDS.find((known) => known === requested);
    return id !== undefined && (await samModels.manifest(id)) !== null ? id : null;
  }

  /** The mask of the prompt and who made it: the imported pair, or the built-in graph cut. */
  async function segmentCrop(
    requested: string,
    cropId: string,
    crop: CropPixels,
    points: readonly PromptPoint[],
  ) {
    const onnx = await onnxModelFor(requested);
    if (onnx === null) {
      const result = segmentFromPoints(crop, points);
      return { ...result, modelId: BUILTIN_SEGMENTER_ID, runtime: 'builtin' as const };
    }
    const result = await samModels.segment(onnx, crop, points, cropId);
    return {
      mask: result.mask,
      confidence: result.confidence,
      quality: result.confidence > 0.7 ? ('Good' as const) : ('Fair' as const),
      modelId: onnx,
      runtime: 'onnx' as const,
    };
  }
  /** The crop's grey pixels, cut from the stored frame (not the lossy crop JPEG). */
  async function cropPixels(frame: FrameRow, row: DetectionRow): Promise<CropPixels> {
    const r = cropRect(
      row,
      frame.width,
      frame.height,
      await deps.runner.cropMarginPx(frame.videoId),
    );
    const gray = await withTempDir(async (dir) =>
      decodeGray(await localFile(deps.storage, frame.storageKey, dir), frame.width, frame.height),
    );
    const data = new Uint8Array(r.w * r.h);
    for (let y = 0; y < r.h; y++)
      data.set(
        gray.subarray((r.y + y) * frame.width + r.x, (r.y + y) * frame.width + r.x + r.w),
        y * r.w,
      );
    return {
      width: r.w,
      height: r.h,
      data,
      box: { x1: row.x1 - r.x, y1: row.y1 - r.y, x2: row.x2 - r.x, y2: row.y2 - r.y },
    };
  }

  /** Points in crop pixels; 400 naming the first point outside the crop. */
  function toPixels(points: readonly MaskPoint[], crop: CropPixels, normalised: boolean) {
    return points.map((point, index): PromptPoint => {
      const x = normalised ? point.x * crop.width : point.x;
      const y = normalised ? point.y * crop.height : point.y;
      if (x > crop.width || y > crop.height)
        throw badRequest(
          `Point ${index + 1} (${point.x}, ${point.y}) lies outside the ${crop.width}x${crop.height} crop`,
        );
      return {
        x: Math.min(x, crop.width - 1),
        y: Math.min(y, crop.height - 1),
        label: point.label,
      };
    });
  }

  async function generateMask(auth: AuthContext, body: GenerateMaskRequest): Promise<MaskResult> {
    const { row, frame } = await deps.detection.find(auth, body.crop_id);
    if (!body.overwrite_existing && row.hasMask)
      throw conflict('This crop already has a mask; send overwrite_existing true to replace it');
    const crop = await cropPixels(frame, row);
    const points = toPixels(body.point_prompts, crop, body.use_normalized_coordinates);
    const result = await segmentCrop(body.model_id, row.id, crop, points);
    // The mask is the head: the part connected to the first foreground point (points on the tail
    // are seeds that would otherwise leave specks and lengthen the head's measures).
    const head = points.find((point) => point.label === 1) ?? points[0];
    const mask =
      head === undefined ? result.mask : componentAt(result.mask, crop.width, crop.height, head);
    const maskPixels = mask.map((on) => (on === 1 ? 255 : 0));
    await deps.storage.put(
      maskKey(row),
      Readable.from([encodeGrayPng(crop.width, crop.height, maskPixels)]),
    );
    if (body.save_visualization)
      await deps.storage.put(
        maskVisualizationKey(row),
        Readable.from([encodeRgbPng(crop.width, crop.height, overlay(crop, mask, points))]),
      );
    await deps.detections.update(row.id, { hasMask: true, updatedAt: deps.now() });
    const version = deps.now().getTime();
    return {
      success: true,
      confidence: result.confidence,
      quality: result.quality,
      model_id: result.modelId,
      requested_model_id: body.model_id,
      runtime: result.runtime,
      points: body.point_prompts,
      crop_id: row.id,
      video_id: frame.videoId,
      mask_url: `${maskUrl(row.id)}?v=${version}`,
      visualization_url: body.save_visualization
        ? `${maskVisualizationUrl(row.id)}?v=${version}`
        : null,
      width: crop.width,
      height: crop.height,
      morphometry: maskMorphometry(
        mask,
        crop.width,
        crop.height,
        await deps.runner.umPerPixel(frame.videoId),
      ),
      ...(body.request_id === undefined ? {} : { request_id: body.request_id }),
    };
  }

  /**
   * Suggested points: the built-in ones (head centre, tail ridge, corners), or with an imported
   * SAM pair, points spread over its mask of the head seeded at the built-in head centre.
   */
  async function suggestForModel(requested: string, cropId: string, crop: CropPixels, n: number) {
    const builtin = suggestPoints(crop, crop.box, n);
    const onnx = await onnxModelFor(requested);
    const seed = builtin.find((point) => point.label === 1);
    if (onnx === null || seed === undefined)
      return { points: builtin, modelId: BUILTIN_SEGMENTER_ID, runtime: 'builtin' as const };
    const { mask } = await samModels.segment(onnx, crop, [seed], cropId);
    const head = componentAt(mask, crop.width, crop.height, seed);
    const spread = suggestPointsInMask(head.includes(1) ? head : mask, crop.width, crop.height, n);
    return {
      points: [...spread.foreground, ...spread.background],
      modelId: onnx,
      runtime: 'onnx' as const,
    };
  }

  async function autoSuggest(
    auth: AuthContext,
    body: {
      crop_id: string;
      model_id: string;
      num_points: number;
      return_normalized_coordinates: boolean;
    },
  ): Promise<AutoSuggestResponse> {
    const { row, frame } = await deps.detection.find(auth, body.crop_id);
    const crop = await cropPixels(frame, row);
    const suggested = await suggestForModel(body.model_id, row.id, crop, body.num_points);
    const points = pickPoints(suggested.points, body.num_points).map((point) => ({
      x: body.return_normalized_coordinates ? point.x / crop.width : point.x,
      y: body.return_normalized_coordinates ? point.y / crop.height : point.y,
      label: point.label,
    }));
    return {
      success: true,
      points,
      crop_id: row.id,
      model_id: suggested.modelId,
      runtime: suggested.runtime,
      width: crop.width,
      height: crop.height,
    };
  }

  /** Storage key of the mask visualisation, 404 through `find` for detections not visible. */
  async function visualizationFile(auth: AuthContext, id: string) {
    return maskVisualizationKey((await deps.detection.find(auth, id)).row);
  }

  return { models, generateMask, autoSuggest, visualizationFile, samModels };
}
export type SegmentationService = ReturnType<typeof createSegmentationService>;

/**
 * `n` of the suggested points in all (spec 2's num_points): foreground first (head centre, then
 * along the tail), with up to half of them background (corners, debris).
 */
export function pickPoints(points: readonly PromptPoint[], n: number): PromptPoint[] {
  const foreground = points.filter((point) => point.label === 1);
  const background = points.filter((point) => point.label === 0);
  const backgroundCount = Math.min(
    background.length,
    Math.max(n - foreground.length, Math.floor(n / 2)),
  );
  return [...foreground.slice(0, n - backgroundCount), ...background.slice(0, backgroundCount)];
}

/** The crop in grey with the mask tinted in the brand's secondary colour and the points marked. */
function overlay(crop: CropPixels, mask: Uint8Array, points: readonly PromptPoint[]): Uint8Array {
  const rgb = new Uint8Array(crop.width * crop.height * 3);
  for (let i = 0; i < crop.data.length; i++) {
    const grey = crop.data[i] ?? 0;
    const on = mask[i] === 1;
    rgb[i * 3] = on ? Math.round(grey * 0.5) : grey;
    rgb[i * 3 + 1] = on ? Math.round(grey * 0.5 + 180 * 0.5) : grey;
    rgb[i * 3 + 2] = on ? Math.round(grey * 0.5 + 216 * 0.5) : grey;
  }
  for (const point of points) {
    const colour = point.label === 1 ? [46, 204, 64] : [255, 65, 54];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const x = Math.round(point.x) + dx;
        const y = Math.round(point.y) + dy;
        if (x < 0 || y < 0 || x >= crop.width || y >= crop.height) continue;
        rgb.set(colour, (y * crop.width + x) * 3);
      }
  }
  return rgb;
}
