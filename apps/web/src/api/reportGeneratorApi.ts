import {
  OkResponseSchema,
  ReportEmailResponseSchema,
  ReportSourcesSchema,
  ReportTemplateListSchema,
  SavedReportListSchema,
  SavedReportSchema,
  type ReportEmailRequest,
  type ReportSources,
  type ReportTemplate,
  type SavedReport,
  type SavedReportInput,
} from '@sarm/contracts';
import { apiClient } from './apiClient';

/** Sending a PDF of several megabytes may take longer than an ordinary call. */
const EMAIL_TIMEOUT_MS = 120_000;

export const reportGeneratorKeys = {
  templates: ['sarm', 'reports', 'templates'] as const,
  sources: ['sarm', 'reports', 'sources'] as const,
  saved: ['sarm', 'reports', 'saved'] as const,
};

export async function fetchReportTemplates(): Promise<ReportTemplate[]> {
  return (await apiClient.requestParsed('/sarm/reports/templates', ReportTemplateListSchema))
    .templates;
}

export const fetchReportSources = (): Promise<ReportSources> =>
  apiClient.requestParsed('/sarm/reports/sources', ReportSourcesSchema);

export async function fetchSavedReports(): Promise<SavedReport[]> {
  return (await apiClient.requestParsed('/sarm/reports/saved', SavedReportListSchema)).reports;
}

export const saveReport = (body: SavedReportInput): Promise<SavedReport> =>
  apiClient.requestParsed('/sarm/reports/saved', SavedReportSchema, { method: 'POST', body });

export const deleteSavedReport = (id: string) =>
  apiClient.requestParsed(`/sarm/reports/saved/${encodeURIComponent(id)}`, OkResponseSchema, {
    method: 'DELETE',
  });

export const emailReport = (body: ReportEmailRequest) =>
  apiClient.requestParsed('/sarm/reports/email', ReportEmailResponseSchema, {
    method: 'POST',
    body,
    timeoutMs: EMAIL_TIMEOUT_MS,
  });
