import { z } from 'zod';
import { SEARCH_MAX, singleLineText } from './limits.js';
import { TimestampSchema } from './common.js';

export const LOG_TYPES = ['auth', 'user', 'permission', 'data', 'system', 'api'] as const;
export type LogType = (typeof LOG_TYPES)[number];
export const LOG_SEVERITIES = ['info', 'warning', 'error', 'critical'] as const;
export type LogSeverity = (typeof LOG_SEVERITIES)[number];

/** Page size of the System Logs screen (spec 3 §9). */
export const LOGS_PAGE_SIZE = 15;

export const SystemLogSchema = z.object({
  id: z.string(),
  timestamp: TimestampSchema,
  type: z.enum(LOG_TYPES),
  severity: z.enum(LOG_SEVERITIES),
  message: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  resourceId: z.string().nullable(),
  resourceType: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SystemLog = z.infer<typeof SystemLogSchema>;

/** Filters shared by the list and the export; `from`/`to` are inclusive instants. */
export const SystemLogFiltersSchema = z.object({
  search: singleLineText('Search', SEARCH_MAX).optional(),
  type: z.enum(LOG_TYPES).optional(),
  severity: z.enum(LOG_SEVERITIES).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type SystemLogFilters = z.infer<typeof SystemLogFiltersSchema>;

export const SystemLogListQuerySchema = SystemLogFiltersSchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(LOGS_PAGE_SIZE),
});
export type SystemLogListQuery = z.input<typeof SystemLogListQuerySchema>;

export const SystemLogListSchema = z.object({
  logs: z.array(SystemLogSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SystemLogList = z.infer<typeof SystemLogListSchema>;

export const SystemLogExportRequestSchema = z.object({
  format: z.literal('csv').default('csv'),
  filters: SystemLogFiltersSchema.default({}),
});

export const SystemLogStatisticsSchema = z.object({
  total: z.number().int(),
  last24Hours: z.number().int(),
  byType: z.record(z.string(), z.number().int()),
  bySeverity: z.record(z.string(), z.number().int()),
});
export type SystemLogStatistics = z.infer<typeof SystemLogStatisticsSchema>;

/** Columns of the CSV export, in order (spec 3 §9). */
export const LOG_CSV_COLUMNS = [
  'timestamp',
  'type',
  'severity',
  'message',
  'userId',
  'userName',
  'userEmail',
  'resourceId',
  'resourceType',
  'ipAddress',
  'userAgent',
] as const satisfies readonly (keyof SystemLog)[];

function csvCell(value: string | null): string {
  const text = value ?? '';
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV of the logs with a header row; lines end in CRLF. */
export function buildLogsCsv(logs: readonly SystemLog[]): string {
  const rows = [
    LOG_CSV_COLUMNS.join(','),
    ...logs.map((log) => LOG_CSV_COLUMNS.map((column) => csvCell(log[column])).join(',')),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

/** File name of an export made on the given day: `system-logs-YYYY-MM-DD.csv` (local date). */
export function logsCsvFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `system-logs-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
