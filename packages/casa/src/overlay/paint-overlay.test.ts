import { describe, expect, it } from 'vitest';
import type { AnalysisResult, TrackResult } from '../analyze/result.js';
import { frameIndex } from '../types.js';
import { CATEGORY_COLOURS, UNTRACKED_COLOUR, createOverlayPainter } from './paint-overlay.js';

const W = 40;
const H = 30;

function trackAt(points: [number, number, number][]): TrackResult {
  return {
    id: 1,
    category: 'Rapid Progressive',
    vcl: 0,
    vsl: 0,
    vap: 0,
    lin: 0,
    str: 0,
    wob: 0,
    alh_mean: 0,
    alh_max: 0,
    bcf: 0,
    mad: 0,
    duration_s: 0,
    points,
    morphometry: { area_um2: 0, length_um: 0, width_um: 0, ellipticity: 1, perimeter_um: 0 },
  };
}

describe('createOverlayPainter', () => {
  it("colours a tracked head's box and path by category and an untracked box grey", () => {
    const result: Pick<AnalysisResult, 'tracks' | 'per_frame'> = {
      tracks: [
        trackAt([
          [0, 5, 10],
          [1, 10, 10],
        ]),
      ],
      per_frame: [
        { frame: 0, count: 1 },
        {
          frame: 1,
          count: 2,
          detections: [
            [8, 8, 13, 13, 0.9],
            [25, 20, 30, 25, 0.8],
          ],
        },
      ],
    };
    const rgb = new Uint8Array(W * H * 3);
    const data = new Uint8Array(W * H).fill(100);
    createOverlayPainter(result)({ index: frameIndex(1), width: W, height: H, data }, rgb);
    const at = (x: number, y: number) => [...rgb.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)];
    const green = [...CATEGORY_COLOURS['Rapid Progressive']];
    expect(at(7, 7)).toEqual(green); // box corner of the tracked head
    expect(at(7, 10)).toEqual(green); // path from (5, 10) to (10, 10)
    expect(at(24, 19)).toEqual([...UNTRACKED_COLOUR]);
    expect(at(20, 3)).toEqual([100, 100, 100]);
  });
});
