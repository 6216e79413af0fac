export interface ReviewFilters {
  readonly labelType: 'detection' | 'morphology';
  readonly datasetId: string;
  readonly status: string;
  readonly creatorId: string;
  readonly from: string;
  readonly to: string;
  readonly sort: 'dataset' | 'created' | 'creator' | 'confidence' | 'status';
  readonly order: 'asc' | 'desc';
  readonly page: number;
  readonly limit: number;
}

/** The query string of a review listing; empty filters are left out. */
export function reviewQuery(filters: ReviewFilters): string {
  const params = new URLSearchParams({
    label_type: filters.labelType,
    sort: filters.sort,
    order: filters.order,
    page: String(filters.page),
    limit: String(filters.limit),
  });
  if (filters.datasetId !== '') params.set('dataset_id', filters.datasetId);
  if (filters.status !== '') params.set('status', filters.status);
  if (filters.creatorId !== '') params.set('creator_id', filters.creatorId);
  if (filters.from !== '') params.set('from', filters.from);
  if (filters.to !== '') params.set('to', filters.to);
  return params.toString();
}
