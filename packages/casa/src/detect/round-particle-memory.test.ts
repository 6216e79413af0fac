import { describe, expect, it } from 'vitest';
import type { BlobStats } from './blob-stats.js';
import { RoundParticleMemory } from './round-particle-memory.js';

/** A one-pixel blob at (x, y): only its centroid matters here. */
function blobAt(x: number, y: number): BlobStats {
  return {
    members: [1],
    area: 1,
    boundary: 1,
    peak: 40,
    weight: 1,
    wx: x,
    wy: y,
    sx: x,
    sy: y,
    sxx: x * x,
    syy: y * y,
    sxy: x * y,
    minX: x,
    minY: y,
    maxX: x,
    maxY: y,
  };
}

describe('RoundParticleMemory', () => {
  it('takes a place mostly seen round for debris even in a frame where it looks oval', () => {
    const memory = new RoundParticleMemory();
    const views = [true, true, false, true, false, false];
    const judged = views.map((round, i) => {
      memory.nextFrame();
      return memory.isRoundParticle(blobAt(100 + 0.2 * i, 50), round, 2);
    });
    expect(judged).toEqual([true, true, true, true, true, true]);
  });

  it('keeps a head seen round once among oval views, and a head passing elsewhere', () => {
    const memory = new RoundParticleMemory();
    const views = [false, false, true, false, false];
    const judged = views.map((round) => {
      memory.nextFrame();
      const head = memory.isRoundParticle(blobAt(20, 20), round, 2);
      const passing = memory.isRoundParticle(blobAt(60, 20), false, 2);
      return head || passing;
    });
    expect(judged).toEqual([false, false, false, false, false]);
  });
});
