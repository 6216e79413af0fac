import {
  ReviewListResponseSchema,
  ReviewStatsSchema,
  ReviewUnitSchema,
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
