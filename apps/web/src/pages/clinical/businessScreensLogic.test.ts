import { describe, expect, it } from 'vitest';
import {
  businessBase,
  datasetLinks,
  filterGridVideos,
  formatDuration,
  frameSelectionPath,
  gridAction,
  gridStatus,
  metadataEntries,
} from './businessScreensLogic';

const video = (id: string, patientId: string | null, datasetId: string) => ({
  id,
  patientId,
  datasetId,
});

describe('businessBase', () => {
  it('keeps /business paths in the business family and everything else in /sarm', () => {
    expect(businessBase('/business/datasets')).toBe('/business');
    expect(businessBase('/business')).toBe('/business');
    expect(businessBase('/sarm/datasets')).toBe('/sarm');
    expect(businessBase('/businessman')).toBe('/sarm');
  });
});

describe('datasetLinks', () => {
  it('points /sarm at the dataset videos and the frame grid filtered by query', () => {
    expect(datasetLinks('/sarm', 'd1')).toEqual({
      videos: '/sarm/datasets/d1/videos',
      frames: '/sarm/frames?datasetId=d1',
    });
  });
  it('points /business at its own dataset paths', () => {
    expect(datasetLinks('/business', 'd 1')).toEqual({
      videos: '/business/datasets/d%201/videos',
      frames: '/business/datasets/d%201/frames',
    });
  });
  it('opens the frame selection of a video in the same family', () => {
    expect(frameSelectionPath('/business', 'v1')).toBe('/business/frames/v1');
    expect(frameSelectionPath('/sarm', 'v1')).toBe('/sarm/frames/v1');
  });
});

describe('formatDuration', () => {
  it('shows seconds as m:ss with two-digit seconds', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(65.4)).toBe('1:05');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(3725)).toBe('62:05');
  });
  it('reads unknown or negative durations as 0:00', () => {
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(-3)).toBe('0:00');
  });
});

describe('gridStatus and gridAction', () => {
  it('maps every processing status onto complete, processing or failed', () => {
    expect(gridStatus('completed')).toBe('complete');
    expect(gridStatus('failed')).toBe('failed');
    expect(gridStatus('processing')).toBe('processing');
    expect(gridStatus('uploaded')).toBe('processing');
    expect(gridStatus('pending')).toBe('processing');
  });
  it('offers View Details when complete and a disabled Select Frames while processing', () => {
    expect(gridAction('completed')).toEqual({ label: 'viewDetails', disabled: false });
    expect(gridAction('processing')).toEqual({ label: 'selectFrames', disabled: true });
    expect(gridAction('failed')).toEqual({ label: 'selectFrames', disabled: false });
  });
});

describe('filterGridVideos', () => {
  const videos = [video('a', 'p1', 'd1'), video('b', 'p2', 'd1'), video('c', null, 'd2')];
  it('keeps every video for all patients and no dataset', () => {
    expect(filterGridVideos(videos, { patientId: '', datasetId: null })).toHaveLength(3);
  });
  it('keeps only the chosen patient', () => {
    expect(filterGridVideos(videos, { patientId: 'p2', datasetId: null }).map((v) => v.id)).toEqual(
      ['b'],
    );
  });
  it('combines the patient and dataset filters', () => {
    expect(filterGridVideos(videos, { patientId: '', datasetId: 'd2' }).map((v) => v.id)).toEqual([
      'c',
    ]);
    expect(filterGridVideos(videos, { patientId: 'p1', datasetId: 'd2' })).toEqual([]);
  });
});

describe('metadataEntries', () => {
  it('sorts the labels and writes every value as text', () => {
    expect(
      metadataEntries({ zeta: { a: 1 }, alpha: 'x', count: 3, flag: false, none: null }),
    ).toEqual([
      ['alpha', 'x'],
      ['count', '3'],
      ['flag', 'false'],
      ['none', '—'],
      ['zeta', '{"a":1}'],
    ]);
  });
});
