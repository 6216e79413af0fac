import type { TechnicalDashboard } from '@sarm/contracts';
import type { AuthContext } from './access.js';
import type { ModelsService } from './models.service.js';
import type { TasksService } from './tasks.service.js';

const LISTED_MODELS = 10;
const LISTED_ISSUES = 20;

/** Models and open issues of the technical dashboard; counts of datasets and frames come from the dataset list. */
export function createTechnicalDashboardService(deps: {
  models: ModelsService;
  tasks: Pick<TasksService, 'openIssues'>;
}) {
  async function dashboard(auth: AuthContext): Promise<TechnicalDashboard> {
    const [all, active, performance, openIssues] = await Promise.all([
      deps.models.list(auth, { limit: 1, offset: 0 }),
      deps.models.list(auth, { statuses: ['trained'], limit: LISTED_MODELS, offset: 0 }),
      deps.models.list(auth, {
        statuses: ['trained', 'stopped'],
        limit: LISTED_MODELS,
        offset: 0,
      }),
      deps.tasks.openIssues(auth, LISTED_ISSUES),
    ]);
    return {
      models_total: all.total,
      active_models: active.models,
      model_performance: performance.models,
      open_issues: openIssues,
    };
  }
  return { dashboard };
}
export type TechnicalDashboardService = ReturnType<typeof createTechnicalDashboardService>;
