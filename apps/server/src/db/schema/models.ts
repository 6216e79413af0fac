import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { auditTimestamps, idColumn, timestampColumn } from './columns.js';
import { datasets } from './datasets.js';
import { users } from './users.js';

export type ModelType = 'detection' | 'morphology';
export type ModelStatus = 'created' | 'training' | 'trained' | 'stopped';
export interface ModelConfig {
  readonly epochs: number;
  readonly batch_size: number;
  readonly learning_rate: number;
  readonly validation_split: number;
}
export interface ModelMetrics {
  readonly final_loss?: number;
  readonly final_accuracy?: number;
  readonly final_val_loss?: number;
  readonly final_val_accuracy?: number;
}

/** A detection or morphology model (spec 2 §3 Model): its training set-up, state and metrics. */
export const models = pgTable(
  'models',
  {
    id: idColumn(),
    name: text('name').notNull(),
    type: text('type').$type<ModelType>().notNull(),
    datasetId: text('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    config: jsonb('config').$type<ModelConfig>().notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status').$type<ModelStatus>().notNull().default('created'),
    metrics: jsonb('metrics').$type<ModelMetrics>(),
    trainedAt: timestampColumn('trained_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...auditTimestamps(),
  },
  (table) => [index('models_status_idx').on(table.status, table.createdAt)],
);
export type ModelRow = typeof models.$inferSelect;
