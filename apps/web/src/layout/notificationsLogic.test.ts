import type { Notification } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { markedRead, notificationTarget } from './notificationsLogic';

const notice = (id: string, read: boolean): Notification => ({
  id,
  title: `Analysis of sample-${id}.mp4 (Sample A) completed`,
  message: '42% total motility, 12.5 million/ml.',
  type: 'success',
  link: `/sarm/analysis/${id}`,
  read,
  timestamp: '2026-01-01T00:00:00.000Z',
});

describe('notifications', () => {
  it('marks the clicked notification read and drops the badge by one', () => {
    const list = { notifications: [notice('a', false), notice('b', false)], unread: 2 };
    const next = markedRead(list, 'a');
    expect(next?.unread).toBe(1);
    expect(next?.notifications.map((n) => n.read)).toEqual([true, false]);
  });

  it('leaves the badge alone for a read or unknown notification', () => {
    const list = { notifications: [notice('a', true)], unread: 0 };
    expect(markedRead(list, 'a')).toBe(list);
    expect(markedRead(list, 'zz')).toBe(list);
    expect(markedRead(undefined, 'a')).toBeUndefined();
  });

  it('opens only links inside the app', () => {
    expect(notificationTarget('/sarm/analysis/v1')).toBe('/sarm/analysis/v1');
    expect(notificationTarget(null)).toBeNull();
    expect(notificationTarget('https://example.com')).toBeNull();
    expect(notificationTarget('//example.com/x')).toBeNull();
  });
});
