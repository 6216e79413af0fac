import { TaskSchema, TechnicalDashboardSchema, type TechnicalDashboard } from '@sarm/contracts';
import { apiClient } from '../../api/apiClient';

export const TECHNICAL_DASHBOARD_KEY = ['finetune', 'dashboard'] as const;

/** Model count, trained models, model performance and open issues. */
export const fetchTechnicalDashboard = (): Promise<TechnicalDashboard> =>
  apiClient.requestParsed('/technical/dashboard', TechnicalDashboardSchema);

/** Closes a failed task's Open Issue. */
export const dismissTask = async (taskId: string): Promise<void> => {
  await apiClient.requestParsed(`/tasks/${encodeURIComponent(taskId)}/dismiss`, TaskSchema, {
    method: 'POST',
  });
};
