import type { SignatureMeaning } from '@sarm/contracts';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumn } from './columns.js';
import { datasets } from './datasets.js';
import { users } from './users.js';

/**
 * Every saved WHO run of a dataset (the clinic's sample) is one version, numbered from 1 and never
 * changed afterwards except for its one-time sign-off. Names of the author and signer are copied
 * so a signed record outlives the deletion of the accounts.
 */
export const datasetReportVersions = pgTable(
  'dataset_report_versions',
  {
    id: idColumn(),
    datasetId: text('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    signedAt: timestampColumn('signed_at'),
    signedBy: text('signed_by').references(() => users.id, { onDelete: 'set null' }),
    signedByName: text('signed_by_name'),
    /** What the signature means (`reviewed_and_released`); null for older sign-offs. */
    signatureMeaning: text('signature_meaning').$type<SignatureMeaning>(),
    /** The number of the signed version this one corrects; null for an unamended history. */
    amends: integer('amends'),
    /** Why a signed report was amended; required whenever `amends` is set. */
    reason: text('reason'),
  },
  (table) => [
    uniqueIndex('dataset_report_versions_dataset_version_idx').on(table.datasetId, table.version),
    index('dataset_report_versions_signed_idx').on(table.datasetId, table.signedAt),
  ],
);
export type DatasetReportVersionRow = typeof datasetReportVersions.$inferSelect;
