import { useQuery, useQueryClient } from '@tanstack/react-query';

/** Whether this tab waits for the demo it asked for (kept in the query cache: shared, reactive). */
const DEMO_WATCH_KEY = ['sarm', 'demo-watch'] as const;

/**
 * The "waiting for my demo" flag. The button that starts the demo sits on a dashboard that stops
 * offering it as soon as the demo's patient exists, so the progress dialog (in the layout, always
 * mounted) reads the flag from here rather than from the button's state.
 */
export function useDemoWatch(): readonly [boolean, (watching: boolean) => void] {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: DEMO_WATCH_KEY,
    queryFn: () => false,
    initialData: false,
    staleTime: Infinity,
  });
  return [data, (watching) => queryClient.setQueryData(DEMO_WATCH_KEY, watching)] as const;
}
