import {
  CalculationResultsResponseSchema,
  ConcentrationReportSchema,
  MotilityReportSchema,
  UploadVideoResponseSchema,
  VIDEO_SOURCE_LIVE,
  VideoSchema,
  type ConcentrationReport,
  type MotilityReport,
  type Video,
} from '@sarm/contracts';
import { apiClient } from '../../../api/apiClient';
import { serverMessage } from '../../../api/client';
import { readToken } from '../../../api/session';
import type { StoredField } from './fieldStore';

/** A failed upload: `retry` false when sending it again cannot help (refused by the server). */
export class FieldUploadError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/**
 * Sends a recorded field through the sample video upload (the one UploadDialog uses), as a webm
 * named for the field with source `live`; answers the stored video.
 */
export async function uploadField(field: StoredField, patientId: string | null): Promise<Video> {
  const token = readToken(window.localStorage);
  if (token === null) throw new FieldUploadError('Not signed in', false);
  const form = new FormData();
  form.append('dataset_id', field.datasetId);
  form.append('name', field.name);
  form.append('captureDate', field.recordedAt.slice(0, 10));
  form.append('source', VIDEO_SOURCE_LIVE);
  if (patientId !== null) form.append('patientId', patientId);
  form.append(
    'file',
    new File([field.blob], `${field.name.replace(/[:]/g, '-')}.webm`, { type: 'video/webm' }),
  );
  let response: Response;
  try {
    response = await fetch('/api/sarm/video/upload-video', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
  } catch (error) {
    throw new FieldUploadError(error instanceof Error ? error.message : 'Network error', true);
  }
  const text = await response.text();
  if (!response.ok)
    throw new FieldUploadError(
      serverMessage(text) ?? `HTTP ${response.status}`,
      // A server error or a restart may pass; a refusal (4xx) will not.
      response.status >= 500 || response.status === 408 || response.status === 429,
    );
  return UploadVideoResponseSchema.parse(JSON.parse(text)).video;
}

/** The engine runs on the whole field: a 2 s field takes seconds, allow a slow machine. */
const ANALYSIS_TIMEOUT_MS = 5 * 60 * 1000;

/** Analyses one field now (the call the clinic makes after an upload); stores the analysis. */
export const analyseField = (videoId: string): Promise<MotilityReport> =>
  apiClient.requestParsed('/sarm/calculation/cal-motility', MotilityReportSchema, {
    method: 'POST',
    body: { video_ids: [videoId], save_results: false },
    timeoutMs: ANALYSIS_TIMEOUT_MS,
  });

/** Ids of the videos among `ids` that have a stored analysis. */
export async function analysedAmong(ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const answer = await apiClient.requestParsed(
    `/sarm/calculation/results?video_ids=${ids.map(encodeURIComponent).join(',')}`,
    CalculationResultsResponseSchema,
  );
  return answer.results.map((result) => result.video_id);
}

/** The sample's pooled concentration and motility over analysed videos (stored analyses reused). */
export async function fetchPooled(
  videoIds: readonly string[],
): Promise<{ concentration: ConcentrationReport; motility: MotilityReport }> {
  const body = { video_ids: videoIds, save_results: false };
  const [motility, concentration] = await Promise.all([
    apiClient.requestParsed('/sarm/calculation/cal-motility', MotilityReportSchema, {
      method: 'POST',
      body,
      timeoutMs: ANALYSIS_TIMEOUT_MS,
    }),
    apiClient.requestParsed('/sarm/calculation/cal-concentration', ConcentrationReportSchema, {
      method: 'POST',
      body,
      timeoutMs: ANALYSIS_TIMEOUT_MS,
    }),
  ]);
  return { concentration, motility };
}

/** Marks a field discarded on the server (audited, left out of totals and report). */
export const discardVideo = (videoId: string, reason: string): Promise<Video> =>
  apiClient.requestParsed(`/sarm/video/${encodeURIComponent(videoId)}/discard`, VideoSchema, {
    method: 'POST',
    body: reason.trim() === '' ? {} : { reason: reason.trim() },
  });

/** Takes a discarded field back into the sample. */
export const restoreVideo = (videoId: string): Promise<Video> =>
  apiClient.requestParsed(`/sarm/video/${encodeURIComponent(videoId)}/restore`, VideoSchema, {
    method: 'POST',
  });
