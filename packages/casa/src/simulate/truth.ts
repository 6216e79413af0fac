/** Ground truth of a simulated video: tracks, per-frame counts, debris and expected results. */
import type { MotilityDistribution, WhoMotilityCategory } from '@sarm/contracts';
import {
  DEFAULT_CHAMBER_DEPTH_UM,
  DEFAULT_DILUTION_FACTOR,
  WHO_MOTILITY_CATEGORIES,
  WHO_PROGRESSION_THRESHOLDS_UM_PER_S,
} from '@sarm/contracts';
import type { StageDrift } from './brownian.js';
import type { SimCell } from './cells.js';
import type { Debris } from './debris.js';
import { debrisCentre } from './debris.js';
import type { SimulationParams } from './params.js';
import type { RoundCell } from './round-cells.js';
import { roundCellCentre } from './round-cells.js';

/** One cell's visible life: `[frame, x_px, y_px]` for every frame its head centroid is in the frame. */
export interface SimulationTrack {
  readonly id: number;
  /** The class the cell was simulated as. */
  readonly category: WhoMotilityCategory;
  /** True straight-line velocity over the visible interval (first to last point), µm/s. */
  readonly vsl_um_per_s: number;
  /** Present when the cell's head is stuck to the glass (`SimulationParams.stuckShare`). */
  readonly stuck?: true;
  readonly points: [number, number, number][];
  readonly head: {
    readonly length_um: number;
    readonly width_um: number;
    /** Direction the head points at the first visible point, radians (image axes, y down). */
    readonly angle_rad: number;
  };
}

/** What an ideal analysis of the video reports. */
export interface SimulationExpected {
  /** Tracks visible for fewer frames do not count in the motility distribution. */
  readonly min_track_frames: number;
  readonly mean_count_per_frame: number;
  readonly concentration_million_per_ml: number;
  /**
   * Percent of tracks visible for at least {@link MIN_TRACK_FRAMES} frames, classified by their true
   * VSL over the visible interval (>= 25 rapid, >= 5 slow); below 5 µm/s the label decides between
   * non-progressive and immotile. Counted per track, so fast cells that cross the field more often
   * weigh more than their share of heads in view (as in any track-based CASA).
   */
  readonly motility_distribution: MotilityDistribution;
  readonly progressive_percent: number;
  readonly total_motility_percent: number;
  /** Mean number of round cells whose centre is in the field per frame (not sperm). */
  readonly round_cells_mean_count_per_frame: number;
  /** Round-cell concentration from that count and the field volume, million/ml. */
  readonly round_cell_concentration_million_per_ml: number;
}

/** One round cell of the truth (issue 34): not a spermatozoon, scored apart. */
export interface SimulationRoundCell {
  readonly id: number;
  readonly kind: 'leukocyte' | 'germ_cell';
  readonly diameter_um: number;
  readonly radius_px: number;
  readonly defocused: boolean;
  /** `[frame, x_px, y_px]` for every frame its centre is in the field. */
  readonly points: [number, number, number][];
}

/**
 * JSON-serialisable ground truth. Coordinates are pixels with pixel centres at integer positions
 * (the top-left pixel's centre is (0, 0)).
 */
export interface SimulationTruth {
  readonly version: 1;
  readonly params: SimulationParams;
  readonly um_per_pixel: number;
  readonly fps: number;
  readonly width: number;
  readonly height: number;
  readonly frames: number;
  readonly depth_um: number;
  readonly dilution: number;
  readonly expected: SimulationExpected;
  /**
   * The common stage drift, µm/s: its mean velocity over the video (first to last frame) and the
   * largest speed it reaches in any second.
   */
  readonly drift: {
    readonly vx_um_per_s: number;
    readonly vy_um_per_s: number;
    readonly speed_um_per_s: number;
  };
  readonly tracks: SimulationTrack[];
  readonly per_frame: { readonly frame: number; readonly count: number }[];
  readonly debris: {
    readonly id: number;
    /** Rest position (before wobble and drift). */
    readonly x_px: number;
    readonly y_px: number;
    readonly radius_px: number;
    /** `[frame, x_px, y_px]` for every frame its centre is in the field. */
    readonly points: [number, number, number][];
  }[];
  /** Round cells (leukocytes, germ cells): empty unless the parameters ask for them. */
  readonly round_cells: SimulationRoundCell[];
}

/** Tracks shorter than this many visible frames do not count in the motility distribution. */
export const MIN_TRACK_FRAMES = 10;

const round = (v: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

/** Angle in (-π, π]. */
function normaliseAngle(a: number): number {
  const turned = a - 2 * Math.PI * Math.round(a / (2 * Math.PI));
  return turned <= -Math.PI ? turned + 2 * Math.PI : turned;
}

/**
 * True VSL (µm/s) from the first to the last point, relative to the medium (the stage drift over
 * the interval removed: WHO's progression is through the fluid); 0 for fewer than two frames.
 */
function vslOf(
  points: readonly [number, number, number][],
  upp: number,
  fps: number,
  drift: StageDrift,
): number {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || last[0] === first[0]) return 0;
  const dx = last[1] - first[1] - ((drift.offsetX[last[0]] ?? 0) - (drift.offsetX[first[0]] ?? 0));
  const dy = last[2] - first[2] - ((drift.offsetY[last[0]] ?? 0) - (drift.offsetY[first[0]] ?? 0));
  return (Math.hypot(dx, dy) * upp * fps) / (last[0] - first[0]);
}

/** Mean drift velocity over the video, µm/s. */
function meanDrift(drift: StageDrift, upp: number, fps: number): SimulationTruth['drift'] {
  const n = drift.offsetX.length;
  const frames = Math.max(1, n - 1);
  const vx = (((drift.offsetX[n - 1] ?? 0) - (drift.offsetX[0] ?? 0)) * upp * fps) / frames;
  const vy = (((drift.offsetY[n - 1] ?? 0) - (drift.offsetY[0] ?? 0)) * upp * fps) / frames;
  return {
    vx_um_per_s: round(vx, 4),
    vy_um_per_s: round(vy, 4),
    speed_um_per_s: round(Math.hypot(vx, vy), 4),
  };
}

/** WHO class from the true VSL; the label separates non-progressive from immotile. */
export function classifyTrueTrack(vsl: number, label: WhoMotilityCategory): WhoMotilityCategory {
  if (vsl >= WHO_PROGRESSION_THRESHOLDS_UM_PER_S.rapidProgressive) return 'Rapid Progressive';
  if (vsl >= WHO_PROGRESSION_THRESHOLDS_UM_PER_S.slowProgressive) return 'Slow Progressive';
  return label === 'Immotile' ? 'Immotile' : 'Non Progressive';
}

function debrisPoints(
  d: Debris,
  params: SimulationParams,
  drift: StageDrift,
): [number, number, number][] {
  const { width: w, height: h, frames, fps } = params;
  const points: [number, number, number][] = [];
  for (let f = 0; f < frames; f++) {
    const ox = drift.offsetX[f] ?? 0;
    const oy = drift.offsetY[f] ?? 0;
    const { x, y } = debrisCentre(d, f, f / fps, ox, oy);
    if (x >= 0 && y >= 0 && x <= w - 1 && y <= h - 1) points.push([f, round(x, 2), round(y, 2)]);
  }
  return points;
}

function roundCellTruth(
  c: RoundCell,
  params: SimulationParams,
  drift: StageDrift,
): SimulationRoundCell {
  const points: [number, number, number][] = [];
  for (let f = 0; f < params.frames; f++) {
    const { x, y } = roundCellCentre(c, f, drift);
    if (x >= 0 && y >= 0 && x <= params.width - 1 && y <= params.height - 1) {
      points.push([f, round(x, 2), round(y, 2)]);
    }
  }
  return {
    id: c.id,
    kind: c.kind,
    diameter_um: round(c.diameterUm, 3),
    radius_px: round(c.radiusPx, 3),
    defocused: c.defocused,
    points,
  };
}

/** Builds the truth from the simulated cells, debris and round cells. */
export function buildTruth(
  params: SimulationParams,
  cells: readonly SimCell[],
  debris: readonly Debris[],
  head: { lengthUm: number; widthUm: number },
  drift: StageDrift,
  roundCells: readonly RoundCell[] = [],
): SimulationTruth {
  const { width: w, height: h, frames, umPerPixel: upp } = params;
  const counts = new Array<number>(frames).fill(0);
  const tracks: SimulationTrack[] = [];
  for (const cell of cells) {
    const points: [number, number, number][] = [];
    let angle: number | undefined;
    for (let k = 0; k < cell.x.length; k++) {
      const x = cell.x[k] ?? -1;
      const y = cell.y[k] ?? -1;
      if (x < 0 || y < 0 || x > w - 1 || y > h - 1) continue;
      const frame = cell.start + k;
      points.push([frame, round(x, 3), round(y, 3)]);
      angle ??= cell.headAngle[k];
      counts[frame] = (counts[frame] ?? 0) + 1;
    }
    if (points.length === 0) continue;
    tracks.push({
      id: cell.id,
      category: cell.category,
      vsl_um_per_s: round(vslOf(points, upp, params.fps, drift), 3),
      ...(cell.stuck && { stuck: true as const }),
      points,
      head: {
        length_um: head.lengthUm,
        width_um: head.widthUm,
        angle_rad: round(normaliseAngle(angle ?? 0), 4),
      },
    });
  }
  const perCategory = new Map<WhoMotilityCategory, number>(
    WHO_MOTILITY_CATEGORIES.map((c) => [c, 0]),
  );
  let counted = 0;
  for (const t of tracks) {
    if (t.points.length < MIN_TRACK_FRAMES) continue;
    const category = classifyTrueTrack(t.vsl_um_per_s, t.category);
    perCategory.set(category, (perCategory.get(category) ?? 0) + 1);
    counted += 1;
  }
  const pct = (c: WhoMotilityCategory): number =>
    counted > 0 ? round((100 * (perCategory.get(c) ?? 0)) / counted, 2) : 0;
  const distribution: MotilityDistribution = {
    'Rapid Progressive': pct('Rapid Progressive'),
    'Slow Progressive': pct('Slow Progressive'),
    'Non Progressive': pct('Non Progressive'),
    Immotile: pct('Immotile'),
  };
  const meanCount = counts.reduce((a, b) => a + b, 0) / frames;
  const volumeUm3 = w * h * upp * upp * DEFAULT_CHAMBER_DEPTH_UM;
  const progressive = distribution['Rapid Progressive'] + distribution['Slow Progressive'];
  const roundTruth = roundCells.map((c) => roundCellTruth(c, params, drift));
  const roundMean = roundTruth.reduce((s, c) => s + c.points.length, 0) / frames;
  return {
    version: 1,
    params,
    um_per_pixel: upp,
    fps: params.fps,
    width: w,
    height: h,
    frames,
    depth_um: DEFAULT_CHAMBER_DEPTH_UM,
    dilution: DEFAULT_DILUTION_FACTOR,
    expected: {
      min_track_frames: MIN_TRACK_FRAMES,
      mean_count_per_frame: round(meanCount, 4),
      concentration_million_per_ml: round(
        (meanCount / volumeUm3) * 1e6 * DEFAULT_DILUTION_FACTOR,
        4,
      ),
      motility_distribution: distribution,
      progressive_percent: round(progressive, 2),
      total_motility_percent: round(progressive + distribution['Non Progressive'], 2),
      round_cells_mean_count_per_frame: round(roundMean, 4),
      round_cell_concentration_million_per_ml: round(
        (roundMean / volumeUm3) * 1e6 * DEFAULT_DILUTION_FACTOR,
        4,
      ),
    },
    drift: meanDrift(drift, upp, params.fps),
    tracks,
    per_frame: counts.map((count, frame) => ({ frame, count })),
    debris: debris.map((d) => ({
      id: d.id,
      x_px: round(d.x, 3),
      y_px: round(d.y, 3),
      radius_px: round(d.radiusPx, 3),
      points: debrisPoints(d, params, drift),
    })),
    round_cells: roundTruth,
  };
}
