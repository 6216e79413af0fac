import {
  FhirReportBundleSchema,
  ReportDownloadResponseSchema,
  ReportLetterheadSchema,
  ReportRunResponseSchema,
  ReportVersionSchema,
  ReportVersionsResponseSchema,
  VersionedStoredReportSchema,
  type FhirReportBundle,
  type ReportLetterhead,
  type ReportReviseRequest,
  type ReportRunResponse,
  type ReportSignRequest,
  type ReportVersion,
  type ReportVersionsResponse,
  type VersionedStoredReport,
} from '@sarm/contracts';
import { apiClient } from './apiClient';

/** Analysing five whole videos can take a while: allow up to ten minutes. */
const CALCULATION_TIMEOUT_MS = 600_000;

/** The latest version of the dataset's report, or the given version. */
export const fetchStoredReport = (
  datasetId: string,
  version?: number,
): Promise<VersionedStoredReport> =>
  apiClient.requestParsed(
    `/sarm/report/get-report/${encodeURIComponent(datasetId)}${version === undefined ? '' : `?version=${version}`}`,
    VersionedStoredReportSchema,
  );

export const fetchReportVersions = (datasetId: string): Promise<ReportVersionsResponse> =>
  apiClient.requestParsed(
    `/sarm/report/versions/${encodeURIComponent(datasetId)}`,
    ReportVersionsResponseSchema,
  );

/**
 * Signs the latest version with an electronic signature: the signer's password again and the
 * meaning (needs sarm.sign_report; 403 for a wrong password, 409 when it is signed already).
 */
export const signReport = (datasetId: string, body: ReportSignRequest): Promise<ReportVersion> =>
  apiClient.requestParsed(
    `/sarm/report/sign/${encodeURIComponent(datasetId)}`,
    ReportVersionSchema,
    { method: 'POST', body },
  );

/**
 * Saves a new version of the latest one with the sample's current bench assessments and, when
 * given, the clinician's interpretation (null: back to the suggestion). After a sign-off the new
 * version amends the signed one and needs a `reason`.
 */
export const reviseReport = (
  datasetId: string,
  body: ReportReviseRequest,
): Promise<ReportVersion> =>
  apiClient.requestParsed(
    `/sarm/report/revise/${encodeURIComponent(datasetId)}`,
    ReportVersionSchema,
    { method: 'POST', body },
  );

/** Runs motility and concentration and saves them as one report version. */
export const runReport = (
  datasetId: string,
  videoIds: readonly string[],
  options: { readonly forceReanalysis: boolean; readonly reason?: string },
): Promise<ReportRunResponse> =>
  apiClient.requestParsed(
    `/sarm/report/run/${encodeURIComponent(datasetId)}`,
    ReportRunResponseSchema,
    {
      method: 'POST',
      body: {
        video_ids: videoIds,
        force_reanalysis: options.forceReanalysis,
        ...(options.reason === undefined ? {} : { reason: options.reason }),
      },
      timeoutMs: CALCULATION_TIMEOUT_MS,
    },
  );

/** Writes the audit entry of a PDF saved in the browser. */
export const recordReportDownload = (datasetId: string, version: number) =>
  apiClient.requestParsed(
    `/sarm/report/downloads/${encodeURIComponent(datasetId)}`,
    ReportDownloadResponseSchema,
    { method: 'POST', body: { version } },
  );

/** The laboratory identity printed at the head of reports (any report reader may read it). */
export const fetchLetterhead = (): Promise<ReportLetterhead> =>
  apiClient.requestParsed('/sarm/report/letterhead', ReportLetterheadSchema);

/** A signed version as an HL7 FHIR R4 Bundle (409 for an unsigned one). */
export const fetchFhirBundle = (datasetId: string, version: number): Promise<FhirReportBundle> =>
  apiClient.requestParsed(
    `/sarm/report/fhir/${encodeURIComponent(datasetId)}?version=${version}`,
    FhirReportBundleSchema,
  );

export const LETTERHEAD_KEY = ['sarm', 'report-letterhead'] as const;

export const reportKeys = {
  /** The latest version; also the prefix of every report query of the dataset (invalidation). */
  stored: (datasetId: string) => ['sarm', 'report', datasetId] as const,
  storedVersion: (datasetId: string, version: number | undefined) =>
    version === undefined
      ? reportKeys.stored(datasetId)
      : ([...reportKeys.stored(datasetId), 'version', version] as const),
  versions: (datasetId: string) => [...reportKeys.stored(datasetId), 'versions'] as const,
};
