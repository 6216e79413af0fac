import { describe, expect, it } from 'vitest';
import { linkBoxesIntoTracks, type LinkableBox } from './track-linking.js';

const box = (id: string, frameNumber: number, x: number, y: number): LinkableBox => ({
  id,
  frameNumber,
  x1: x - 5,
  y1: y - 5,
  x2: x + 5,
  y2: y + 5,
});
const options = { gatePxPerFrame: 10, maxGatePx: 40 };

describe('linkBoxesIntoTracks', () => {
  it('follows two cells across frames and keeps their identities apart', () => {
    const tracks = linkBoxesIntoTracks(
      [
        box('a0', 0, 100, 100),
        box('b0', 0, 200, 100),
        box('a1', 1, 106, 102),
        box('b1', 1, 195, 104),
        box('a2', 2, 112, 104),
        box('b2', 2, 190, 108),
      ],
      options,
    );
    expect(tracks.get('a0')).toBe(tracks.get('a1'));
    expect(tracks.get('a1')).toBe(tracks.get('a2'));
    expect(tracks.get('b0')).toBe(tracks.get('b2'));
    expect(tracks.get('a0')).not.toBe(tracks.get('b0'));
  });

  it('starts a new track beyond the gate, which grows with the frame gap up to its cap', () => {
    const near = linkBoxesIntoTracks([box('p', 0, 0, 0), box('q', 3, 25, 0)], options);
    expect(near.get('p')).toBe(near.get('q'));
    const far = linkBoxesIntoTracks([box('p', 0, 0, 0), box('q', 1, 25, 0)], options);
    expect(far.get('p')).not.toBe(far.get('q'));
    const capped = linkBoxesIntoTracks([box('p', 0, 0, 0), box('q', 10, 60, 0)], options);
    expect(capped.get('p')).not.toBe(capped.get('q'));
  });

  it('gives a predecessor to one successor only, the nearest', () => {
    const tracks = linkBoxesIntoTracks(
      [box('p', 0, 0, 0), box('near', 1, 3, 0), box('far', 1, 8, 0)],
      { ...options, firstTrackId: 7 },
    );
    expect(tracks.get('p')).toBe(7);
    expect(tracks.get('near')).toBe(7);
    expect(tracks.get('far')).toBe(8);
  });
});
