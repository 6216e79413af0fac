import {
  DatasetListResponseSchema,
  VideoListResponseSchema,
  type Dataset,
  type Video,
} from '@sarm/contracts';
import { apiClient } from './apiClient';

/** The server caps both lists at 500 rows a page. */
const LIST_LIMIT = 500;

export const businessScreenKeys = {
  allDatasets: ['sarm', 'datasets-all'] as const,
  allVideos: (datasetId: string | null) => ['sarm', 'videos-all', datasetId] as const,
};

/** Datasets of every project the caller can see, newest first. */
export async function fetchAllDatasets(): Promise<Dataset[]> {
  const answer = await apiClient.requestParsed(
    `/sarm/dataset/get-datasets?limit=${LIST_LIMIT}`,
    DatasetListResponseSchema,
  );
  return answer.datasets;
}

/** Videos of every visible project, or of one dataset, newest first. */
export async function fetchAllVideos(datasetId: string | null): Promise<Video[]> {
  const query = new URLSearchParams({ limit: String(LIST_LIMIT) });
  if (datasetId !== null) query.set('dataset_id', datasetId);
  const answer = await apiClient.requestParsed(
    `/sarm/videos/all?${query.toString()}`,
    VideoListResponseSchema,
  );
  return answer.videos;
}
