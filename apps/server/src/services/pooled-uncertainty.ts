import type { WhoMotilityCategory } from '@sarm/contracts';
import { poissonInterval, WHO_MIN_ASSESSED, wilsonInterval } from '@sarm/casa';

/** One video's concentration with the counting behind it, as the engine stored it. */
export interface CountedConcentration {
  readonly millionPerMl: number;
  readonly ci95?: readonly [number, number];
  readonly cellsAssessed?: number;
}

export interface PooledConcentration {
  readonly ci95: [number, number];
  /** Effective independent cells over all videos. */
  readonly cells_assessed: number;
  readonly warning: string | null;
}

/** Poisson upper bound for no event: what one cell's worth is when a video counted none. */
const ZERO_COUNT_HIGH = poissonInterval(0)[1];

/**
 * 95 % interval of the mean of the videos' concentrations. Video i counted n_i effective cells,
 * each worth u_i = c_i / n_i million/ml, so Var(c_i) = u_i^2 n_i and Var(mean) = sum(u_i^2 n_i) / V^2.
 * A Poisson count with the same relative variance has n = mean^2 / Var(mean) cells (the summed
 * n_i when all videos share one field and settings); the interval is Poisson on n, scaled to the
 * mean. Null when a video was analysed before the engine reported its counting.
 */
export function poolConcentrationInterval(
  videos: readonly CountedConcentration[],
): PooledConcentration | null {
  if (videos.length === 0) return null;
  const counted: { c: number; n: number; unit: number }[] = [];
  for (const v of videos) {
    if (v.cellsAssessed === undefined || v.ci95 === undefined) return null;
    const n = v.cellsAssessed;
    const unit = n > 0 ? v.millionPerMl / n : v.ci95[1] / ZERO_COUNT_HIGH;
    counted.push({ c: v.millionPerMl, n, unit });
  }
  const count = counted.length;
  const mean = counted.reduce((s, v) => s + v.c, 0) / count;
  const variance = counted.reduce((s, v) => s + v.unit * v.unit * v.n, 0) / (count * count);
  const effective = variance > 0 ? (mean * mean) / variance : 0;
  // With no cell anywhere, one cell in all the videos together is worth the mean unit / V.
  const unit =
    effective > 0 ? mean / effective : counted.reduce((s, v) => s + v.unit, 0) / (count * count);
  const [low, high] = poissonInterval(effective);
  const assessed = Math.round(counted.reduce((s, v) => s + v.n, 0));
  return {
    ci95: [low * unit, high * unit],
    cells_assessed: assessed,
    warning:
      assessed < WHO_MIN_ASSESSED
        ? `Only ${assessed} independent cells counted over ${count} video(s); WHO 6th edition asks for at least ${WHO_MIN_ASSESSED} per replicate`
        : null,
  };
}

/** 95 % Wilson intervals, percent, of progressive (a+b) and total (a+b+c) motility. */
export function progressionIntervals(tracks: readonly { category: WhoMotilityCategory }[]): {
  progressive_ci95: [number, number];
  total_motility_ci95: [number, number];
} {
  const progressive = tracks.filter(
    (t) => t.category === 'Rapid Progressive' || t.category === 'Slow Progressive',
  ).length;
  const motile = tracks.filter((t) => t.category !== 'Immotile').length;
  const percent = ([low, high]: [number, number]): [number, number] => [100 * low, 100 * high];
  return {
    progressive_ci95: percent(wilsonInterval(progressive, tracks.length)),
    total_motility_ci95: percent(wilsonInterval(motile, tracks.length)),
  };
}
