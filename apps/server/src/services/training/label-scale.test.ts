import { describe, expect, it } from 'vitest';
import type { LabelledBoxRow } from '../../repositories/training-data.repository.js';
import { labelScale } from './training-request.js';

const row = (frameId: string, umPerPixel: number | null): LabelledBoxRow => ({
  itemId: `${frameId}-item`,
  detectionId: `${frameId}-${String(umPerPixel)}`,
  frameId,
  videoId: 'v',
  videoName: 'v.mp4',
  frameNumber: 0,
  frameKey: 'k',
  frameWidth: 64,
  frameHeight: 48,
  x1: 0,
  y1: 0,
  x2: 4,
  y2: 4,
  morphologyClass: null,
  itemMaskKey: null,
  detectionHasMask: false,
  umPerPixel,
});

describe('labelScale', () => {
  it('takes the median scale of the frames, one vote a frame however many boxes it holds', () => {
    const rows = [row('a', 0.5), row('a', 0.5), row('a', 0.5), row('b', 1), row('c', 1.2)];
    expect(labelScale(rows)).toBe(1);
    expect(labelScale([row('a', 0.4), row('b', 0.6)])).toBeCloseTo(0.5, 10);
  });

  it('answers null when no frame has a scale', () => {
    expect(labelScale([row('a', null)])).toBeNull();
    expect(labelScale([])).toBeNull();
  });
});
