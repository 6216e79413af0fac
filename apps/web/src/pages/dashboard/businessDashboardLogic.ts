import type { Notification, Task } from '@sarm/contracts';

/** Tasks of this user that still wait or run (the dashboard's Pending Tasks). */
export function pendingTasksOf(tasks: readonly Task[], userId: string): Task[] {
  return tasks.filter(
    (task) => task.created_by === userId && (task.status === 'queued' || task.status === 'running'),
  );
}

/** How many items a dashboard list shows, like the server's recent patients and analyses. */
export const DASHBOARD_LIST_SIZE = 5;

/** The newest unread notifications (the bell menu lists them all). */
export function unreadNotifications(
  items: readonly Notification[],
  count = DASHBOARD_LIST_SIZE,
): Notification[] {
  return items
    .filter((item) => !item.read)
    .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp))
    .slice(0, count);
}

/** Counts on the cards display up to 999 (spec 1 §9). */
export const cappedCount = (value: number): string => (value > 999 ? '999+' : String(value));

/** 'extract_frames' → 'extract frames'. */
export const taskTypeLabel = (type: string): string => type.replace(/[_-]+/g, ' ');
