import {
  RetryVideoResponseSchema,
  DatasetListResponseSchema,
  DatasetSchema,
  DEFAULT_FRAME_EXTRACTION,
  ExtractFramesResponseSchema,
  FrameListResponseSchema,
  FrameSchema,
  MediaLinkResponseSchema,
  SubmitAnalysisResponseSchema,
  TaskSchema,
  VideoListResponseSchema,
  VideoSchema,
  type Dataset,
  type DatasetListResponse,
  type Frame,
  type FrameListResponse,
  type AnalysisRequest,
  type CreateDatasetRequest,
  type UpdateDatasetRequest,
  type SubmitAnalysisRequest,
  type Task,
  type Video,
} from '@sarm/contracts';
import { apiClient } from './apiClient';
import { readToken } from './session';

export const clinicalKeys = {
  datasets: (projectId: string) => ['sarm', 'datasets', projectId] as const,
  dataset: (id: string) => ['sarm', 'dataset', id] as const,
  videos: (datasetId: string) => ['sarm', 'videos', datasetId] as const,
  video: (id: string) => ['sarm', 'video', id] as const,
  frames: (videoId: string, limit: number) => ['sarm', 'frames', videoId, limit] as const,
  allDatasets: ['sarm', 'datasets-all'] as const,
  allVideos: (datasetId: string | null) => ['sarm', 'videos-all', datasetId] as const,
};

/** The server caps its lists at 500 rows a page. */
const LIST_LIMIT = 500;

/** Every dataset the user can browse, newest first, with the total. */
export const fetchAllDatasets = (): Promise<DatasetListResponse> =>
  apiClient.requestParsed(
    `/sarm/dataset/get-datasets?limit=${LIST_LIMIT}`,
    DatasetListResponseSchema,
  );

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

export async function fetchProjectDatasets(projectId: string): Promise<Dataset[]> {
  const query = `project_id=${encodeURIComponent(projectId)}&limit=500`;
  const answer = await apiClient.requestParsed(
    `/sarm/dataset/get-datasets?${query}`,
    DatasetListResponseSchema,
  );
  return answer.datasets;
}

export const fetchDataset = (id: string): Promise<Dataset> =>
  apiClient.requestParsed(`/sarm/dataset/get-dataset/${encodeURIComponent(id)}`, DatasetSchema);

/** Creates a dataset: on the clinic side, a sample with its settings. */
export const createDataset = (body: CreateDatasetRequest): Promise<Dataset> =>
  apiClient.requestParsed('/sarm/dataset/create-dataset', DatasetSchema, { method: 'POST', body });

export const updateDataset = (id: string, body: UpdateDatasetRequest): Promise<Dataset> =>
  apiClient.requestParsed(`/sarm/dataset/update-dataset/${encodeURIComponent(id)}`, DatasetSchema, {
    method: 'PUT',
    body,
  });

export async function deleteDataset(id: string): Promise<void> {
  await apiClient.request(`/sarm/dataset/delete-dataset/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export async function fetchDatasetVideos(datasetId: string): Promise<Video[]> {
  const answer = await apiClient.requestParsed(
    `/business/videos/dataset/${encodeURIComponent(datasetId)}`,
    VideoListResponseSchema,
  );
  return answer.videos;
}

export const fetchVideo = (id: string): Promise<Video> =>
  apiClient.requestParsed(`/business/videos/${encodeURIComponent(id)}`, VideoSchema);

export async function deleteVideo(id: string): Promise<void> {
  await apiClient.request(`/business/videos/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Queues the preparation of a failed video again; answers the task id. */
export async function retryVideo(id: string): Promise<string> {
  const answer = await apiClient.requestParsed(
    `/business/videos/${encodeURIComponent(id)}/retry`,
    RetryVideoResponseSchema,
    { method: 'POST' },
  );
  return answer.task_id;
}

/** Starts frame extraction with the video list's defaults (fps 3, quality 95, max 50). */
export async function extractFrames(videoId: string): Promise<string> {
  const answer = await apiClient.requestParsed(
    '/sarm/frames/extract',
    ExtractFramesResponseSchema,
    { method: 'POST', body: { videoId, config: DEFAULT_FRAME_EXTRACTION } },
  );
  return answer.task_id;
}

export const fetchTask = (id: string): Promise<Task> =>
  apiClient.requestParsed(`/tasks/${encodeURIComponent(id)}`, TaskSchema);

export const fetchFrames = (videoId: string, limit: number): Promise<FrameListResponse> =>
  apiClient.requestParsed(
    `/sarm/media/list-frames/${encodeURIComponent(videoId)}?limit=${limit}&offset=0`,
    FrameListResponseSchema,
  );

export const toggleFrame = (id: string, selected: boolean): Promise<Frame> =>
  apiClient.requestParsed(`/technical/frames/${encodeURIComponent(id)}/select`, FrameSchema, {
    method: 'POST',
    body: { selected },
  });

/** Saves the frame's note on the server; its selection stays as it is. */
export const saveFrameNote = (id: string, note: string): Promise<Frame> =>
  apiClient.requestParsed(`/technical/frames/${encodeURIComponent(id)}/select`, FrameSchema, {
    method: 'POST',
    body: { note },
  });

/** A one-hour streaming URL for `<video src>` (media token, byte ranges). */
/** "Submit for Analysis": stores the request and queues the video's analysis (answers 202). */
export async function submitFramesForAnalysis(
  input: SubmitAnalysisRequest,
): Promise<AnalysisRequest> {
  const answer = await apiClient.requestParsed(
    '/sarm/frames/submit-analysis',
    SubmitAnalysisResponseSchema,
    { method: 'POST', body: input },
  );
  return answer.request;
}

export async function fetchVideoLink(id: string): Promise<string> {
  const answer = await apiClient.requestParsed(
    `/sarm/media/video-link/${encodeURIComponent(id)}`,
    MediaLinkResponseSchema,
  );
  return answer.url;
}

/** Fetches an image with the bearer token and answers an object URL (caller revokes it). */
export async function fetchImageUrl(path: string): Promise<string> {
  const token = readToken(window.localStorage);
  const response = await window.fetch(`/api${path}`, {
    headers: token === null ? {} : { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`Error ${response.status}: ${response.statusText}`);
  return URL.createObjectURL(await response.blob());
}
