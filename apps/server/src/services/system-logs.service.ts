import {
  buildLogsCsv,
  LOG_SEVERITIES,
  LOG_TYPES,
  type SystemLog,
  type SystemLogFilters,
  type SystemLogList,
  type SystemLogStatistics,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import type { AuditLogRow } from '../db/schema/index.js';
import { notFound } from '../http/errors.js';
import type { AuditLogsRepository } from '../repositories/audit-logs.repository.js';

/** Most rows one export contains; narrower filters export the rest. */
export const MAX_EXPORT_ROWS = 50_000;

const present = (row: AuditLogRow): SystemLog => ({
  ...row,
  timestamp: row.timestamp.toISOString(),
});

/** The audit trail as the System Logs screen reads it. */
export function createSystemLogsService(deps: { repository: AuditLogsRepository; clock: Clock }) {
  async function list(
    query: SystemLogFilters & { page: number; limit: number },
  ): Promise<SystemLogList> {
    const { page, limit, ...filters } = query;
    const { rows, total } = await deps.repository.listPage(filters, {
      offset: (page - 1) * limit,
      limit,
    });
    return { logs: rows.map(present), total, page, limit };
  }

  async function get(id: string): Promise<SystemLog> {
    const row = await deps.repository.findById(id);
    if (row === undefined) throw notFound('Log entry not found');
    return present(row);
  }

  async function exportCsv(filters: SystemLogFilters): Promise<{ csv: string; rows: number }> {
    const { rows } = await deps.repository.listPage(filters, { offset: 0, limit: MAX_EXPORT_ROWS });
    return { csv: buildLogsCsv(rows.map(present)), rows: rows.length };
  }

  async function statistics(): Promise<SystemLogStatistics> {
    const since = new Date(deps.clock.now().getTime() - 24 * 60 * 60 * 1000);
    const stats = await deps.repository.statistics(since);
    const tally = (keys: readonly string[], rows: { key: string; n: number }[]) =>
      Object.fromEntries(keys.map((key) => [key, rows.find((r) => r.key === key)?.n ?? 0]));
    return {
      total: stats.total,
      last24Hours: stats.recent,
      byType: tally(LOG_TYPES, stats.byType),
      bySeverity: tally(LOG_SEVERITIES, stats.bySeverity),
    };
  }

  return { list, get, exportCsv, statistics };
}
export type SystemLogsService = ReturnType<typeof createSystemLogsService>;
