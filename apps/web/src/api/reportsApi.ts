import {
  ConcentrationReportSchema,
  MotilityReportSchema,
  StoredReportSchema,
  type ConcentrationReport,
  type MotilityReport,
  type StoredReport,
} from '@sarm/contracts';
import { apiClient } from './apiClient';

/** Analysing five whole videos can take a while: allow up to ten minutes. */
const CALCULATION_TIMEOUT_MS = 600_000;

interface CalculationOptions {
  readonly forceReanalysis: boolean;
  readonly saveResults: boolean;
}

const body = (videoIds: readonly string[], options: CalculationOptions) => ({
  video_ids: videoIds,
  force_reanalysis: options.forceReanalysis,
  save_results: options.saveResults,
});

export const calculateConcentration = (
  videoIds: readonly string[],
  options: CalculationOptions,
): Promise<ConcentrationReport> =>
  apiClient.requestParsed('/sarm/calculation/cal-concentration', ConcentrationReportSchema, {
    method: 'POST',
    body: body(videoIds, options),
    timeoutMs: CALCULATION_TIMEOUT_MS,
  });

export const calculateMotility = (
  videoIds: readonly string[],
  options: CalculationOptions,
): Promise<MotilityReport> =>
  apiClient.requestParsed('/sarm/calculation/cal-motility', MotilityReportSchema, {
    method: 'POST',
    body: body(videoIds, options),
    timeoutMs: CALCULATION_TIMEOUT_MS,
  });

export const fetchStoredReport = (datasetId: string): Promise<StoredReport> =>
  apiClient.requestParsed(
    `/sarm/report/get-report/${encodeURIComponent(datasetId)}`,
    StoredReportSchema,
  );

export const reportKeys = {
  stored: (datasetId: string) => ['sarm', 'report', datasetId] as const,
};
