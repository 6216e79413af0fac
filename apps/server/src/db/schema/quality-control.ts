import type { ManualCountMethod, MeasuredSource, QcAnalyte } from '@sarm/contracts';
import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditTimestamps, idColumn, timestampColumn } from './columns.js';
import { datasets } from './datasets.js';
import { users } from './users.js';

/**
 * A manual count of a sample (the dataset) beside the CASA values measured when it was recorded:
 * later analyses never change a recorded pair.
 */
export const manualCounts = pgTable(
  'qc_manual_counts',
  {
    id: idColumn(),
    datasetId: text('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    concentrationMillionPerMl: doublePrecision('concentration_million_per_ml'),
    progressivePct: doublePrecision('progressive_pct'),
    totalMotilityPct: doublePrecision('total_motility_pct'),
    method: text('method').$type<ManualCountMethod>().notNull(),
    countedBy: text('counted_by').notNull(),
    notes: text('notes').notNull().default(''),
    measuredConcentrationMillionPerMl: doublePrecision('measured_concentration_million_per_ml'),
    measuredProgressivePct: doublePrecision('measured_progressive_pct'),
    measuredTotalMotilityPct: doublePrecision('measured_total_motility_pct'),
    measuredSource: text('measured_source').$type<MeasuredSource>().notNull(),
    measuredAt: timestampColumn('measured_at').notNull(),
    /** The stored report version the measured values were read from (null: from the analyses). */
    measuredReportVersion: integer('measured_report_version'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [index('qc_manual_counts_dataset_idx').on(table.datasetId, table.createdAt)],
);
export type ManualCountRow = typeof manualCounts.$inferSelect;

/** A dataset of QC material whose videos, run after run, are charted on one analyte (Levey–Jennings). */
export const qcSeries = pgTable(
  'qc_series',
  {
    id: idColumn(),
    datasetId: text('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    analyte: text('analyte').$type<QcAnalyte>().notNull(),
    baselineRuns: integer('baseline_runs').notNull().default(10),
    targetMean: doublePrecision('target_mean'),
    targetSd: doublePrecision('target_sd'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...auditTimestamps(),
  },
  (table) => [index('qc_series_dataset_idx').on(table.datasetId)],
);
export type QcSeriesRow = typeof qcSeries.$inferSelect;
