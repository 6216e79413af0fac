/**
 * Simulates every cell over the whole video up front, so the truth is known before any frame is
 * rendered. Progressive cells that leave the field are replaced by new ones entering at an edge;
 * non-progressive and immotile cells are placed at the start and stay.
 */
import type { WhoMotilityCategory } from '@sarm/contracts';
import { WHO_MOTILITY_CATEGORIES } from '@sarm/contracts';
import type { SimCell, Stayer, Swimmer } from './cells.js';
import {
  MAX_SWIM_AMP_UM,
  drawTail,
  newCell,
  newStayer,
  newSwimmer,
  stayerAt,
  stepSwimmer,
  stuckToGlass,
  withHeadOscillation,
} from './cells.js';
import type { StageDrift } from './brownian.js';
import { newRandomWalk, stageDrift, stepRandomWalk } from './brownian.js';
import type { SimulationParams } from './params.js';
import type { Rng } from './random.js';
import { createRng, mixSeed } from './random.js';
import { headLook } from './sprites.js';

/** Result of the motion simulation. */
export interface CellSimulation {
  readonly cells: SimCell[];
  /** Indices into `cells` of the cells with a state in each frame (to render). */
  readonly frameCells: number[][];
  /** Mean stage drift per frame, pixels. */
  readonly driftX: number;
  readonly driftY: number;
  /** Stage offset at every frame, pixels (driftX x frame when the drift does not wander). */
  readonly drift: StageDrift;
}

/** Minimum distance between heads when placing or spawning, µm. */
const MIN_SPACING_UM = 8;

/** Splits `total` into integer counts proportional to `shares` (largest remainder). */
export function allocate(total: number, shares: readonly number[]): number[] {
  const raw = shares.map((s) => s * total);
  const counts = raw.map((r) => Math.floor(r));
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = raw
    .map((r, i) => ({ i, frac: r - Math.floor(r) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    counts[i] = (counts[i] ?? 0) + 1;
    left -= 1;
  }
  return counts;
}

interface Point {
  x: number;
  y: number;
}

/** Simulates all cells; `rng` is consumed in a fixed order so results depend only on the seed. */
export function simulateCells(p: SimulationParams, rng: Rng, headRadiusPx: number): CellSimulation {
  const { width: w, height: h, fps, frames, umPerPixel: upp } = p;
  const cells: SimCell[] = [];
  const frameCells: number[][] = Array.from({ length: frames }, () => []);
  const spacing = MIN_SPACING_UM / upp;
  const driftAngle = rng.range(0, 2 * Math.PI);
  const driftPx = p.driftUmPerS / upp / fps;
  const driftX = Math.cos(driftAngle) * driftPx;
  const driftY = Math.sin(driftAngle) * driftPx;
  // The new physics draws from streams of its own, so the main stream (and every old video) is
  // unchanged when it is switched off.
  const drift = stageDrift(p, driftX, driftY, createRng(mixSeed(p.seed, 0xd71f)));
  const walkRng = createRng(mixSeed(p.seed, 0xb10));
  const beatRng = createRng(mixSeed(p.seed, 0xbea7));
  const focusRng = createRng(mixSeed(p.seed, 0xf0c5));
  const stuckRng = createRng(mixSeed(p.seed, 0x57c4));
  const headHalfLengthPx = headLook(p.polarity).lengthUm / 2 / upp;
  const beating = p.nonProgressiveMotion === 'beat';
  const [nRapid, nSlow, nNon, nStill] = allocate(Math.round(p.sperm), p.mix);
  const occupied: Point[] = [];
  const farEnough = (x: number, y: number): boolean =>
    occupied.every((o) => (o.x - x) ** 2 + (o.y - y) ** 2 >= spacing * spacing);

  const place = (margin: number): Point => {
    let best: Point = { x: w / 2, y: h / 2 };
    for (let attempt = 0; attempt < 40; attempt++) {
      best = { x: rng.range(margin, w - 1 - margin), y: rng.range(margin, h - 1 - margin) };
      if (farEnough(best.x, best.y)) break;
    }
    occupied.push(best);
    return best;
  };

  const stayers: Stayer[] = [];
  const swimmers: Swimmer[] = [];
  const addCell = (
    category: WhoMotilityCategory,
    start: number,
    tailAmpUm: number,
    stuck = false,
  ): SimCell => {
    const defocused = p.defocusShare > 0 && focusRng.next() < p.defocusShare;
    const tail = drawTail(rng, upp, tailAmpUm);
    const cell = newCell(cells.length + 1, category, start, tail, defocused, stuck);
    cells.push(cell);
    return cell;
  };
  const stayCounts: [WhoMotilityCategory, number][] = [
    [WHO_MOTILITY_CATEGORIES[2], nNon ?? 0],
    [WHO_MOTILITY_CATEGORIES[3], nStill ?? 0],
  ];
  for (const [category, n] of stayCounts) {
    for (let k = 0; k < n; k++) {
      const margin = headRadiusPx + 3 / upp + 2;
      const at = place(Math.min(margin, w / 4, h / 4));
      const stuck = p.stuckShare > 0 && stuckRng.next() < p.stuckShare;
      const stayer = newStayer(
        rng,
        addCell(category, 0, category === 'Immotile' ? 1.2 : 2.5, stuck),
        at.x,
        at.y,
        upp,
      );
      const walk = newRandomWalk(walkRng, p);
      const free =
        category === 'Non Progressive' && beating
          ? withHeadOscillation(stayer, beatRng, upp, walk)
          : category === 'Immotile'
            ? { ...stayer, walk }
            : stayer;
      stayers.push(stuck ? stuckToGlass(free, stuckRng, headHalfLengthPx) : free);
    }
  }
  const swimCounts: [WhoMotilityCategory, number][] = [
    [WHO_MOTILITY_CATEGORIES[0], nRapid ?? 0],
    [WHO_MOTILITY_CATEGORIES[1], nSlow ?? 0],
  ];
  for (const [category, n] of swimCounts) {
    for (let k = 0; k < n; k++) {
      const at = place(Math.min(MAX_SWIM_AMP_UM / upp + 2, w / 4, h / 4));
      const cell = addCell(category, 0, 2.5);
      swimmers.push(newSwimmer(rng, cell, at.x, at.y, rng.range(0, 2 * Math.PI), upp, fps));
    }
  }

  const inset = MAX_SWIM_AMP_UM / upp + 1.5;
  const spawnAtEdge = (category: WhoMotilityCategory, frame: number, current: Point[]): Swimmer => {
    let x = 0;
    let y = 0;
    let inward = 0;
    for (let attempt = 0; attempt < 30; attempt++) {
      const along = rng.range(0.05, 0.95);
      const pick = rng.next() * 2 * (w + h);
      const dx = drift.offsetX[frame] ?? 0;
      const dy = drift.offsetY[frame] ?? 0;
      if (pick < w) [x, y, inward] = [along * (w - 1), inset, Math.PI / 2];
      else if (pick < 2 * w) [x, y, inward] = [along * (w - 1), h - 1 - inset, -Math.PI / 2];
      else if (pick < 2 * w + h) [x, y, inward] = [inset, along * (h - 1), 0];
      else [x, y, inward] = [w - 1 - inset, along * (h - 1), Math.PI];
      x -= dx;
      y -= dy;
      const cx = x + dx;
      const cy = y + dy;
      if (current.every((o) => (o.x - cx) ** 2 + (o.y - cy) ** 2 >= spacing * spacing)) break;
    }
    const cell = addCell(category, frame, 2.5);
    return newSwimmer(rng, cell, x, y, inward + rng.range(-0.9, 0.9), upp, fps);
  };

  const inside = (x: number, y: number): boolean => x >= 0 && x <= w - 1 && y >= 0 && y <= h - 1;
  const farMargin = headRadiusPx + 42 / upp;
  const outside = (x: number, y: number): number => Math.max(-x, x - (w - 1), -y, y - (h - 1), 0);

  const record = (cell: SimCell, f: number, s: ReturnType<typeof stayerAt>): Point => {
    const x = s.x + (drift.offsetX[f] ?? 0);
    const y = s.y + (drift.offsetY[f] ?? 0);
    cell.x.push(x);
    cell.y.push(y);
    cell.headAngle.push(s.head);
    cell.tailAngle.push(s.tailDir);
    cell.beat.push(s.beat);
    frameCells[f]?.push(cell.id - 1);
    return { x, y };
  };

  for (let f = 0; f < frames; f++) {
    const current: Point[] = [];
    for (const s of stayers) {
      if (s.walk && f > 0) stepRandomWalk(s.walk, walkRng);
      const at = record(s.cell, f, stayerAt(s, f, fps));
      if (inside(at.x, at.y)) current.push(at);
    }
    const spawned: Swimmer[] = [];
    for (const s of swimmers) {
      if (s.done) continue;
      const at = record(s.cell, f, stepSwimmer(s, f, fps));
      if (inside(at.x, at.y)) {
        current.push(at);
        continue;
      }
      if (!s.replaced) {
        s.replaced = true;
        const fresh = spawnAtEdge(s.cell.category, f, current);
        const first = record(fresh.cell, f, stepSwimmer(fresh, f, fps));
        current.push(first);
        spawned.push(fresh);
      }
      if (outside(at.x, at.y) > farMargin) s.done = true;
    }
    for (const s of spawned) swimmers.push(s);
  }
  return { cells, frameCells, driftX, driftY, drift };
}
