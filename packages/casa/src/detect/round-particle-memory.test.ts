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

/** The memory done the plain way: every place looked at for every view. */
class PlainMemory {
  private places: { x: number; y: number; share: number; last: number }[] = [];
  private frame = 0;
  nextFrame(): void {
    this.frame += 1;
    this.places = this.places.filter((p) => this.frame - p.last <= 10);
  }
  isRoundParticle(x: number, y: number, round: boolean, radius: number): boolean {
    let nearest: (typeof this.places)[number] | null = null;
    let best = radius;
    for (const p of this.places) {
      const d = Math.hypot(p.x - x, p.y - y);
      if (d <= best && p.last !== this.frame) {
        nearest = p;
        best = d;
      }
    }
    const seen = round ? 1 : 0;
    if (nearest === null) {
      this.places.push({ x, y, share: seen, last: this.frame });
      return round;
    }
    nearest.share = 0.75 * nearest.share + 0.25 * seen;
    Object.assign(nearest, { x, y, last: this.frame });
    return nearest.share > 0.3;
  }
}

describe('RoundParticleMemory, against the plain search', () => {
  it('judges every view of a crowded, drifting field as looking at every place does', () => {
    let state = 99;
    const random = (): number => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    // 60 particles drifting and jittering by about the radius, seen round or not, over 40 frames;
    // whole-pixel positions make equally near places (ties) common.
    const particles = Array.from({ length: 60 }, () => ({ x: random() * 80, y: random() * 60 }));
    const memory = new RoundParticleMemory();
    const plain = new PlainMemory();
    let views = 0;
    for (let frame = 0; frame < 40; frame++) {
      memory.nextFrame();
      plain.nextFrame();
      for (const p of particles) {
        p.x += Math.round(random() * 4 - 2);
        p.y += Math.round(random() * 4 - 2);
        if (random() < 0.2) continue;
        const round = random() < 0.4;
        const blob = blobAt(p.x, p.y);
        expect(memory.isRoundParticle(blob, round, 2)).toBe(
          plain.isRoundParticle(p.x, p.y, round, 2),
        );
        views += 1;
      }
    }
    expect(views).toBeGreaterThan(1500);
  });
});
