import type { Dataset } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { annotationProgress, recentDatasets, technicalCounts } from './technicalDashboardLogic';

const dataset = (id: string, createdAt: string, frames: number, annotated: number): Dataset =>
  ({
    id,
    createdAt,
    stats: { totalFrames: frames, annotatedFrames: annotated },
  }) as unknown as Dataset;

describe('technical dashboard logic', () => {
  it('sums frames and annotated frames; models and predictions do not exist yet', () => {
    const list = [dataset('a', '2026-01-01', 10, 2), dataset('b', '2026-01-02', 5, 5)];
    expect(technicalCounts(list, 7)).toEqual({
      datasets: 7,
      frames: 15,
      annotated: 7,
      models: 0,
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
