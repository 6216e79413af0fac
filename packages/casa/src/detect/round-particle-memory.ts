import type { BlobStats } from './blob-stats.js';
import { blobCentroid } from './blob-stats.js';

/** Weight of the newest view in a place's running share of round views. */
const VIEW_WEIGHT = 0.25;
/** A place whose running share of round views exceeds this holds a round particle. */
const ROUND_SHARE = 0.3;
/** Frames a place is kept without being seen again. */
const KEPT_FRAMES = 10;

interface Place {
  x: number;
  y: number;
  roundShare: number;
  lastFrame: number;
}

/**
 * Where dark round particles lie, learnt over frames. A dark speck of debris is round, a head
 * oval, but noise makes a dim head look round in some frames and a speck oval in others, so a
 * single view misjudges many of either: debris that passed as a head in a third of the frames was
 * tracked as immotile cells (40 of 154 tracks on a generated bright-field video). Debris barely
 * moves (Brownian motion and the stage drift, well under a micrometre between frames), so each
 * place keeps a running share of round views of the blob found there; a blob at a place mostly
 * seen round is taken for debris whatever it looks like in this frame.
 */
export class RoundParticleMemory {
  private places: Place[] = [];
  private frame = 0;

  /** Starts a new frame: places not seen for {@link KEPT_FRAMES} frames are forgotten. */
  nextFrame(): void {
    this.frame += 1;
    this.places = this.places.filter((p) => this.frame - p.lastFrame <= KEPT_FRAMES);
  }

  /**
   * Records a view of a head-sized blob (`round` as this frame judges it) and returns whether its
   * place holds a round particle. `radiusPx`: how far the place may have moved.
   */
  isRoundParticle(blob: BlobStats, round: boolean, radiusPx: number): boolean {
    const { x, y } = blobCentroid(blob);
    let nearest: Place | null = null;
    let nearestDistance = radiusPx;
    for (const p of this.places) {
      const d = Math.hypot(p.x - x, p.y - y);
      if (d <= nearestDistance && p.lastFrame !== this.frame) {
        nearest = p;
        nearestDistance = d;
      }
    }
    const seen = round ? 1 : 0;
    if (nearest === null) {
      this.places.push({ x, y, roundShare: seen, lastFrame: this.frame });
      return round;
    }
    nearest.roundShare = (1 - VIEW_WEIGHT) * nearest.roundShare + VIEW_WEIGHT * seen;
    nearest.x = x;
    nearest.y = y;
    nearest.lastFrame = this.frame;
    return nearest.roundShare > ROUND_SHARE;
  }
}
