import type { Notification } from '@sarm/contracts';

export interface NotificationList {
  readonly notifications: readonly Notification[];
  readonly unread: number;
}

/** The list as it is once the notification is read: the badge drops at the click, not a poll later. */
export function markedRead<T extends NotificationList>(
  list: T | undefined,
  id: string,
): T | undefined {
  if (list === undefined) return undefined;
  const target = list.notifications.find((n) => n.id === id);
  if (target === undefined || target.read) return list;
  return {
    ...list,
    notifications: list.notifications.map((n) => (n.id === id ? { ...n, read: true } : n)),
    unread: Math.max(0, list.unread - 1),
  };
}

/** Where a notification leads inside the app; null for none or a link that leaves the app. */
export function notificationTarget(link: string | null): string | null {
  if (link === null) return null;
  return link.startsWith('/') && !link.startsWith('//') ? link : null;
}
