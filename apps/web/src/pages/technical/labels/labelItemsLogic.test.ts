import type { DataLabelItem } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { confidenceChipColour, groupItemsByFrame } from './labelItemsLogic';

const item = (id: string, frameId: string, frameNumber: number) =>
  ({
    id,
    frame_id: frameId,
    frame_number: frameNumber,
    video_id: 'v',
    video_name: 'Video',
  }) as DataLabelItem;

describe('label items', () => {
  it('groups items by frame, keeping their order', () => {
    const groups = groupItemsByFrame([item('a', 'f1', 1), item('b', 'f2', 2), item('c', 'f1', 1)]);
    expect(groups.map((g) => [g.frameId, g.items.map((i) => i.id)])).toEqual([
      ['f1', ['a', 'c']],
      ['f2', ['b']],
    ]);
  });

  it('colours confidences as the data-label screens do', () => {
    expect(confidenceChipColour(0.9)).toBe('success');
    expect(confidenceChipColour(0.7)).toBe('primary');
    expect(confidenceChipColour(0.6)).toBe('warning');
  });
});
