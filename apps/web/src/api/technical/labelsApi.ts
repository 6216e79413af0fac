import {
  DataLabelItemsResponseSchema,
  DataLabelSchema,
  DataLabelStatsSchema,
  AnnotationFramesResponseSchema,
  DataLabelListResponseSchema,
  ReviewListResponseSchema,
  ReviewStatsSchema,
  ReviewUnitSchema,
  type AnnotationFramesResponse,
  type DataLabelItemsResponse,
  type DataLabelStats,
  type DataLabelListResponse,
  type ReviewListResponse,
  type ReviewStats,
  type ReviewUnit,
} from '@sarm/contracts';
import { apiClient } from '../apiClient';
import { reviewQuery, type ReviewFilters } from './reviewQuery';

export type { ReviewFilters };

export const labelKeys = {
  reviews: (filters: ReviewFilters) => ['technical', 'reviews', filters] as const,
  reviewStats: ['technical', 'reviews', 'stats'] as const,
  allReviews: ['technical', 'reviews'] as const,
};

export const fetchReviews = (filters: ReviewFilters): Promise<ReviewListResponse> =>
  apiClient.requestParsed(
    `/sarm/annotation/reviews?${reviewQuery(filters)}`,
    ReviewListResponseSchema,
  );

export const fetchReviewStats = (): Promise<ReviewStats> =>
  apiClient.requestParsed('/sarm/annotation/reviews/stats', ReviewStatsSchema);

export const decideReview = (
  id: string,
  status: 'approved' | 'rejected' | 'needsCorrection',
  notes: string,
): Promise<ReviewUnit> =>
  apiClient.requestParsed(`/sarm/annotation/reviews/${encodeURIComponent(id)}`, ReviewUnitSchema, {
    method: 'POST',
    body: { status, notes },
  });

export interface AnnotationFrameFilters {
  readonly datasetId: string;
  readonly sort: 'date' | 'status' | 'frame_number';
  readonly order: 'asc' | 'desc';
}

export const annotationFramesKey = (filters: AnnotationFrameFilters) =>
  ['technical', 'annotation-frames', filters] as const;

export function fetchAnnotationFrames(
  filters: AnnotationFrameFilters,
): Promise<AnnotationFramesResponse> {
  const params = new URLSearchParams({ sort: filters.sort, order: filters.order, limit: '500' });
  if (filters.datasetId !== '') params.set('dataset_id', filters.datasetId);
  return apiClient.requestParsed(
    `/technical/annotation/frames?${params.toString()}`,
    AnnotationFramesResponseSchema,
  );
}

export const fetchMorphologyLabels = (): Promise<DataLabelListResponse> =>
  apiClient.requestParsed(
    '/sarm/annotation/data-labels?label_type=morphology&limit=100',
    DataLabelListResponseSchema,
  );

export const dataLabelKeys = {
  list: (labelType: string, query: string, page: number) =>
    ['technical', 'data-labels', labelType, query, page] as const,
  items: (labelId: string, query: string, sortBy: string, page: number, limit: number) =>
    ['technical', 'data-label-items', labelId, query, sortBy, page, limit] as const,
  stats: (labelId: string) => ['technical', 'data-label-stats', labelId] as const,
  ofDataset: (datasetId: string, query: string) =>
    ['technical', 'data-labels', 'dataset', datasetId, query] as const,
  all: ['technical'] as const,
};

/** Every label of a dataset (any type), searched by name or description; at most 100. */
export function fetchDatasetLabels(datasetId: string, query: string) {
  const params = new URLSearchParams({ dataset_id: datasetId, page: '1', limit: '100' });
  if (query.trim() !== '') params.set('query', query.trim());
  return apiClient.requestParsed(
    `/sarm/annotation/data-labels/?${params.toString()}`,
    DataLabelListResponseSchema,
  );
}

export const deleteDataLabel = (labelId: string) =>
  apiClient.request(`/sarm/annotation/delete-label/${encodeURIComponent(labelId)}`, {
    method: 'DELETE',
  });

/** Labels of one type, searched by name, description or dataset; 20 a page. */
export function fetchLabels(labelType: 'detection' | 'morphology', query: string, page: number) {
  const params = new URLSearchParams({ label_type: labelType, page: String(page), limit: '20' });
  if (query.trim() !== '') params.set('query', query.trim());
  return apiClient.requestParsed(
    `/sarm/annotation/data-labels/?${params.toString()}`,
    DataLabelListResponseSchema,
  );
}

export function fetchLabelItems(
  labelId: string,
  options: { query: string; sortBy: string; page: number; limit: number },
): Promise<DataLabelItemsResponse> {
  const params = new URLSearchParams({
    sortBy: options.sortBy,
    page: String(options.page),
    limit: String(options.limit),
  });
  if (options.query.trim() !== '') params.set('query', options.query.trim());
  return apiClient.requestParsed(
    `/sarm/annotation/data-labels/${encodeURIComponent(labelId)}/items/filter?${params.toString()}`,
    DataLabelItemsResponseSchema,
  );
}

export const fetchLabelStats = (labelId: string): Promise<DataLabelStats> =>
  apiClient.requestParsed(
    `/sarm/annotation/data-labels/${encodeURIComponent(labelId)}/stats`,
    DataLabelStatsSchema,
  );

export const updateDataLabel = (labelId: string, body: { name: string; description: string }) =>
  apiClient.requestParsed(
    `/sarm/annotation/data-labels/${encodeURIComponent(labelId)}`,
    DataLabelSchema,
    {
      method: 'PUT',
      body,
    },
  );

export const deleteLabelItem = (labelId: string, itemId: string) =>
  apiClient.request(
    `/sarm/annotation/data-labels/${encodeURIComponent(labelId)}/items/${encodeURIComponent(itemId)}`,
    { method: 'DELETE' },
  );
