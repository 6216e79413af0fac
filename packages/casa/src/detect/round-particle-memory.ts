import type { BlobStats } from './blob-stats.js';
import { blobCentroid } from './blob-stats.js';

/** Weight of the newest view in a place's running share of round views. */
const VIEW_WEIGHT = 0.25;
/** A place whose running share of round views exceeds this holds a round particle. */
const ROUND_SHARE = 0.3;
/** Frames a place is kept without being seen again. */
const KEPT_FRAMES = 10;
/** Side of the places' grid cells over the search radius (see RoundParticleMemory's grid). */
const CELL_PER_RADIUS = 1.25;

/** The places by grid cell, for one search radius. */
interface Grid {
  readonly radius: number;
  readonly cell: number;
  readonly byCell: Map<number, number[]>;
}

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
  /**
   * The places at the frame's start by square cell a quarter wider than the search radius (numbers
   * into `places`, ascending; a place within the radius is in one of the nine cells around a view,
   * whatever the rounding), so a view looks at those, not at every place; built
   * at the frame's first view. Places added or seen in this frame are not matched again in it, so
   * the grid of its start is all a view needs.
   */
  private grid: Grid | null = null;

  /** Starts a new frame: places not seen for {@link KEPT_FRAMES} frames are forgotten. */
  nextFrame(): void {
    this.frame += 1;
    this.places = this.places.filter((p) => this.frame - p.lastFrame <= KEPT_FRAMES);
    this.grid = null;
  }

  /**
   * Records a view of a head-sized blob (`round` as this frame judges it) and returns whether its
   * place holds a round particle. `radiusPx`: how far the place may have moved.
   */
  isRoundParticle(blob: BlobStats, round: boolean, radiusPx: number): boolean {
    const { x, y } = blobCentroid(blob);
    const nearest = this.nearestPlace(x, y, radiusPx);
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

  /**
   * The nearest place within `radius` not yet seen in this frame; of places equally near, the last
   * in the list (the order the places were made in).
   */
  private nearestPlace(x: number, y: number, radius: number): Place | null {
    const { byCell, cell } = this.gridOf(radius);
    const cx = Math.floor(x / cell);
    const cy = Math.floor(y / cell);
    let nearest = -1;
    let nearestDistance = radius;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        for (const k of byCell.get(cellKey(cx + dx, cy + dy)) ?? []) {
          const p = this.places[k]!;
          if (p.lastFrame === this.frame) continue;
          const d = Math.hypot(p.x - x, p.y - y);
          if (d < nearestDistance || (d === nearestDistance && k > nearest)) {
            nearest = k;
            nearestDistance = d;
          }
        }
      }
    }
    return nearest < 0 ? null : this.places[nearest]!;
  }

  private gridOf(radius: number): Grid {
    if (this.grid !== null && this.grid.radius === radius) return this.grid;
    const cell = CELL_PER_RADIUS * radius;
    const byCell = new Map<number, number[]>();
    this.places.forEach((p, k) => {
      const key = cellKey(Math.floor(p.x / cell), Math.floor(p.y / cell));
      const list = byCell.get(key);
      if (list === undefined) byCell.set(key, [k]);
      else list.push(k);
    });
    this.grid = { radius, cell, byCell };
    return this.grid;
  }
}

/** A number for the cell (cx, cy) of a frame (cells of at least a pixel, frames under 32k). */
function cellKey(cx: number, cy: number): number {
  return (cx + 32768) * 65536 + (cy + 32768);
}
