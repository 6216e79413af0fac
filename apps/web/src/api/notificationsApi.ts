import { NotificationListSchema } from '@sarm/contracts';
import { apiClient } from './apiClient';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

export function fetchNotifications() {
  return apiClient.requestParsed('/notifications', NotificationListSchema);
}

export async function markNotificationRead(id: string): Promise<void> {
  await apiClient.request(`/notifications/${encodeURIComponent(id)}/read`, { method: 'PUT' });
}

export async function markAllNotificationsRead(): Promise<void> {
  await apiClient.request('/notifications/read-all', { method: 'PUT' });
}
