import { useQuery } from '@tanstack/react-query';
import { PROJECTS_QUERY_KEY, fetchMyProjects } from '../../api/projectsApi';
import { SYSTEM_SETTINGS_KEY, fetchSystemSettings } from '../../api/systemSettingsApi';
import { useAuth } from '../../auth/authContext';
import {
  decideFirstRun,
  mayRunFirstRunSetup,
  type Fact,
  type FirstRunDecision,
} from './firstRunDecision';

function factOf<T, V>(
  query: { readonly isSuccess: boolean; readonly isError: boolean; readonly data: T | undefined },
  read: (data: T) => V,
): Fact<V> {
  if (query.isSuccess && query.data !== undefined)
    return { state: 'known', value: read(query.data) };
  return query.isError ? { state: 'failed' } : { state: 'pending' };
}

/**
 * Whether the signed-in user should be led to /setup now. Users who may not run setup cost no
 * request; the settings are read only once the user is known to belong to no project.
 */
export function useFirstRunDecision(): FirstRunDecision {
  const { user } = useAuth();
  const mayRunSetup = mayRunFirstRunSetup(user);
  const projects = useQuery({
    queryKey: PROJECTS_QUERY_KEY,
    queryFn: fetchMyProjects,
    enabled: mayRunSetup,
  });
  const settings = useQuery({
    queryKey: SYSTEM_SETTINGS_KEY,
    queryFn: fetchSystemSettings,
    enabled: mayRunSetup && projects.data?.length === 0,
  });
  return decideFirstRun({
    mayRunSetup,
    projectCount: factOf(projects, (list) => list.length),
    setupCompletedAt: factOf(settings, (saved) => saved.setup.completedAt),
  });
}
