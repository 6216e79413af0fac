import { UserProjectListResponseSchema, type UserProjectDetail } from '@sarm/contracts';
import { apiClient } from './apiClient';

export const PROJECTS_QUERY_KEY = ['sarm', 'projects'] as const;

/** The projects the signed-in user belongs to, with their access level and counts. */
export async function fetchMyProjects(): Promise<UserProjectDetail[]> {
  const answer = await apiClient.requestParsed('/sarm/project', UserProjectListResponseSchema);
  return answer.projects;
}
