import { z } from 'zod';
import { TimestampSchema } from './common.js';
import { SHORT_TEXT_MAX, singleLineText } from './limits.js';

export const TASK_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A background job as the task endpoints report it. */
export const TaskSchema = z.object({
  id: z.string(),
  task_type: z.string(),
  status: z.enum(TASK_STATUSES),
  /** Job-specific stage name, e.g. initializing, extracting, storing. */
  stage: z.string().nullable(),
  /** 0 to 100. */
  progress: z.number(),
  message: z.string().nullable(),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  completed_at: TimestampSchema.nullable(),
});
export type Task = z.infer<typeof TaskSchema>;

export const TaskListQuerySchema = z.object({
  task_type: singleLineText('Task type', SHORT_TEXT_MAX).optional(),
  status: z.enum(TASK_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const TaskListResponseSchema = z.object({
  tasks: z.array(TaskSchema),
  total: z.number().int(),
});

export const SystemStatusSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  role: z.enum(['api', 'worker', 'all']),
  uptime_s: z.number(),
  queues: z.array(
    z.object({
      name: z.string(),
      queued: z.number().int(),
      running: z.number().int(),
      completed: z.number().int(),
      failed: z.number().int(),
    }),
  ),
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;
