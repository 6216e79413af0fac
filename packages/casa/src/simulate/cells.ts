import type { WhoMotilityCategory } from '@sarm/contracts';
import { WHO_MOTILITY_CATEGORIES } from '@sarm/contracts';
import type { createRandom } from './random.js';

type Random = ReturnType<typeof createRandom>;

/** One simulated cell's life in the field: where its head is (µm) at each frame it is visible. */
export interface SimulatedCell {
  readonly id: number;
  readonly category: WhoMotilityCategory;
  /** frame, x µm, y µm, heading radians. */
  readonly path: [number, number, number, number][];
}

export interface CellMotionParams {
  readonly widthUm: number;
  readonly heightUm: number;
  readonly fps: number;
  readonly frames: number;
  readonly sperm: number;
  readonly mix: readonly [number, number, number, number];
}

function pickCategory(random: Random, mix: readonly number[]): WhoMotilityCategory {
  const total = mix.reduce((s, v) => s + v, 0);
  let r = random.next() * total;
  for (let i = 0; i < WHO_MOTILITY_CATEGORIES.length; i++) {
    r -= mix[i] ?? 0;
    if (r < 0) return WHO_MOTILITY_CATEGORIES[i] ?? 'Immotile';
  }
  return 'Immotile';
}

/**
 * Moves the cells: progressive ones swim along gently turning paths with a lateral head beat and are
 * replaced by a newcomer of the same class entering from an edge when they leave; non-progressive
 * ones circle on the spot; immotile ones stay still. The number in view stays at `sperm`.
 */
export function simulateCells(p: CellMotionParams, random: Random): SimulatedCell[] {
  const cells: SimulatedCell[] = [];
  let nextId = 1;
  const spawn = (category: WhoMotilityCategory, frame: number, atEdge: boolean) => {
    const margin = 3;
    let x = random.range(margin, p.widthUm - margin);
    let y = random.range(margin, p.heightUm - margin);
    let heading = random.range(0, 2 * Math.PI);
    if (atEdge) {
      const side = Math.floor(random.next() * 4);
      if (side === 0) x = 1;
      else if (side === 1) x = p.widthUm - 1;
      else if (side === 2) y = 1;
      else y = p.heightUm - 1;
      heading = Math.atan2(p.heightUm / 2 - y, p.widthUm / 2 - x) + random.range(-0.8, 0.8);
    }
    const speed =
      category === 'Rapid Progressive'
        ? random.range(32, 65)
        : category === 'Slow Progressive'
          ? random.range(9, 20)
          : 0;
    const beatHz = random.range(6, 14);
    const beatAmp = speed > 0 ? random.range(0.6, 1.6) : random.range(1.5, 3);
    const turnRate = random.range(-0.3, 0.3);
    const phase = random.range(0, 2 * Math.PI);
    const cell: SimulatedCell = { id: nextId++, category, path: [] };
    cells.push(cell);
    let cx = x;
    let cy = y;
    for (let f = frame; f < p.frames; f++) {
      const t = (f - frame) / p.fps;
      let hx = cx;
      let hy = cy;
      if (category === 'Non Progressive') {
        const a = phase + 2 * Math.PI * (beatHz / 5) * t;
        hx = cx + beatAmp * Math.cos(a);
        hy = cy + beatAmp * Math.sin(a);
      } else if (speed > 0) {
        const lateral = beatAmp * Math.sin(phase + 2 * Math.PI * beatHz * t);
        hx = cx - Math.sin(heading) * lateral;
        hy = cy + Math.cos(heading) * lateral;
      }
      if (hx < 0 || hy < 0 || hx >= p.widthUm || hy >= p.heightUm) {
        spawn(category, f, true);
        return;
      }
      cell.path.push([f, hx, hy, heading]);
      cx += (Math.cos(heading) * speed) / p.fps;
      cy += (Math.sin(heading) * speed) / p.fps;
      heading += turnRate / p.fps;
    }
  };
  for (let i = 0; i < p.sperm; i++) spawn(pickCategory(random, p.mix), 0, false);
  return cells;
}
