import { describe, expect, it } from 'vitest';
import type { JoinOptions } from './join.js';
import { joinBrokenTracks } from './join.js';
import { lineTrack as track, spans } from './test-tracks.js';
import type { TrackPoint } from './tracker.js';

const OPTIONS: JoinOptions = {
  maxSpeedPx: 0.4,
  courseTolerancePx: 0.4,
  radiusPx: 6,
  maxGapFrames: 50,
  maxOverlapFrames: 50,
  endFrames: 8,
  courseFrames: 25,
};

describe('joinBrokenTracks', () => {
  it('joins a still head whose track was taken over by a new one while the old one coasted', () => {
    // The new track starts 15 frames before the old one ends, 3 px off (in a cluster's corner).
    const joined = joinBrokenTracks(
      [track(1, 0, 954, 100, 100), track(2, 939, 1324, 101, 97), track(3, 1330, 1499, 100, 100)],
      OPTIONS,
    );
    expect(spans(joined)).toEqual([[1, 0, 1499, 939 + (1324 - 939 + 1) + (1499 - 1330 + 1)]]);
  });

  it('joins a slow head across a gap where its course puts it', () => {
    const joined = joinBrokenTracks(
      [
        track(1, 0, 99, 50, 50, 0.2, 0.1),
        track(2, 130, 300, 50 + 0.2 * 130, 50 + 0.1 * 130, 0.2, 0.1),
      ],
      OPTIONS,
    );
    expect(spans(joined)).toEqual([[1, 0, 300, 100 + 171]]);
  });

  it('places the later track after the earlier one ends by where the earlier one ended', () => {
    // The still head was pushed 10 px in its last 50 frames; the later track, started 12 px off
    // (on the head's midpiece) and never moving, lies where the head ended up.
    const still = track(1, 0, 300, 100, 100);
    const pushed = {
      ...still,
      points: still.points.map(([f, , y]): TrackPoint => [f, 100 + 0.2 * Math.max(0, f - 250), y]),
    };
    const joined = joinBrokenTracks([pushed, track(2, 260, 600, 112, 100)], OPTIONS);
    expect(spans(joined)).toEqual([[1, 0, 600, 260 + 341]]);
  });

  it('keeps apart a head starting elsewhere, a fast head, a later start and a different course', () => {
    const joined = joinBrokenTracks(
      [
        track(1, 0, 100, 100, 100),
        // Ten pixels from the still head.
        track(2, 90, 300, 110, 100),
        // Fast heads are not joined, even where one takes over the other's course.
        track(3, 0, 100, 300, 300, 2, 0),
        track(4, 110, 300, 300 + 2 * 110, 300, 2, 0),
        // Starts two seconds after the still head ended.
        track(5, 0, 100, 500, 100),
        track(6, 200, 400, 500, 100),
        // Slow heads on opposite courses, the later one starting where the earlier one's course
        // puts it.
        track(7, 0, 100, 100, 400, 0.3, 0),
        track(8, 105, 300, 100 + 0.3 * 105, 400, -0.3, 0),
      ],
      OPTIONS,
    );
    expect(joined.map((t) => t.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('takes the nearest of two candidates and continues each track at most once', () => {
    const joined = joinBrokenTracks(
      [
        track(1, 0, 100, 100, 100),
        track(2, 0, 100, 104, 100),
        // Nearer to track 2 than to track 1.
        track(3, 105, 300, 103, 100),
      ],
      OPTIONS,
    );
    expect(spans(joined)).toEqual([
      [1, 0, 100, 101],
      [2, 0, 300, 101 + 196],
    ]);
  });

  it('gives a still head back its path where a passing cell took its track over', () => {
    // A cell swims 2 px a frame onto a still head at (100, 100), arriving at frame 100; the
    // tracker follows it onto the head and leaves the head's own track to end at frame 120. The
    // passing cell leaves on a track of its own.
    const passing = track(2, 50, 100, 0, 100, 2, 0);
    const onHead = track(2, 101, 400, 100, 100);
    const joined = joinBrokenTracks(
      [
        track(1, 0, 120, 100, 100),
        { ...passing, points: [...passing.points, ...onHead.points] },
        track(3, 121, 200, 110, 100, 2, 0),
      ],
      OPTIONS,
    );
    expect(spans(joined)).toEqual([
      [1, 0, 400, 121 + 280],
      // The passing cell's approach, up to the head's track's end.
      [2, 50, 120, 71],
      [3, 121, 200, 80],
    ]);
  });

  it("drops what is left of a track that took a head over beside the head's own track", () => {
    // The later track starts 3 px beside the still head (its midpiece), moves onto it after the
    // head's own track ends: nothing is left of it but the head.
    const beside = track(2, 90, 120, 103, 100);
    const joined = joinBrokenTracks(
      [
        track(1, 0, 120, 100, 100),
        { ...beside, points: [...beside.points, ...track(2, 121, 400, 100, 100).points] },
      ],
      OPTIONS,
    );
    expect(spans(joined)).toEqual([[1, 0, 400, 401]]);
  });
});
