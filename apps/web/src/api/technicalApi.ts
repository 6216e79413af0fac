import { DatasetListResponseSchema, type DatasetListResponse } from '@sarm/contracts';
import { apiClient } from './apiClient';

export const TECHNICAL_DATASETS_KEY = ['finetune', 'datasets', 'all'] as const;

/** Every dataset the user can browse (up to the server's limit of 500). */
export const fetchAllDatasets = (): Promise<DatasetListResponse> =>
  apiClient.requestParsed('/sarm/dataset/get-datasets?limit=500', DatasetListResponseSchema);
