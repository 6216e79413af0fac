import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { STORAGE_KEYS } from '../../api/session';
import { useCan } from '../admin/common/useCan';
import { DEMO_QUERY_KEY, fetchDemo } from './demoApi';
import { isBeingMade, showsDemo } from './demoLogic';

/** The demo sample's status, polled each second while it is being made. */
export function useDemoStatus() {
  return useQuery({
    queryKey: DEMO_QUERY_KEY,
    queryFn: fetchDemo,
    staleTime: 30_000,
    refetchInterval: (query) => (isBeingMade(query.state.data) ? 1000 : false),
  });
}

/** True when the screen shows the demo project (its path or the current project). */
export function useIsDemoScreen(): boolean {
  const { pathname } = useLocation();
  const { data } = useDemoStatus();
  return showsDemo(data, pathname, window.localStorage.getItem(STORAGE_KEYS.currentProjectId));
}

/** Who may make and delete the demo: project administrators (the server checks it too). */
export const useCanManageDemo = () => useCan(['manage_projects']);
