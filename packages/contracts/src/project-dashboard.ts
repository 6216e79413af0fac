import { z } from 'zod';

/** Progress of a project: share of its videos with a completed CASA analysis. */
export const ProjectProgressStatusSchema = z.enum(['active', 'pending', 'completed']);
export type ProjectProgressStatus = z.infer<typeof ProjectProgressStatusSchema>;

export const ProjectStatisticsSchema = z.object({
  id: z.string(),
  name: z.string(),
  datasetsCount: z.number().int(),
  videosCount: z.number().int(),
  framesCount: z.number().int(),
  /** Segmentation masks: detections on the project's frames that have a mask (`has_mask`). */
  segmentsCount: z.number().int(),
  modelsCount: z.number().int(),
  analysedVideos: z.number().int(),
  /** Percent of videos analysed, rounded; 0 without videos. */
  progress: z.number().int(),
  status: ProjectProgressStatusSchema,
});
export type ProjectStatistics = z.infer<typeof ProjectStatisticsSchema>;

export const ProjectTeamMemberSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  userId: z.string(),
  displayName: z.string(),
  email: z.string(),
  accessLevel: z.string(),
  isActive: z.boolean(),
});
export type ProjectTeamMember = z.infer<typeof ProjectTeamMemberSchema>;

export const DatasetAnalyticsSchema = z.object({
  id: z.string(),
  name: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  type: z.string(),
  status: z.string(),
  videos: z.number().int(),
  frames: z.number().int(),
  detections: z.number().int(),
  /** Detections with a segmentation mask. */
  segments: z.number().int(),
  analysedVideos: z.number().int(),
});
export type DatasetAnalytics = z.infer<typeof DatasetAnalyticsSchema>;

export const ProjectPerformanceSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  /** Videos with a completed analysis; the means below are over their latest analyses. */
  analyses: z.number().int(),
  meanConcentration: z.number().nullable(),
  meanProgressiveMotility: z.number().nullable(),
  meanTotalMotility: z.number().nullable(),
  /** Analyses at or above the WHO concentration limit (16 million/ml). */
  normalConcentrationCount: z.number().int(),
  trainedModels: z.number().int(),
  /** Best final validation accuracy of a trained model (0-1), null without one. */
  bestValidationAccuracy: z.number().nullable(),
});
export type ProjectPerformance = z.infer<typeof ProjectPerformanceSchema>;

/** The project dashboard: one row per visible project or dataset in each tab. */
export const ProjectDashboardSchema = z.object({
  projects: z.array(ProjectStatisticsSchema),
  members: z.array(ProjectTeamMemberSchema),
  datasets: z.array(DatasetAnalyticsSchema),
  performance: z.array(ProjectPerformanceSchema),
});
export type ProjectDashboard = z.infer<typeof ProjectDashboardSchema>;
