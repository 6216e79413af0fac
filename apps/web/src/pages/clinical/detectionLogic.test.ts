import { describe, expect, it } from 'vitest';
import {
  canvasScale,
  confidenceLevel,
  detectionAt,
  detectionSummary,
  detectPercent,
} from './detectionLogic';

describe('detection logic', () => {
  it('colours boxes by confidence with the spec thresholds', () => {
    expect([0.81, 0.8, 0.61, 0.6, 0.41, 0.4].map(confidenceLevel)).toEqual([
      'high',
      'medium',
      'medium',
      'orange',
      'orange',
      'red',
    ]);
  });

  it('summarises into high, medium and low bands', () => {
    const rows = [0.9, 0.8, 0.7, 0.6, 0.2].map((confidence) => ({ confidence }));
    expect(detectionSummary(rows)).toEqual({ total: 5, high: 1, medium: 2, low: 2 });
  });

  it('fits a frame into 700 px wide and caps the height at 600', () => {
    expect(canvasScale(1400, 700)).toBe(0.5);
    expect(canvasScale(320, 480)).toBe(1.25);
    expect(canvasScale(0, 0)).toBe(1);
  });

  it('finds the smallest box under the pointer', () => {
    const boxes = [
      { id: 'big', x1: 0, y1: 0, x2: 100, y2: 100 },
      { id: 'small', x1: 40, y1: 40, x2: 50, y2: 50 },
    ];
    expect(detectionAt(boxes, 45, 45)?.id).toBe('small');
    expect(detectionAt(boxes, 10, 10)?.id).toBe('big');
    expect(detectionAt(boxes, 200, 200)).toBeNull();
    expect(detectPercent(1, 4)).toBe(25);
    expect(detectPercent(0, 0)).toBe(0);
  });
});
