import type { Task } from '@sarm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchTask } from '../../api/clinicalApi';

const POLL_MS = 2000;
export const isActive = (task: Task | undefined) =>
  task !== undefined && (task.status === 'queued' || task.status === 'running');

/** Polls a task every 2 s while it is queued or running; refreshes `onDone` keys when it settles. */
export function useTaskPolling(taskId: string | null, refresh: readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['tasks', taskId],
    queryFn: () => fetchTask(taskId ?? ''),
    enabled: taskId !== null,
    refetchInterval: (current) => (isActive(current.state.data) ? POLL_MS : false),
    retry: false,
  });
  const status = query.data?.status;
  useEffect(() => {
    if (status === 'completed' || status === 'failed' || status === 'cancelled')
      for (const key of refresh) void client.invalidateQueries({ queryKey: key });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the status changes
  }, [status, client]);
  return query.data;
}
