import {
  WHO_2021_LIMITS,
  type ProjectDashboard,
  type ProjectProgressStatus,
} from '@sarm/contracts';
import type { ProjectDashboardRepository } from '../repositories/project-dashboard.repository.js';
import type { AuthContext } from './access.js';
import type { ProjectScope } from './project-scope.js';

/** Completed when every video is analysed, active when some are, else pending. */
export function progressStatus(progress: number, videos: number): ProjectProgressStatus {
  if (videos > 0 && progress >= 100) return 'completed';
  return progress > 0 ? 'active' : 'pending';
}

/** The project dashboard's four tabs over the caller's projects. */
export function createProjectDashboardService(deps: {
  figures: ProjectDashboardRepository;
  scope: ProjectScope;
}) {
  async function dashboard(auth: AuthContext): Promise<ProjectDashboard> {
    const ids = await deps.scope.visibleProjectIds(auth);
    const datasets = await deps.figures.datasetFigures(ids);
    const projects = await deps.figures.projectFigures(
      ids,
      WHO_2021_LIMITS.concentrationMillionPerMl,
    );
    const sum = (projectId: string, pick: (d: (typeof datasets)[number]) => number) =>
      datasets.filter((d) => d.projectId === projectId).reduce((total, d) => total + pick(d), 0);
    return {
      projects: projects.map((project) => {
        const videos = sum(project.id, (d) => d.videos);
        const analysed = sum(project.id, (d) => d.analysedVideos);
        const progress = videos === 0 ? 0 : Math.round((100 * analysed) / videos);
        return {
          id: project.id,
          name: project.name,
          datasetsCount: datasets.filter((d) => d.projectId === project.id).length,
          videosCount: videos,
          framesCount: sum(project.id, (d) => d.frames),
          segmentsCount: sum(project.id, (d) => d.segments),
          modelsCount: project.models,
          analysedVideos: analysed,
          progress,
          status: progressStatus(progress, videos),
        };
      }),
      members: await deps.figures.members(ids),
      datasets,
      performance: projects.map((project) => ({
        projectId: project.id,
        projectName: project.name,
        analyses: project.analyses,
        meanConcentration: project.meanConcentration,
        meanProgressiveMotility: project.meanProgressiveMotility,
        meanTotalMotility: project.meanTotalMotility,
        normalConcentrationCount: project.normalConcentrationCount,
        trainedModels: project.trainedModels,
        bestValidationAccuracy: project.bestValidationAccuracy,
      })),
    };
  }
  return { dashboard };
}
export type ProjectDashboardService = ReturnType<typeof createProjectDashboardService>;
