import type { MotilityDistribution, WhoMotilityCategory } from '@sarm/contracts';
import { WHO_2021_LIMITS } from '@sarm/contracts';
import type { CasaSettings } from '../settings.js';
import { wilsonInterval } from '../stats/intervals.js';

/** WHO 6th edition: at least this many cells assessed per replicate. */
export const WHO_MIN_ASSESSED = 200;

/**
 * WHO 6th edition category of one track: progression speed (drift-corrected VSL) at or above the
 * rapid threshold is rapid progressive, at or above the slow threshold slow progressive; below, a
 * head with evidence of flagellar activity (see `testFlagellarActivity`) is non-progressive, else
 * immotile.
 */
export function classifyMotility(
  vslUmPerS: number,
  flagellarActivity: boolean,
  settings: Pick<CasaSettings, 'rapidProgressiveUmPerS' | 'slowProgressiveUmPerS'>,
): WhoMotilityCategory {
  if (vslUmPerS >= settings.rapidProgressiveUmPerS) return 'Rapid Progressive';
  if (vslUmPerS >= settings.slowProgressiveUmPerS) return 'Slow Progressive';
  return flagellarActivity ? 'Non Progressive' : 'Immotile';
}

/** 95 % interval of each class share, percent. */
export type MotilityIntervals = Record<WhoMotilityCategory, [number, number]>;

export interface MotilitySummary {
  /** Mean VCL of motile tracks, µm/s (0 when none move). */
  readonly average_velocity: number;
  readonly motility_distribution: MotilityDistribution;
  readonly progressive_percent: number;
  readonly total_motility_percent: number;
  readonly classification: {
    readonly progressive: 'normal' | 'below';
    readonly total: 'normal' | 'below';
  };
  readonly track_count: number;
  /**
   * 95 % Wilson score interval of each class share, percent, from the number of tracks assessed
   * (each track an independent draw of a cell's class; counting statistics only, not the
   * classifier's own errors).
   */
  readonly ci95: MotilityIntervals;
  /** Tracks classified (the n of the intervals). */
  readonly tracks_assessed: number;
  /** Set when fewer than 200 tracks were assessed (WHO 6th edition asks for 200 per replicate). */
  readonly warning: string | null;
}

/** Percentages per category, progressive (a+b) and total (a+b+c) motility, against WHO 2021 limits. */
export function summariseMotility(
  tracks: readonly { category: WhoMotilityCategory; vcl: number }[],
): MotilitySummary {
  const counts: Record<WhoMotilityCategory, number> = {
    'Rapid Progressive': 0,
    'Slow Progressive': 0,
    'Non Progressive': 0,
    Immotile: 0,
  };
  for (const t of tracks) counts[t.category] += 1;
  const total = tracks.length;
  const pct = (n: number) => (total > 0 ? (100 * n) / total : 0);
  const motility_distribution: MotilityDistribution = {
    'Rapid Progressive': pct(counts['Rapid Progressive']),
    'Slow Progressive': pct(counts['Slow Progressive']),
    'Non Progressive': pct(counts['Non Progressive']),
    Immotile: pct(counts.Immotile),
  };
  const progressive =
    motility_distribution['Rapid Progressive'] + motility_distribution['Slow Progressive'];
  const totalMotility = progressive + motility_distribution['Non Progressive'];
  const motile = tracks.filter((t) => t.category !== 'Immotile');
  const interval = (c: WhoMotilityCategory): [number, number] => {
    const [low, high] = wilsonInterval(counts[c], total);
    return [100 * low, 100 * high];
  };
  return {
    average_velocity: motile.length > 0 ? motile.reduce((s, t) => s + t.vcl, 0) / motile.length : 0,
    motility_distribution,
    progressive_percent: progressive,
    total_motility_percent: totalMotility,
    classification: {
      progressive: progressive >= WHO_2021_LIMITS.progressiveMotilityPercent ? 'normal' : 'below',
      total: totalMotility >= WHO_2021_LIMITS.totalMotilityPercent ? 'normal' : 'below',
    },
    track_count: total,
    ci95: {
      'Rapid Progressive': interval('Rapid Progressive'),
      'Slow Progressive': interval('Slow Progressive'),
      'Non Progressive': interval('Non Progressive'),
      Immotile: interval('Immotile'),
    },
    tracks_assessed: total,
    warning:
      total < WHO_MIN_ASSESSED
        ? `Only ${total} tracks assessed; WHO 6th edition asks for at least ${WHO_MIN_ASSESSED} cells per replicate`
        : null,
  };
}
