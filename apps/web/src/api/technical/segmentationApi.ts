import {
  AddMaskItemResponseSchema,
  AutoSuggestResponseSchema,
  CropListResponseSchema,
  MaskResultSchema,
  SegmentationModelListSchema,
  type AutoSuggestResponse,
  type CropListResponse,
  type MaskPoint,
  type MaskResult,
  type MorphologyClass,
} from '@sarm/contracts';
import { apiClient } from '../apiClient';

const enc = encodeURIComponent;

export const segmentationKeys = {
  crops: (scope: CropScope, page: number) => ['technical', 'crops', scope, page] as const,
  models: ['technical', 'segmentation-models'] as const,
};

/** Whose crops the tool lists: one frame's, or a whole video's. */
export interface CropScope {
  readonly frameId: string;
  readonly videoId: string;
}

/** The annotation tool shows 24 crops a page (spec 2 §9). */
export const CROPS_PER_PAGE = 24;

export const fetchCrops = (scope: CropScope, page: number): Promise<CropListResponse> =>
  apiClient.requestParsed('/technical/crops/filter', CropListResponseSchema, {
    method: 'POST',
    body: {
      ...(scope.frameId !== '' ? { frame_id: scope.frameId } : { video_id: scope.videoId }),
      limit: CROPS_PER_PAGE,
      offset: (page - 1) * CROPS_PER_PAGE,
    },
  });

export const fetchSegmentationModels = () =>
  apiClient.requestParsed(
    '/sarm/annotation/models/?model_type=segmentation',
    SegmentationModelListSchema,
  );

export const generateMask = (
  cropId: string,
  points: readonly MaskPoint[],
  modelId: string,
): Promise<MaskResult> =>
  apiClient.requestParsed('/sarm/annotation/generate-mask', MaskResultSchema, {
    method: 'POST',
    body: { crop_id: cropId, point_prompts: points, model_id: modelId },
  });

export const autoSuggestPoints = (cropId: string): Promise<AutoSuggestResponse> =>
  apiClient.requestParsed('/sarm/annotation/auto-suggest-points/', AutoSuggestResponseSchema, {
    method: 'POST',
    body: { crop_id: cropId },
  });

export const addMaskToLabel = (
  target: { datasetId: string; labelId: string; videoId: string; cropId: string },
  morphologyClass: MorphologyClass,
  points: readonly MaskPoint[],
) =>
  apiClient.requestParsed(
    `/sarm/annotation/datasets/${enc(target.datasetId)}/data-labels/${enc(target.labelId)}/items/${enc(target.videoId)}/${enc(target.cropId)}/`,
    AddMaskItemResponseSchema,
    { method: 'POST', body: { class: morphologyClass, points } },
  );
