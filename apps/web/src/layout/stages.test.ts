import { describe, expect, it } from 'vitest';
import {
  contextEntries,
  currentStageIndex,
  hasStagedContext,
  parseWorkflowContext,
  shortId,
  stageTargets,
} from './stages';

describe('parseWorkflowContext', () => {
  it('reads project, dataset and video from the nested business path', () => {
    expect(parseWorkflowContext('/sarm/projects/p1/datasets/d1/videos/v1/frames', '')).toEqual({
      projectId: 'p1',
      datasetId: 'd1',
      videoId: 'v1',
      frameId: null,
    });
  });

  it('reads the shorter shapes of both families', () => {
    expect(parseWorkflowContext('/sarm/frames/v9', '').videoId).toBe('v9');
    expect(parseWorkflowContext('/sarm/analysis/v8', '').videoId).toBe('v8');
    expect(parseWorkflowContext('/sarm/reports/view/d7', '').datasetId).toBe('d7');
    expect(parseWorkflowContext('/business/datasets/d6/frames', '')).toMatchObject({
      datasetId: 'd6',
      videoId: null,
    });
    expect(
      parseWorkflowContext('/sarm/projects/p1/datasets/d1/frame-detection/f5', '').frameId,
    ).toBe('f5');
  });

  it('does not take sub-page words for ids', () => {
    expect(parseWorkflowContext('/finetune/datasets/create', '').datasetId).toBeNull();
    expect(parseWorkflowContext('/sarm/projects', '').projectId).toBeNull();
    expect(hasStagedContext(parseWorkflowContext('/sarm/videos', ''))).toBe(false);
  });

  it('fills gaps from the query string, including ?id= on /technical/datasets', () => {
    expect(
      parseWorkflowContext('/finetune/frame-extraction', '?videoId=v3&datasetId=d3'),
    ).toMatchObject({ videoId: 'v3', datasetId: 'd3' });
    expect(parseWorkflowContext('/technical/datasets', '?id=d4').datasetId).toBe('d4');
    expect(parseWorkflowContext('/business/patients', '?id=patient-1').datasetId).toBeNull();
    expect(hasStagedContext(parseWorkflowContext('/business/video-detail', '?videoId=v1'))).toBe(
      true,
    );
  });
});

describe('currentStageIndex', () => {
  it.each([
    ['/sarm/projects', 0],
    ['/sarm/projects/p/datasets', 1],
    ['/sarm/projects/p/datasets/d/videos', 2],
    ['/sarm/projects/p/datasets/d/videos/v/frames', 3],
    ['/sarm/analysis/v', 4],
    ['/sarm/reports/view/d', 5],
    ['/business/datasets/d/reports', 5],
  ])('business %s is stage %i', (path, index) => {
    expect(currentStageIndex('business', path)).toBe(index);
  });

  it.each([
    ['/finetune/projects/p/datasets', 0],
    ['/finetune/datasets/d/videos', 1],
    ['/finetune/frame-extraction', 2],
    ['/finetune/annotation/detection/frame', 3],
    ['/finetune/crops', 4],
    ['/finetune/annotation/morphology', 4],
    ['/finetune/projects/p/datasets/d/data-labels', 5],
  ])('technical %s is stage %i', (path, index) => {
    expect(currentStageIndex('technical', path)).toBe(index);
  });
});

describe('stageTargets', () => {
  it('links business stages from the context and disables what lacks an id', () => {
    expect(
      stageTargets('business', { projectId: 'p', datasetId: null, videoId: null, frameId: null }),
    ).toEqual([
      '/sarm/projects',
      '/sarm/projects/p/datasets',
      null,
      '/sarm/frames',
      null,
      '/sarm/reports',
    ]);
  });

  it('keeps the project and dataset in deeper business links', () => {
    const targets = stageTargets('business', {
      projectId: 'p',
      datasetId: 'd',
      videoId: 'v',
      frameId: null,
    });
    expect(targets[3]).toBe('/sarm/projects/p/datasets/d/videos/v/frames');
    expect(targets[5]).toBe('/sarm/reports/view/d');
  });

  it('passes ids to technical tools as query parameters', () => {
    const targets = stageTargets('technical', {
      projectId: null,
      datasetId: 'd',
      videoId: 'v',
      frameId: 'f',
    });
    expect(targets[2]).toBe('/finetune/frame-extraction?videoId=v');
    expect(targets[3]).toBe('/finetune/annotation/detection/frame?frameId=f&videoId=v&datasetId=d');
  });
});

describe('shortId', () => {
  it('keeps the first 8 characters', () => {
    expect(shortId('0123456789abcdef')).toBe('01234567');
    expect(shortId('abc')).toBe('abc');
  });
});

describe('contextEntries', () => {
  const context = {
    projectId: 'project-0123456789',
    datasetId: 'dataset-0123456789',
    videoId: 'video-0123456789',
    frameId: null,
  };

  it('shows the names of the project, dataset and video instead of their ids', () => {
    expect(
      contextEntries(context, { project: 'Clinic A', dataset: 'Sample 3', video: 'sample-3.mp4' }),
    ).toEqual([
      { key: 'contextProject', value: 'Clinic A' },
      { key: 'contextDataset', value: 'Sample 3' },
      { key: 'contextVideo', value: 'sample-3.mp4' },
    ]);
  });

  it('falls back to the short id while a name loads or cannot be read, and numbers the frame', () => {
    expect(contextEntries({ ...context, frameId: 'f1' }, { frameNumber: 12 })).toEqual([
      { key: 'contextProject', value: 'project-' },
      { key: 'contextDataset', value: 'dataset-' },
      { key: 'contextVideo', value: 'video-01' },
      { key: 'contextFrame', value: '#12' },
    ]);
  });
});
