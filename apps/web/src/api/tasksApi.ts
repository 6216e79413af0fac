import { TaskListResponseSchema, type Task } from '@sarm/contracts';
import { apiClient } from './apiClient';

export const TASKS_QUERY_KEY = ['tasks', 'list'] as const;

/** The tasks the server lets the user see, newest first. */
export async function fetchTasks(): Promise<Task[]> {
  return (await apiClient.requestParsed('/tasks', TaskListResponseSchema)).tasks;
}
