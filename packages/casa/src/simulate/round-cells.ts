/**
 * Round cells (issue 34): leukocytes and immature germ cells, round, 7 to 15 µm across, with no
 * tail. Each has a granular body and nucleus-like shading (the lobed nucleus of a leukocyte or the
 * single large nucleus of a germ cell), drawn with the optics of the heads (polarity, halo, focus)
 * and moving as a sphere of its size does: Brownian (Stokes-Einstein) plus a slow settling flow.
 */
import type { StageDrift } from './brownian.js';
import type { SimulationParams } from './params.js';
import type { Rng } from './random.js';
import type { HeadLook } from './sprites.js';

/** Diameter range of a round cell, µm. */
export const ROUND_CELL_DIAMETER_UM: readonly [number, number] = [7, 15];
/**
 * Boltzmann energy over 6π x viscosity, µm³/s: kT at 37 °C (4.28e-21 J) over 6π x 1.5 mPa·s (a
 * liquefied, diluted sample). A sphere of radius r µm diffuses with D = this / r µm²/s.
 */
const STOKES_EINSTEIN_UM3_PER_S = 0.151;
/** Slow flow of each cell in the chamber (settling, convection), µm/s: drawn up to this. */
const MAX_FLOW_UM_PER_S = 0.3;
/** The body's contrast as a share of a head's peak, drawn per cell. */
const BODY_SHARE: readonly [number, number] = [0.45, 0.7];
/** How much brighter (phase contrast) or darker (bright field) the nucleus is than the cytoplasm. */
const NUCLEUS_GAIN = 0.5;
/** Relative amplitude of the cytoplasm's granules. */
const GRANULE_AMPLITUDE = 0.3;

/** One simulated round cell: its look (a sprite) and its path. */
export interface RoundCell {
  readonly id: number;
  readonly kind: 'leukocyte' | 'germ_cell';
  readonly diameterUm: number;
  readonly radiusPx: number;
  readonly defocused: boolean;
  /** Centre per frame without the stage drift, px. */
  readonly x: Float32Array;
  readonly y: Float32Array;
  /** Additive image centred on the cell, side 2 * spriteRadius + 1 px. */
  readonly sprite: Float32Array;
  readonly spriteRadius: number;
}

interface Blob {
  readonly u: number;
  readonly v: number;
  readonly r: number;
  readonly a: number;
}

/** Granules of the cytoplasm and the nucleus lobes of one cell, in µm from its centre. */
function cellTexture(
  rng: Rng,
  kind: RoundCell['kind'],
  radiusUm: number,
): { granules: Blob[]; lobes: Blob[] } {
  const granules: Blob[] = [];
  const count = Math.round(1.2 * Math.PI * radiusUm * radiusUm);
  for (let i = 0; i < count; i++) {
    const rho = radiusUm * Math.sqrt(rng.next()) * 0.95;
    const phi = rng.range(0, 2 * Math.PI);
    granules.push({
      u: rho * Math.cos(phi),
      v: rho * Math.sin(phi),
      r: rng.range(0.3, 0.6),
      a: rng.range(-1, 1),
    });
  }
  const lobes: Blob[] = [];
  if (kind === 'germ_cell') {
    const off = rng.range(0, 0.15) * radiusUm;
    const phi = rng.range(0, 2 * Math.PI);
    const r = rng.range(0.45, 0.6) * radiusUm;
    lobes.push({ u: off * Math.cos(phi), v: off * Math.sin(phi), r, a: 1 });
  } else {
    const n = 2 + rng.int(3);
    const phi0 = rng.range(0, 2 * Math.PI);
    for (let k = 0; k < n; k++) {
      const phi = phi0 + (2 * Math.PI * k) / n + rng.range(-0.3, 0.3);
      const off = rng.range(0.25, 0.4) * radiusUm;
      lobes.push({
        u: off * Math.cos(phi),
        v: off * Math.sin(phi),
        r: rng.range(0.2, 0.3) * radiusUm,
        a: 1,
      });
    }
  }
  return { granules, lobes };
}

/** A smooth step from 1 inside to 0 outside a disc of radius `r` over a width `w` (same unit). */
function inside(d: number, r: number, w: number): number {
  return 1 / (1 + Math.exp((d - r) / w));
}

/**
 * The cell's image: a disc at a share of the head contrast, granules modulating it, the nucleus
 * shaded, the dark ring of phase contrast just outside its edge (as around a head); out of focus,
 * edge, halo and granules blurred.
 */
function cellSprite(
  rng: Rng,
  look: HeadLook,
  kind: RoundCell['kind'],
  radiusUm: number,
  defocused: boolean,
  upp: number,
): { sprite: Float32Array; spriteRadius: number } {
  const { granules, lobes } = cellTexture(rng, kind, radiusUm);
  // Defocus is a low-pass filter: a cell's broad body keeps most of its contrast where a head, a
  // few micrometres across, loses half of it; the edge, the halo and the granules blur.
  const body = look.peak * rng.range(BODY_SHARE[0], BODY_SHARE[1]) * (defocused ? 0.85 : 1);
  const halo = look.halo * 0.8 * (defocused ? 0.5 : 1);
  const edgeUm = defocused ? 0.6 : 0.2;
  const texture = defocused ? 0.4 : 1;
  const spriteRadius = Math.ceil((radiusUm + 2.5) / upp);
  const size = 2 * spriteRadius + 1;
  const sprite = new Float32Array(size * size);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const u = (i - spriteRadius) * upp;
      const v = (j - spriteRadius) * upp;
      const d = Math.hypot(u, v);
      let grain = 0;
      for (const g of granules) {
        const q = ((u - g.u) ** 2 + (v - g.v) ** 2) / (g.r * g.r);
        if (q < 9) grain += g.a * Math.exp(-q);
      }
      let nucleus = 0;
      for (const l of lobes)
        nucleus = Math.max(nucleus, inside(Math.hypot(u - l.u, v - l.v), l.r, 0.3));
      const shade = 1 + NUCLEUS_GAIN * nucleus + GRANULE_AMPLITUDE * texture * grain;
      const ring = halo * Math.exp(-(((d - radiusUm - 0.9) / 0.6) ** 2));
      sprite[j * size + i] = body * shade * inside(d, radiusUm, edgeUm) - ring;
    }
  }
  return { sprite, spriteRadius };
}

/** Gap kept between two round cells' edges at their start, µm. */
const MIN_GAP_UM = 1;
/** Placement attempts before a cell is put down wherever the last attempt fell. */
const PLACEMENT_TRIES = 50;

/**
 * A start position whose disc does not overlap those of the cells already placed: cells in a
 * chamber lie side by side, not through one another. After {@link PLACEMENT_TRIES} failures (a
 * crowded field) the last position is taken.
 */
function placeApart(
  rng: Rng,
  p: SimulationParams,
  placed: readonly RoundCell[],
  radiusPx: number,
): { x: number; y: number } {
  const gap = MIN_GAP_UM / p.umPerPixel;
  let x = 0;
  let y = 0;
  for (let t = 0; t < PLACEMENT_TRIES; t++) {
    x = rng.range(0, p.width - 1);
    y = rng.range(0, p.height - 1);
    const clear = placed.every(
      (c) => Math.hypot((c.x[0] ?? 0) - x, (c.y[0] ?? 0) - y) >= c.radiusPx + radiusPx + gap,
    );
    if (clear) break;
  }
  return { x, y };
}

/**
 * Draws `count` round cells: a random place in the field, a diameter in
 * {@link ROUND_CELL_DIAMETER_UM}, about two in three leukocytes, a share `defocusShare` out of
 * focus; the whole path over the video is simulated here.
 */
export function createRoundCells(rng: Rng, p: SimulationParams, look: HeadLook): RoundCell[] {
  const upp = p.umPerPixel;
  const out: RoundCell[] = [];
  for (let n = 0; n < p.roundCells; n++) {
    const diameterUm = rng.range(ROUND_CELL_DIAMETER_UM[0], ROUND_CELL_DIAMETER_UM[1]);
    const radiusUm = diameterUm / 2;
    const kind = rng.next() < 0.65 ? 'leukocyte' : 'germ_cell';
    const defocused = p.defocusShare > 0 && rng.next() < p.defocusShare;
    const stepPx = Math.sqrt((2 * STOKES_EINSTEIN_UM3_PER_S) / radiusUm / p.fps) / upp;
    const flow = rng.range(0, MAX_FLOW_UM_PER_S) / upp / p.fps;
    const heading = rng.range(0, 2 * Math.PI);
    const x = new Float32Array(p.frames);
    const y = new Float32Array(p.frames);
    const start = placeApart(rng, p, out, radiusUm / upp);
    let cx = start.x;
    let cy = start.y;
    for (let f = 0; f < p.frames; f++) {
      x[f] = cx;
      y[f] = cy;
      cx += flow * Math.cos(heading) + rng.normal(0, stepPx);
      cy += flow * Math.sin(heading) + rng.normal(0, stepPx);
    }
    const { sprite, spriteRadius } = cellSprite(rng, look, kind, radiusUm, defocused, upp);
    out.push({
      id: n + 1,
      kind,
      diameterUm,
      radiusPx: radiusUm / upp,
      defocused,
      x,
      y,
      sprite,
      spriteRadius,
    });
  }
  return out;
}

/** Centre of a round cell at frame `f` with the stage drift, px. */
export function roundCellCentre(
  c: RoundCell,
  f: number,
  drift: StageDrift,
): { x: number; y: number } {
  return {
    x: (c.x[f] ?? 0) + (drift.offsetX[f] ?? 0),
    y: (c.y[f] ?? 0) + (drift.offsetY[f] ?? 0),
  };
}

/** Adds the round cells at frame `f` into `acc` (bilinear, so sub-pixel motion is smooth). */
export function drawRoundCells(
  acc: Float32Array,
  width: number,
  height: number,
  cells: readonly RoundCell[],
  f: number,
  drift: StageDrift,
): void {
  for (const c of cells) {
    const { x, y } = roundCellCentre(c, f, drift);
    const r = c.spriteRadius;
    const size = 2 * r + 1;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = x - x0;
    const fy = y - y0;
    const weights = [(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy];
    for (let j = 0; j < size; j++) {
      for (let i = 0; i < size; i++) {
        const value = c.sprite[j * size + i] ?? 0;
        if (value === 0) continue;
        for (let k = 0; k < 4; k++) {
          const px = x0 - r + i + (k & 1);
          const py = y0 - r + j + (k >> 1);
          if (px < 0 || py < 0 || px >= width || py >= height) continue;
          const at = py * width + px;
          acc[at] = (acc[at] ?? 0) + value * (weights[k] ?? 0);
        }
      }
    }
  }
}
