import { describe, expect, it } from 'vitest';
import type { DuplicateOptions } from './duplicates.js';
import { mergeDuplicateTracks } from './duplicates.js';
import { lineTrack as track, spans } from './test-tracks.js';

const OPTIONS: DuplicateOptions = { radiusPx: 5, minOverlapFrames: 25, maxSpeedPx: 0.5 };

describe('mergeDuplicateTracks', () => {
  it('merges two tracks that follow one still head at the same time', () => {
    // The second started on the head's midpiece and moved onto the head: both follow it for 200 frames.
    const merged = mergeDuplicateTracks(
      [track(1, 0, 300, 100, 100), track(2, 100, 500, 102, 101)],
      OPTIONS,
    );
    expect(spans(merged)).toEqual([[1, 0, 500, 501]]);
    // The earlier track's points, then the later one's after the earlier ended.
    expect(merged[0]?.points[301]).toEqual([301, 102, 101]);
  });

  it('merges a chain of three pieces into one, nearest pair first', () => {
    const merged = mergeDuplicateTracks(
      [track(1, 0, 300, 100, 100), track(2, 200, 600, 101, 100), track(3, 500, 900, 103, 100)],
      OPTIONS,
    );
    expect(spans(merged)).toEqual([[1, 0, 900, 901]]);
  });

  it('keeps two still heads more than the radius apart, however long they stay together', () => {
    const tracks = [track(1, 0, 500, 100, 100), track(2, 0, 500, 106, 100)];
    expect(spans(mergeDuplicateTracks(tracks, OPTIONS))).toEqual(spans(tracks));
  });

  it('keeps a fast cell that passes over a still head', () => {
    const tracks = [track(1, 0, 500, 100, 100), track(2, 90, 110, 90, 100, 1, 0)];
    expect(spans(mergeDuplicateTracks(tracks, { ...OPTIONS, minOverlapFrames: 5 }))).toEqual(
      spans(tracks),
    );
  });

  it('keeps tracks that are close for less than the overlap it asks for', () => {
    const tracks = [track(1, 0, 300, 100, 100), track(2, 290, 600, 101, 100)];
    expect(spans(mergeDuplicateTracks(tracks, OPTIONS))).toEqual(spans(tracks));
  });
});
