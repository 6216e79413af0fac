import {
  CropListResponseSchema,
  DataLabelListResponseSchema,
  type CropListResponse,
  type DataLabelListResponse,
  type MorphologyExportFormat,
} from '@sarm/contracts';
import { apiClient } from '../apiClient';
import { readToken } from '../session';

export {
  addMaskToLabel,
  fetchSegmentationModels,
  generateMask,
  segmentationKeys,
} from './segmentationApi';
export { createDataLabel, fetchDataLabel } from './annotationApi';

const enc = encodeURIComponent;

/** Mask extraction shows 20 crops a page (spec 2 §9). */
export const MASK_CROPS_PER_PAGE = 20;

export const maskExtractionKeys = {
  crops: (videoId: string, page: number) => ['technical', 'mask-crops', videoId, page] as const,
  labels: (datasetId: string) => ['technical', 'data-labels', 'morphology', datasetId] as const,
  label: (labelId: string) => ['technical', 'data-label', 'by-id', labelId] as const,
};

/** One page of the video's detection crops. */
export const fetchVideoCrops = (videoId: string, page: number): Promise<CropListResponse> =>
  apiClient.requestParsed('/technical/crops/filter', CropListResponseSchema, {
    method: 'POST',
    body: {
      video_id: videoId,
      limit: MASK_CROPS_PER_PAGE,
      offset: (page - 1) * MASK_CROPS_PER_PAGE,
    },
  });

/** The dataset's morphology data labels (at most 100). */
export const fetchMorphologyLabelsOf = (datasetId: string): Promise<DataLabelListResponse> =>
  apiClient.requestParsed(
    `/sarm/annotation/data-labels/?${new URLSearchParams({
      dataset_id: datasetId,
      label_type: 'morphology',
      page: '1',
      limit: '100',
    }).toString()}`,
    DataLabelListResponseSchema,
  );

export interface MorphologyExportOptions {
  readonly format: MorphologyExportFormat;
  readonly includeOriginalImages: boolean;
  readonly excludeBadQuality: boolean;
}

/** A produced export: the zip and the file name the server gave it. */
export interface ExportedZip {
  readonly blob: Blob;
  readonly disposition: string | null;
}

/**
 * Exports a morphology data label as a zip (COCO polygons and RLE, or PNG masks with a CSV);
 * a refusal throws the server's message.
 */
export async function exportMorphologyLabel(
  target: { readonly datasetId: string; readonly labelId: string },
  options: MorphologyExportOptions,
): Promise<ExportedZip> {
  const token = readToken(window.localStorage);
  const response = await window.fetch(
    `/api/sarm/annotation/datasets/${enc(target.datasetId)}/data-labels/${enc(target.labelId)}/export`,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify({
        format: options.format,
        include_original_images: options.includeOriginalImages,
        exclude_bad_quality: options.excludeBadQuality,
      }),
    },
  );
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const message =
      typeof body === 'object' &&
      body !== null &&
      'message' in body &&
      typeof body.message === 'string'
        ? body.message
        : `Error ${response.status}: ${response.statusText}`;
    throw new Error(message);
  }
  return { blob: await response.blob(), disposition: response.headers.get('content-disposition') };
}
