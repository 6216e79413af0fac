import {
  MotilityReportSchema,
  VideoAnalysisResponseSchema,
  type MotilityReport,
  type VideoAnalysisResponse,
} from '@sarm/contracts';
import { apiClient } from './apiClient';

export const videoAnalysisKeys = {
  analysis: (videoId: string) => ['sarm', 'video-analysis', videoId] as const,
};

/** The engine runs synchronously on the whole file: allow long videos. */
const ANALYSIS_TIMEOUT_MS = 10 * 60 * 1000;

/** The video's geometry and its newest stored analysis (null when never analysed). */
export const fetchVideoAnalysis = (videoId: string): Promise<VideoAnalysisResponse> =>
  apiClient.requestParsed(
    `/sarm/analysis/${encodeURIComponent(videoId)}`,
    VideoAnalysisResponseSchema,
  );

/** Runs (or, with `force`, re-runs) the CASA engine on one video without saving a dataset report. */
export const analyseVideo = (videoId: string, force: boolean): Promise<MotilityReport> =>
  apiClient.requestParsed('/sarm/calculation/cal-motility', MotilityReportSchema, {
    method: 'POST',
    body: { video_ids: [videoId], force_reanalysis: force, save_results: false },
    timeoutMs: ANALYSIS_TIMEOUT_MS,
  });
