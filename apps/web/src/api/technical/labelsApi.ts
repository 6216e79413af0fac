import {
  AnnotationFramesResponseSchema,
  DataLabelListResponseSchema,
  ReviewListResponseSchema,
  ReviewStatsSchema,
  ReviewUnitSchema,
  type AnnotationFramesResponse,
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
