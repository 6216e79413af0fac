import type { LogSeverity, LogType, SystemLogFilters } from '@sarm/contracts';

export interface LogFilterForm {
  readonly search: string;
  readonly type: LogType | '';
  readonly severity: LogSeverity | '';
  /** `YYYY-MM-DD` from the date inputs, or empty. */
  readonly fromDate: string;
  readonly toDate: string;
}

export const EMPTY_LOG_FILTERS: LogFilterForm = {
  search: '',
  type: '',
  severity: '',
  fromDate: '',
  toDate: '',
};

function localDay(date: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match === null) return null;
  return [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
}

/** The start of the from-day (00:00:00.000) and the end of the to-day (23:59:59.999), in local time (spec 3 §2). */
export function dayRange(fromDate: string, toDate: string): { from?: string; to?: string } {
  const from = localDay(fromDate);
  const to = localDay(toDate);
  return {
    ...(from === null
      ? {}
      : { from: new Date(from[0], from[1], from[2], 0, 0, 0, 0).toISOString() }),
    ...(to === null ? {} : { to: new Date(to[0], to[1], to[2], 23, 59, 59, 999).toISOString() }),
  };
}

/** The API filters of the form. */
export function toApiFilters(form: LogFilterForm): SystemLogFilters {
  return {
    ...(form.search.trim() === '' ? {} : { search: form.search.trim() }),
    ...(form.type === '' ? {} : { type: form.type }),
    ...(form.severity === '' ? {} : { severity: form.severity }),
    ...dayRange(form.fromDate, form.toDate),
  };
}

/** Chip colours of the severities. */
export function severityColor(severity: LogSeverity): 'info' | 'warning' | 'error' {
  switch (severity) {
    case 'info':
      return 'info';
    case 'warning':
      return 'warning';
    case 'error':
    case 'critical':
      return 'error';
  }
}
