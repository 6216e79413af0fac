import {
  AgreementResponseSchema,
  LeveyJenningsSchema,
  ManualCountListResponseSchema,
  ManualCountSchema,
  OkResponseSchema,
  QcSeriesListResponseSchema,
  QcSeriesSchema,
  ReplicateAgreementSchema,
  type AgreementResponse,
  type LeveyJennings,
  type ManualCount,
  type ManualCountInput,
  type QcSeries,
  type QcSeriesInput,
  type ReplicateAgreement,
} from '@sarm/contracts';
import { apiClient } from './apiClient';

const id = encodeURIComponent;

export const qcKeys = {
  all: ['sarm', 'qc'] as const,
  agreement: (projectId: string) => ['sarm', 'qc', 'agreement', projectId] as const,
  manualCounts: (projectId: string) => ['sarm', 'qc', 'manual-counts', projectId] as const,
  series: (projectId: string) => ['sarm', 'qc', 'series', projectId] as const,
  leveyJennings: (seriesId: string) => ['sarm', 'qc', 'levey-jennings', seriesId] as const,
  replicates: (datasetId: string) => ['sarm', 'qc', 'replicates', datasetId] as const,
};

export const fetchAgreement = (projectId: string): Promise<AgreementResponse> =>
  apiClient.requestParsed(
    `/sarm/qc/agreement?project_id=${id(projectId)}`,
    AgreementResponseSchema,
  );

export async function fetchManualCounts(projectId: string): Promise<ManualCount[]> {
  const answer = await apiClient.requestParsed(
    `/sarm/qc/manual-counts?project_id=${id(projectId)}`,
    ManualCountListResponseSchema,
  );
  return answer.manual_counts;
}

export const recordManualCount = (body: ManualCountInput): Promise<ManualCount> =>
  apiClient.requestParsed('/sarm/qc/manual-counts', ManualCountSchema, { method: 'POST', body });

export const deleteManualCount = (countId: string) =>
  apiClient.requestParsed(`/sarm/qc/manual-counts/${id(countId)}`, OkResponseSchema, {
    method: 'DELETE',
  });

export async function fetchQcSeries(projectId: string): Promise<QcSeries[]> {
  const answer = await apiClient.requestParsed(
    `/sarm/qc/series?project_id=${id(projectId)}`,
    QcSeriesListResponseSchema,
  );
  return answer.series;
}

export const createQcSeries = (body: QcSeriesInput): Promise<QcSeries> =>
  apiClient.requestParsed('/sarm/qc/series', QcSeriesSchema, { method: 'POST', body });

export const fetchLeveyJennings = (seriesId: string): Promise<LeveyJennings> =>
  apiClient.requestParsed(`/sarm/qc/series/${id(seriesId)}/levey-jennings`, LeveyJenningsSchema);

/** WHO replicate agreement of a sample's videos (`replicates_agree` false: repeat the preparation). */
export const fetchReplicates = (datasetId: string): Promise<ReplicateAgreement> =>
  apiClient.requestParsed(`/sarm/qc/replicates/${id(datasetId)}`, ReplicateAgreementSchema);

export const deleteQcSeries = (seriesId: string) =>
  apiClient.requestParsed(`/sarm/qc/series/${id(seriesId)}`, OkResponseSchema, {
    method: 'DELETE',
  });
