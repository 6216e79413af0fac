import { SystemLogListSchema, type SystemLogFilters, type SystemLogList } from '@sarm/contracts';
import { apiClient } from './apiClient';
import { readToken } from './session';

export const SYSTEM_LOGS_KEY = ['admin', 'system-logs'] as const;

const toQuery = (filters: SystemLogFilters, page: number, limit: number) => {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  for (const [key, value] of Object.entries(filters))
    if (typeof value === 'string' && value !== '') query.set(key, value);
  return query.toString();
};

export function fetchSystemLogs(
  filters: SystemLogFilters,
  page: number,
  limit: number,
): Promise<SystemLogList> {
  return apiClient.requestParsed(
    `/admin/system-logs?${toQuery(filters, page, limit)}`,
    SystemLogListSchema,
  );
}

/** The server's CSV export of the matching logs, as a file blob. */
export async function exportSystemLogs(filters: SystemLogFilters): Promise<Blob> {
  const token = readToken(window.localStorage);
  const response = await window.fetch('/api/admin/system-logs/export', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ format: 'csv', filters }),
  });
  if (!response.ok) throw new Error(`Export failed with ${response.status}`);
  return response.blob();
}
