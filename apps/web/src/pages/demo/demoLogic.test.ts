import type { Demo } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { demoReportPath, isBeingMade, showsDemo } from './demoLogic';

const demo: Demo = {
  projectId: 'p-1',
  datasetId: 'd-1',
  technicalDatasetId: 't-1',
  state: 'ready',
  progress: 1,
  message: 'The demo sample is ready',
};

describe('demo logic', () => {
  it('polls only while the demo is being made', () => {
    expect(isBeingMade({ ...demo, state: 'creating' })).toBe(true);
    expect(isBeingMade({ ...demo, state: 'analysing' })).toBe(true);
    expect(isBeingMade(demo)).toBe(false);
    expect(isBeingMade({ ...demo, state: 'failed' })).toBe(false);
    expect(isBeingMade(null)).toBe(false);
  });

  it('opens the sample report once the sample exists', () => {
    expect(demoReportPath(demo)).toBe('/sarm/reports/view/d-1');
    expect(demoReportPath({ ...demo, datasetId: null })).toBeNull();
  });

  it('marks the screens of the demo project and its datasets, and no other', () => {
    expect(showsDemo(demo, '/sarm/reports/view/d-1', null)).toBe(true);
    expect(showsDemo(demo, '/finetune/projects/p-1/datasets/t-1', null)).toBe(true);
    expect(showsDemo(demo, '/dashboard', 'p-1')).toBe(true);
    expect(showsDemo(demo, '/sarm/reports/view/d-2', 'p-2')).toBe(false);
    expect(showsDemo(null, '/sarm/reports/view/d-1', 'p-1')).toBe(false);
  });
});
