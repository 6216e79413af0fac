import type { AnalysisTrack, WhoMotilityCategory } from '@sarm/contracts';
import { WHO_MOTILITY_CATEGORIES } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  frameIndexAt,
  headAt,
  nearestTrack,
  pageOfTrack,
  sortTracks,
  toVideoPoint,
  trailFramesFor,
  visibleTrail,
  type FrameIndex,
} from './analysisView';

const frame = (n: number) => n as FrameIndex;
const ALL = new Set<WhoMotilityCategory>(WHO_MOTILITY_CATEGORIES);

function track(
  id: number,
  points: [number, number, number][],
  overrides: Partial<AnalysisTrack> = {},
): AnalysisTrack {
  return {
    id,
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
    morphometry: null,
    ...overrides,
  };
}

/** Moves one pixel right per frame from x = 10, frames 5..14, with frame 9 missing. */
const walker = track(
  1,
  [5, 6, 7, 8, 10, 11, 12, 13, 14].map((f): [number, number, number] => [f, 10 + f - 5, 20]),
);

describe('frameIndexAt', () => {
  it('rounds time x fps to the nearest frame', () => {
    expect(frameIndexAt(0, 25)).toBe(0);
    expect(frameIndexAt(1.0, 25)).toBe(25);
    expect(frameIndexAt(0.059, 25)).toBe(1);
    expect(frameIndexAt(0.019, 25)).toBe(0);
  });

  it('answers frame 0 for missing timing instead of NaN', () => {
    expect(frameIndexAt(Number.NaN, 25)).toBe(0);
    expect(frameIndexAt(2, 0)).toBe(0);
    expect(frameIndexAt(-1, 25)).toBe(0);
  });

  it('keeps about one second of trail', () => {
    expect(trailFramesFor(25)).toBe(25);
    expect(trailFramesFor(0.2)).toBe(1);
  });
});

describe('headAt', () => {
  it('is null before the track starts and after it ends', () => {
    expect(headAt(walker, frame(4))).toBeNull();
    expect(headAt(walker, frame(15))).toBeNull();
  });

  it('holds the last known position over a missing frame', () => {
    expect(headAt(walker, frame(5))).toEqual({ x: 10, y: 20 });
    expect(headAt(walker, frame(9))).toEqual({ x: 13, y: 20 });
    expect(headAt(walker, frame(14))).toEqual({ x: 19, y: 20 });
  });
});

describe('visibleTrail', () => {
  it('draws nothing before the track starts', () => {
    expect(visibleTrail(walker, frame(3), { kind: 'recent', frames: 3 })).toEqual([]);
  });

  it('draws the points of the last frames up to the current one', () => {
    const trail = visibleTrail(walker, frame(11), { kind: 'recent', frames: 3 });
    expect(trail.map((p) => p.x)).toEqual([13, 15, 16]);
  });

  it('fades out after the track ended and draws the whole path in full mode', () => {
    expect(visibleTrail(walker, frame(16), { kind: 'recent', frames: 3 })).toHaveLength(2);
    expect(visibleTrail(walker, frame(30), { kind: 'recent', frames: 3 })).toEqual([]);
    expect(visibleTrail(walker, frame(0), { kind: 'full' })).toHaveLength(9);
  });
});

describe('nearestTrack', () => {
  const other = track(2, [[10, 40, 20]], { category: 'Immotile' });

  it('picks the head nearest to the click among live tracks', () => {
    expect(nearestTrack([walker, other], frame(10), { x: 36, y: 22 }, 10, ALL)?.id).toBe(2);
    expect(nearestTrack([walker, other], frame(10), { x: 16, y: 20 }, 10, ALL)?.id).toBe(1);
  });

  it('ignores heads too far away, not alive, or of hidden categories', () => {
    expect(nearestTrack([walker, other], frame(10), { x: 28, y: 60 }, 10, ALL)).toBeNull();
    expect(nearestTrack([walker, other], frame(11), { x: 40, y: 20 }, 30, ALL)?.id).toBe(1);
    const rapidOnly = new Set<WhoMotilityCategory>(['Rapid Progressive']);
    expect(nearestTrack([walker, other], frame(10), { x: 40, y: 20 }, 30, rapidOnly)?.id).toBe(1);
  });
});

describe('toVideoPoint', () => {
  it('scales element coordinates to video pixels', () => {
    const rect = { left: 100, top: 50, width: 320, height: 240 };
    expect(toVideoPoint(260, 170, rect, { width: 640, height: 480 })).toEqual({ x: 320, y: 240 });
  });
});

describe('sortTracks', () => {
  const a = track(1, [[0, 0, 0]], { vcl: 30, category: 'Immotile' });
  const b = track(
    2,
    [
      [0, 0, 0],
      [1, 0, 0],
    ],
    { vcl: 10, category: 'Rapid Progressive' },
  );
  const c = track(3, [[0, 0, 0]], { vcl: 30, category: 'Slow Progressive' });

  it('sorts by a number column both ways with ties in id order', () => {
    expect(sortTracks([c, b, a], 'vcl', 'asc').map((t) => t.id)).toEqual([2, 1, 3]);
    expect(sortTracks([c, b, a], 'vcl', 'desc').map((t) => t.id)).toEqual([1, 3, 2]);
  });

  it('sorts categories from rapid to immotile and points by count', () => {
    expect(sortTracks([a, b, c], 'category', 'asc').map((t) => t.id)).toEqual([2, 3, 1]);
    expect(sortTracks([a, b, c], 'points', 'desc').map((t) => t.id)).toEqual([2, 1, 3]);
  });

  it('does not reorder its input', () => {
    const input = [c, b, a];
    sortTracks(input, 'id', 'asc');
    expect(input.map((t) => t.id)).toEqual([3, 2, 1]);
  });

  it('finds the page that holds a track', () => {
    const many = Array.from({ length: 25 }, (_, i) => track(i + 1, []));
    expect(pageOfTrack(many, 1, 10)).toBe(0);
    expect(pageOfTrack(many, 21, 10)).toBe(2);
    expect(pageOfTrack(many, 99, 10)).toBeNull();
  });
});
