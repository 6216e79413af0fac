import { z } from 'zod';
import { PROJECT_ACCESS_LEVELS } from './permissions.js';
import { TimestampSchema } from './common.js';

export const PROJECT_STATUSES = ['active', 'archived'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** A project as one user sees it: with that user's access level and the project's counts. */
export const UserProjectDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(PROJECT_STATUSES),
  /** The demo project made of simulated videos (issue 32): screens mark it, it is no patient data. */
  isDemo: z.boolean().optional(),
  accessLevel: z.enum(PROJECT_ACCESS_LEVELS),
  /** Project-level role codes and extra permission codes granted to the user in this project. */
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  stats: z.object({ datasets_count: z.number().int(), videos_count: z.number().int() }),
});
export type UserProjectDetail = z.infer<typeof UserProjectDetailSchema>;

export const UserProjectListResponseSchema = z.object({
  projects: z.array(UserProjectDetailSchema),
});
export type UserProjectListResponse = z.infer<typeof UserProjectListResponseSchema>;
