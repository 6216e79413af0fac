import type { Frame } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  annotateFramePath,
  DEFAULT_EXTRACTION,
  extractionConfig,
  frameStatistics,
} from './extractionLogic';

const frame = (id: string, detectionCount: number, selected = false): Frame => ({
  id,
  videoId: 'v',
  video_id: 'v',
  frameNumber: 1,
  frame_number: 1,
  timeOffset: 0,
  time_offset: 0,
  timestamp: 0,
  width: 320,
  height: 240,
  size: 1,
  selected,
  annotated: false,
  note: '',
  detectionStatus: detectionCount > 0 ? 'completed' : 'pending',
  detectionCount,
  hasDetection: detectionCount > 0,
  extractionSession: 's',
  createdAt: '2026-11-25T00:00:00.000Z',
});

describe('frame extraction logic', () => {
  it("turns the dialog's settings into the API's config, by rate or by count", () => {
    expect(extractionConfig(DEFAULT_EXTRACTION)).toEqual({
      method: 'fps',
      fps: 5,
      quality: 95,
      maxFrames: 50,
    });
    expect(extractionConfig({ ...DEFAULT_EXTRACTION, method: 'count', count: 80 })).toMatchObject({
      method: 'count',
      count: 80,
      maxFrames: 80,
    });
  });

  it('counts frames, selections and detections', () => {
    expect(frameStatistics([frame('a', 4, true), frame('b', 0), frame('c', 2)])).toEqual({
      total: 3,
      selected: 1,
      withDetections: 2,
      withoutDetections: 1,
      detections: 6,
      meanPerFrame: 3,
      annotated: 0,
    });
  });

  it('links a frame to its annotation page', () => {
    expect(annotateFramePath(frame('a', 1), 'd')).toBe(
      '/finetune/annotation/detection/frame?frameId=a&videoId=v&datasetId=d',
    );
  });
});
