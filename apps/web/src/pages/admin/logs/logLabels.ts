import { useTranslation } from 'react-i18next';
import type { LogSeverity, LogType } from '@sarm/contracts';

const TYPE_KEYS = {
  auth: 'admin.logs.typeAuth',
  user: 'admin.logs.typeUser',
  permission: 'admin.logs.typePermission',
  data: 'admin.logs.typeData',
  system: 'admin.logs.typeSystem',
  api: 'admin.logs.typeApi',
} as const satisfies Record<LogType, string>;

const SEVERITY_KEYS = {
  info: 'admin.logs.severityInfo',
  warning: 'admin.logs.severityWarning',
  error: 'admin.logs.severityError',
  critical: 'admin.logs.severityCritical',
} as const satisfies Record<LogSeverity, string>;

/** Translated names of log types and severities. */
export function useLogLabels() {
  const { t } = useTranslation();
  return {
    type: (type: LogType) => t(TYPE_KEYS[type]),
    severity: (severity: LogSeverity) => t(SEVERITY_KEYS[severity]),
  };
}
