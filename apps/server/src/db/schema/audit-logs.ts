import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumn } from './columns.js';

export const AUDIT_TYPES = ['auth', 'user', 'permission', 'data', 'system', 'api'] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];
export const AUDIT_SEVERITIES = ['info', 'warning', 'error', 'critical'] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];

/** The audit trail. User fields are copied, not referenced, so entries outlive deleted accounts. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: idColumn(),
    timestamp: timestampColumn('timestamp').notNull().defaultNow(),
    type: text('type').$type<AuditType>().notNull(),
    severity: text('severity').$type<AuditSeverity>().notNull().default('info'),
    message: text('message').notNull(),
    userId: text('user_id'),
    userName: text('user_name'),
    userEmail: text('user_email'),
    resourceId: text('resource_id'),
    resourceType: text('resource_type'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('audit_logs_timestamp_idx').on(table.timestamp),
    index('audit_logs_user_idx').on(table.userId),
    index('audit_logs_type_idx').on(table.type, table.timestamp),
    index('audit_logs_severity_idx').on(table.severity, table.timestamp),
  ],
);
export type AuditLogRow = typeof auditLogs.$inferSelect;
