import type { Dataset, Model, OpenIssue } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  activeModelRows,
  annotationProgress,
  formatAccuracy,
  issueTitleKey,
  modelPerformanceRows,
  recentDatasets,
  sortIssues,
  technicalCounts,
} from './technicalDashboardLogic';

const dataset = (id: string, createdAt: string, frames: number, annotated: number): Dataset =>
  ({
    id,
    createdAt,
    stats: { totalFrames: frames, annotatedFrames: annotated },
  }) as unknown as Dataset;

describe('technical dashboard logic', () => {
  it('sums frames and annotated frames; predictions do not exist yet', () => {
    const list = [dataset('a', '2026-01-01', 10, 2), dataset('b', '2026-01-02', 5, 5)];
    expect(technicalCounts(list, 7)).toEqual({
      datasets: 7,
      frames: 15,
      annotated: 7,
      predictions: 0,
    });
  });

  it('lists the newest datasets first, at most five', () => {
    const list = ['01', '03', '02', '06', '05', '04'].map((day) =>
      dataset(day, `2026-01-${day}T00:00:00Z`, 0, 0),
    );
    expect(recentDatasets(list).map((d) => d.id)).toEqual(['06', '05', '04', '03', '02']);
  });
});

describe('annotationProgress', () => {
  it('rounds annotated over total frames and derives the state', () => {
    const make = (id: string, totalFrames: number, annotatedFrames: number) =>
      ({ id, name: id, stats: { totalFrames, annotatedFrames } }) as unknown as Dataset;
    expect(annotationProgress([make('a', 3, 1), make('b', 4, 4), make('c', 0, 0)])).toEqual([
      { id: 'a', name: 'a', annotated: 1, total: 3, percent: 33, state: 'in-progress' },
      { id: 'b', name: 'b', annotated: 4, total: 4, percent: 100, state: 'completed' },
      { id: 'c', name: 'c', annotated: 0, total: 0, percent: 0, state: 'pending' },
    ]);
  });
});

const model = (id: string, status: Model['status'], metrics: Model['metrics']): Model => ({
  id,
  name: `Model ${id}`,
  type: 'detection',
  dataset_id: null,
  dataset_name: null,
  config: { epochs: 100, batch_size: 16, learning_rate: 0.001, validation_split: 0.2 },
  notes: '',
  status,
  metrics,
  data_label_id: null,
  source: 'trained',
  runtime: 'tfjs',
  error: null,
  deployed_project_ids: [],
  trained_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

const issue = (id: string, priority: OpenIssue['priority'], reportedAt: string): OpenIssue => ({
  task_id: id,
  task_type: 'frames.extract',
  priority,
  error: 'boom',
  stage: 'failed',
  created_at: reportedAt,
  reported_at: reportedAt,
  resource: null,
});

describe('technical dashboard models and issues', () => {
  it('formats accuracy fractions as percent with one decimal, N/A when missing', () => {
    expect(formatAccuracy(0.8765)).toBe('87.7%');
    expect(formatAccuracy(1)).toBe('100.0%');
    expect(formatAccuracy(0)).toBe('0.0%');
    expect(formatAccuracy(undefined)).toBe('N/A');
    expect(formatAccuracy(null)).toBe('N/A');
    expect(formatAccuracy(Number.NaN)).toBe('N/A');
    expect(formatAccuracy(0.8765, 'fr')).toBe('87,7%');
  });

  it('shows trained models as active with their validation accuracy', () => {
    const rows = activeModelRows([
      model('a', 'trained', { final_accuracy: 0.95, final_val_accuracy: 0.912 }),
      model('b', 'created', null),
      model('c', 'trained', null),
    ]);
    expect(rows.map((row) => [row.id, row.accuracy])).toEqual([
      ['a', '91.2%'],
      ['c', 'N/A'],
    ]);
  });

  it('lists trained and stopped models with accuracy and validation accuracy or N/A', () => {
    const rows = modelPerformanceRows([
      model('a', 'trained', { final_accuracy: 0.95, final_val_accuracy: 0.912 }),
      model('b', 'stopped', { final_accuracy: 0.5 }),
      model('c', 'training', { final_accuracy: 0.4 }),
    ]);
    expect(rows).toEqual([
      {
        id: 'a',
        name: 'Model a',
        status: 'trained',
        accuracy: '95.0%',
        validationAccuracy: '91.2%',
      },
      { id: 'b', name: 'Model b', status: 'stopped', accuracy: '50.0%', validationAccuracy: 'N/A' },
    ]);
  });

  it('names issues after the failed task type', () => {
    expect(issueTitleKey('video.prepare')).toBe('dashboard.issues.titles.videoPrepare');
    expect(issueTitleKey('frames.extract')).toBe('dashboard.issues.titles.framesExtract');
    expect(issueTitleKey('detection.detect_frames')).toBe('dashboard.issues.titles.detection');
    expect(issueTitleKey('something.new')).toBe('dashboard.issues.titles.other');
  });

  it('sorts issues by priority, then newest first', () => {
    const sorted = sortIssues([
      issue('low', 'low', '2026-01-05T00:00:00Z'),
      issue('old-medium', 'medium', '2026-01-01T00:00:00Z'),
      issue('high', 'high', '2026-01-02T00:00:00Z'),
      issue('new-medium', 'medium', '2026-01-03T00:00:00Z'),
    ]);
    expect(sorted.map((i) => i.task_id)).toEqual(['high', 'new-medium', 'old-medium', 'low']);
  });
});
