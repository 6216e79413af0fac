import {
  PreAnnotateResponseSchema,
  PredictionListResponseSchema,
  PredictionSchema,
  type CreatePredictionRequest,
  type Prediction,
  type PredictionListResponse,
  type PreAnnotateResponse,
} from '@sarm/contracts';
import { apiClient } from '../apiClient';
import { fetchFile, type DownloadedFile } from './modelsApi';

const enc = encodeURIComponent;

export type PredictionExportFormat = 'mot' | 'coco';

export const predictionKeys = {
  all: ['technical', 'predictions'] as const,
  list: ['technical', 'predictions', 'list'] as const,
  one: (id: string) => ['technical', 'predictions', 'one', id] as const,
};

/** Queues a prediction of a model on a video (answers 202, status queued). */
export const createPrediction = (body: CreatePredictionRequest): Promise<Prediction> =>
  apiClient.requestParsed('/technical/predictions', PredictionSchema, { method: 'POST', body });

/** Saved predictions, newest first (at most 500). */
export const fetchPredictions = (): Promise<PredictionListResponse> =>
  apiClient.requestParsed(
    '/technical/predictions?limit=500&offset=0',
    PredictionListResponseSchema,
  );

export const fetchPrediction = (id: string): Promise<Prediction> =>
  apiClient.requestParsed(`/technical/predictions/${enc(id)}`, PredictionSchema);

export async function deletePrediction(id: string): Promise<void> {
  await apiClient.request(`/technical/predictions/${enc(id)}`, { method: 'DELETE' });
}

/** The prediction's detections as MOT or COCO. */
export const exportPrediction = (
  id: string,
  format: PredictionExportFormat,
): Promise<DownloadedFile> =>
  fetchFile(`/technical/predictions/${enc(id)}/export?format=${format}`);

/** Turns a detection prediction into editable detections of the video's frames. */
export const preAnnotate = (id: string): Promise<PreAnnotateResponse> =>
  apiClient.requestParsed(
    `/technical/predictions/${enc(id)}/pre-annotate`,
    PreAnnotateResponseSchema,
    {
      method: 'POST',
    },
  );
