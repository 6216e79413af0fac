import type { ClassificationsRequestSchema } from '@sarm/contracts';
import {
  ClassificationsResponseSchema,
  CropListResponseSchema,
  DataLabelItemsResponseSchema,
  DataLabelListResponseSchema,
  OkResponseSchema,
  type CropListResponse,
  type DataLabelItem,
  type DataLabelItemsResponse,
} from '@sarm/contracts';
import type { z } from 'zod';
import { apiClient } from '../apiClient';
import { exportMorphologyLabel, type MorphologyExportOptions } from './maskExtractionApi';

export type { MorphologyExportOptions };

const enc = encodeURIComponent;

/** A morphology item: class as chosen and as counted, confidence, notes, mask and morphometry. */
export type MorphologyItem = DataLabelItem;

/** One classification of a detection: a class of either list, confidence 1-5, notes. */
export type Classification = z.input<typeof ClassificationsRequestSchema>['items'][number];

export const morphologyKeys = {
  frameCrops: (frameId: string) => ['technical', 'morphology', 'frame-crops', frameId] as const,
  labelItems: (labelId: string, query: string, page: number, limit: number) =>
    ['technical', 'morphology', 'items', labelId, query, page, limit] as const,
  myLabels: (userId: string, query: string, page: number) =>
    ['technical', 'morphology', 'labels', userId, query, page] as const,
  all: ['technical'] as const,
};

/** Every crop of one frame, in position order (top to bottom, then left to right). */
export const fetchFrameCrops = (frameId: string): Promise<CropListResponse> =>
  apiClient.requestParsed(`/technical/frames/${enc(frameId)}/crops`, CropListResponseSchema);

/** A page of a morphology label's items, searched. */
export function fetchMorphologyItems(
  labelId: string,
  options: { query: string; page: number; limit: number },
): Promise<DataLabelItemsResponse> {
  const params = new URLSearchParams({
    sortBy: 'date',
    page: String(options.page),
    limit: String(options.limit),
  });
  if (options.query.trim() !== '') params.set('query', options.query.trim());
  return apiClient.requestParsed(
    `/sarm/annotation/data-labels/${enc(labelId)}/items/filter?${params.toString()}`,
    DataLabelItemsResponseSchema,
  );
}

/** The caller's morphology labels, searched; 20 a page. */
export function fetchMyMorphologyLabels(userId: string, query: string, page: number) {
  const params = new URLSearchParams({
    label_type: 'morphology',
    user_id: userId,
    page: String(page),
    limit: '20',
  });
  if (query.trim() !== '') params.set('query', query.trim());
  return apiClient.requestParsed(
    `/sarm/annotation/data-labels/?${params.toString()}`,
    DataLabelListResponseSchema,
  );
}

/** Classifies detections into a morphology label (each becomes or updates an item). */
export const saveClassifications = (
  target: { datasetId: string; labelId: string },
  items: readonly Classification[],
) =>
  apiClient.requestParsed(
    `/sarm/annotation/datasets/${enc(target.datasetId)}/data-labels/${enc(target.labelId)}/classifications`,
    ClassificationsResponseSchema,
    { method: 'POST', body: { items } },
  );

export const setItemQuality = (
  target: { datasetId: string; labelId: string; itemId: string },
  quality: 'good' | 'bad',
) =>
  apiClient.requestParsed(
    `/sarm/annotation/datasets/${enc(target.datasetId)}/data-labels/${enc(target.labelId)}/items/${enc(target.itemId)}/quality`,
    OkResponseSchema,
    { method: 'PATCH', body: { quality } },
  );

/** Downloads a morphology label's export (a zip) through a temporary link. */
export async function downloadMorphologyExport(
  target: { datasetId: string; labelId: string },
  options: MorphologyExportOptions,
): Promise<void> {
  const { blob, disposition } = await exportMorphologyLabel(target, options);
  const name =
    /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? `morphology_${options.format}.zip`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
