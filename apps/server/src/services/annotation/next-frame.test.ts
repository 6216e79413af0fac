import { describe, expect, it } from 'vitest';
import { rankFramesToAnnotate, type FrameForRanking } from './next-frame.js';

const frame = (frameNumber: number, confidences: number[], verifiedCount = 0): FrameForRanking => ({
  frameId: `f${frameNumber}`,
  frameNumber,
  confidences,
  verifiedCount,
  boxCount: confidences.length + verifiedCount,
});

describe('rankFramesToAnnotate', () => {
  it('puts the frame with confidences nearest the threshold first', () => {
    const ranked = rankFramesToAnnotate(
      [frame(0, [0.95, 0.9, 0.92]), frame(1, [0.42, 0.45, 0.9]), frame(2, [0.97, 0.91, 0.93])],
      0.4,
    );
    expect(ranked[0]).toMatchObject({ frameId: 'f1', reason: 'uncertain' });
  });

  it('flags a frame whose box count jumps against its neighbours', () => {
    const ranked = rankFramesToAnnotate(
      [frame(0, [0.9, 0.9, 0.9]), frame(1, [0.9]), frame(2, [0.9, 0.9, 0.9])],
      0.4,
    );
    expect(ranked[0]).toMatchObject({ frameId: 'f1', reason: 'disagreement' });
  });

  it('skips frames whose boxes are all verified', () => {
    const ranked = rankFramesToAnnotate([frame(0, [], 3), frame(1, [0.9, 0.9, 0.9])], 0.4);
    expect(ranked.map((r) => r.frameId)).toEqual(['f1']);
  });
});
