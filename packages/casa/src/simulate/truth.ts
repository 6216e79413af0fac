/** Ground truth of a simulated video: tracks, per-frame counts, debris and expected results. */
import type { MotilityDistribution, WhoMotilityCategory } from '@sarm/contracts';
import {
  DEFAULT_CHAMBER_DEPTH_UM,
  DEFAULT_DILUTION_FACTOR,
  WHO_MOTILITY_CATEGORIES,
} from '@sarm/contracts';
import type { SimCell } from './cells.js';
import type { Debris } from './debris.js';
import type { SimulationParams } from './params.js';

/** One cell's visible life: `[frame, x_px, y_px]` for every frame its head centroid is in the frame. */
export interface SimulationTrack {
  readonly id: number;
  readonly category: WhoMotilityCategory;
  readonly points: [number, number, number][];
  readonly head: { readonly length_um: number; readonly width_um: number };
}

/** What an ideal analysis of the video reports. */
export interface SimulationExpected {
  readonly mean_count_per_frame: number;
  readonly concentration_million_per_ml: number;
  /** Percent of tracks visible for at least {@link MIN_TRACK_FRAMES} frames, by their label. */
  readonly motility_distribution: MotilityDistribution;
  readonly progressive_percent: number;
  readonly total_motility_percent: number;
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
  readonly tracks: SimulationTrack[];
  readonly per_frame: { readonly frame: number; readonly count: number }[];
  readonly debris: {
    readonly id: number;
    readonly x_px: number;
    readonly y_px: number;
    readonly radius_px: number;
  }[];
}

/** Tracks shorter than this many visible frames do not count in the motility distribution. */
export const MIN_TRACK_FRAMES = 10;

const round = (v: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

/** Builds the truth from the simulated cells and debris. */
export function buildTruth(
  params: SimulationParams,
  cells: readonly SimCell[],
  debris: readonly Debris[],
  head: { lengthUm: number; widthUm: number },
): SimulationTruth {
  const { width: w, height: h, frames, umPerPixel: upp } = params;
  const counts = new Array<number>(frames).fill(0);
  const tracks: SimulationTrack[] = [];
  for (const cell of cells) {
    const points: [number, number, number][] = [];
    for (let k = 0; k < cell.x.length; k++) {
      const x = cell.x[k] ?? -1;
      const y = cell.y[k] ?? -1;
      if (x < 0 || y < 0 || x > w - 1 || y > h - 1) continue;
      const frame = cell.start + k;
      points.push([frame, round(x, 3), round(y, 3)]);
      counts[frame] = (counts[frame] ?? 0) + 1;
    }
    if (points.length === 0) continue;
    tracks.push({
      id: cell.id,
      category: cell.category,
      points,
      head: { length_um: head.lengthUm, width_um: head.widthUm },
    });
  }
  const perCategory = new Map<WhoMotilityCategory, number>(
    WHO_MOTILITY_CATEGORIES.map((c) => [c, 0]),
  );
  let counted = 0;
  for (const t of tracks) {
    if (t.points.length < MIN_TRACK_FRAMES) continue;
    perCategory.set(t.category, (perCategory.get(t.category) ?? 0) + 1);
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
      mean_count_per_frame: round(meanCount, 4),
      concentration_million_per_ml: round(
        (meanCount / volumeUm3) * 1e6 * DEFAULT_DILUTION_FACTOR,
        4,
      ),
      motility_distribution: distribution,
      progressive_percent: round(progressive, 2),
      total_motility_percent: round(progressive + distribution['Non Progressive'], 2),
    },
    tracks,
    per_frame: counts.map((count, frame) => ({ frame, count })),
    debris: debris.map((d) => ({
      id: d.id,
      x_px: round(d.x, 3),
      y_px: round(d.y, 3),
      radius_px: round(d.radiusPx, 3),
    })),
  };
}
