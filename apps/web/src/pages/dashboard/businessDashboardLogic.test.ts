import type { Notification, Task } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  cappedCount,
  pendingTasksOf,
  taskTypeLabel,
  unreadNotifications,
} from './businessDashboardLogic';

const task = (id: string, status: Task['status'], createdBy: string | null): Task => ({
  id,
  task_type: 'extract_frames',
  status,
  stage: null,
  progress: 0,
  message: null,
  result: null,
  error: null,
  created_by: createdBy,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  completed_at: null,
});

const note = (id: string, read: boolean, timestamp: string): Notification => ({
  id,
  title: id,
  message: '',
  type: 'info',
  link: null,
  read,
  timestamp,
});

describe('business dashboard logic', () => {
  it("keeps the user's queued and running tasks only", () => {
    const tasks = [
      task('a', 'queued', 'u1'),
      task('b', 'running', 'u1'),
      task('c', 'completed', 'u1'),
      task('d', 'running', 'u2'),
      task('e', 'failed', 'u1'),
      task('f', 'queued', null),
    ];
    expect(pendingTasksOf(tasks, 'u1').map((t) => t.id)).toEqual(['a', 'b']);
  });

  it('keeps unread notifications, newest first', () => {
    const items = [
      note('old', false, '2026-01-01T00:00:00Z'),
      note('read', true, '2026-01-03T00:00:00Z'),
      note('new', false, '2026-01-02T00:00:00Z'),
    ];
    expect(unreadNotifications(items).map((n) => n.id)).toEqual(['new', 'old']);
  });

  it('shows only the five newest unread notifications', () => {
    const items = Array.from({ length: 8 }, (_, day) =>
      note(`n${day + 1}`, false, `2026-01-0${day + 1}T00:00:00Z`),
    );
    expect(unreadNotifications(items).map((n) => n.id)).toEqual(['n8', 'n7', 'n6', 'n5', 'n4']);
  });

  it('caps counts at 999 and names task types', () => {
    expect(cappedCount(999)).toBe('999');
    expect(cappedCount(1000)).toBe('999+');
    expect(taskTypeLabel('extract_frames')).toBe('extract frames');
  });
});
