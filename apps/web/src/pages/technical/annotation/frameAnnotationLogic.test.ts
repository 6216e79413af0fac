import type { Detection } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  addButtonKey,
  cycleSelection,
  nextClass,
  sourceKey,
  splitByLabel,
} from './frameAnnotationLogic';

const detection = (id: string, x1: number, y1: number): Detection => ({
  id,
  class: 'sperm',
  className: 'sperm',
  confidence: 0.9,
  x1,
  y1,
  x2: x1 + 12,
  y2: y1 + 12,
  source: 'classical',
  verified: false,
  modelId: null,
  hasMask: false,
  updated_at: '2026-11-25T00:00:00.000Z',
  detection_id: id,
  sperm_detection_id: id,
  frame_id: 'f',
  width: 12,
  height: 12,
  track_id: null,
  crop_url: `/api/sarm/media/view-crop/${id}`,
});

describe('frame annotation logic', () => {
  it('names the add button after the page state (spec 2 §2.3 variants)', () => {
    expect(addButtonKey('settingUp', 3, 0)).toBe('settingUp');
    expect(addButtonKey('adding', 3, 0)).toBe('adding');
    expect(addButtonKey('idle', 0, 0)).toBe('noDetections');
    expect(addButtonKey('idle', 3, 2)).toBe('reAdd');
    expect(addButtonKey('idle', 3, 0)).toBe('add');
  });

  it('counts added and not added detections', () => {
    const boxes = [detection('a', 0, 0), detection('b', 5, 5), detection('c', 9, 9)];
    expect(splitByLabel(boxes, new Set(['a', 'c', 'zz']))).toEqual({ added: 2, notAdded: 1 });
  });

  it('cycles classes and selections in reading order', () => {
    expect(nextClass('sperm')).toBe('cluster');
    expect(nextClass('small_or_pinhead')).toBe('sperm');
    const boxes = [detection('low', 0, 50), detection('top', 30, 0), detection('mid', 0, 20)];
    expect(cycleSelection(boxes, null, 1)).toBe('top');
    expect(cycleSelection(boxes, 'top', 1)).toBe('mid');
    expect(cycleSelection(boxes, 'low', 1)).toBe('top');
    expect(cycleSelection(boxes, 'top', -1)).toBe('low');
    expect(cycleSelection([], null, 1)).toBeNull();
  });

  it('words the origin of a box', () => {
    expect(sourceKey('classical')).toBe('engine');
    expect(sourceKey('manual')).toBe('manual');
    expect(sourceKey('import')).toBe('import');
  });
});
