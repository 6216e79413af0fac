import {
  compareReplicateCounts,
  compareReplicatePercentages,
  WHO_MOTILITY_CATEGORIES,
  WHO_REPLICATE_MIN_ASSESSED,
  type ConcentrationReport,
  type MotilityReport,
  type VideoSummary,
  type WhoMotilityCategory,
} from '@sarm/contracts';

/** A figure with its 95 % interval (null when the analyses did not give one). */
export interface FigureWithInterval {
  readonly value: number;
  readonly ci95: readonly [number, number] | null;
}

/** The two fields that differ most, and whether that difference is within chance (WHO). */
export interface FieldDisagreement {
  readonly first: string;
  readonly second: string;
  readonly difference: number;
  readonly acceptableDifference: number;
  readonly agree: boolean;
}

/** Agreement between fields: progressive motility and the cells counted in equal volumes. */
export interface FieldAgreement {
  readonly status: 'single' | 'agree' | 'disagree';
  readonly progressive: FieldDisagreement | null;
  readonly count: FieldDisagreement | null;
}

export interface LiveTotals {
  readonly fields: number;
  /** Spermatozoa classified for motility over every field (the WHO minimum counts these). */
  readonly cellsAssessed: number;
  readonly minimumReached: boolean;
  /** Cells still needed for the WHO minimum (0 once reached). */
  readonly remaining: number;
  readonly concentration: FigureWithInterval | null;
  readonly classes: readonly { category: WhoMotilityCategory; share: FigureWithInterval }[];
  readonly progressive: FigureWithInterval | null;
  readonly agreement: FieldAgreement;
}

/** True once the assessed cells reach WHO's 200 per replicate. */
export const minimumReached = (assessed: number) => assessed >= WHO_REPLICATE_MIN_ASSESSED;

const tracksOf = (summary: VideoSummary) => summary.tracks_assessed ?? summary.total_sperm_count;

/** Of all pairs, the one whose judged difference is largest relative to what chance allows. */
function worstPair(
  summaries: readonly VideoSummary[],
  judge: (
    a: VideoSummary,
    b: VideoSummary,
  ) => { difference: number; acceptableDifference: number; agree: boolean } | null,
): FieldDisagreement | null {
  let worst: FieldDisagreement | null = null;
  let worstRatio = -1;
  for (let i = 0; i < summaries.length; i++)
    for (let j = i + 1; j < summaries.length; j++) {
      const a = summaries[i];
      const b = summaries[j];
      if (a === undefined || b === undefined) continue;
      const judged = judge(a, b);
      if (judged === null) continue;
      const ratio = judged.difference / Math.max(judged.acceptableDifference, 1e-9);
      if (ratio > worstRatio) {
        worstRatio = ratio;
        worst = { first: a.video_name, second: b.video_name, ...judged };
      }
    }
  return worst;
}

/**
 * Replicate agreement between the fields, judged as WHO judges replicates: progressive motility
 * as two percentages of the cells each assessed, concentration as two Poisson counts of cells in
 * the same volume (fields of one chamber and objective).
 */
export function fieldAgreement(summaries: readonly VideoSummary[]): FieldAgreement {
  if (summaries.length < 2) return { status: 'single', progressive: null, count: null };
  const progressive = worstPair(summaries, (a, b) =>
    compareReplicatePercentages(
      { percent: a.progressive_percent, assessed: tracksOf(a) },
      { percent: b.progressive_percent, assessed: tracksOf(b) },
    ),
  );
  const count = worstPair(summaries, (a, b) =>
    a.cells_assessed === undefined || b.cells_assessed === undefined
      ? null
      : compareReplicateCounts(a.cells_assessed, b.cells_assessed),
  );
  const agree = (progressive?.agree ?? true) && (count?.agree ?? true);
  return { status: agree ? 'agree' : 'disagree', progressive, count };
}

const interval = (value: readonly [number, number] | undefined) => value ?? null;

/** The running totals of a sample's fields from its pooled concentration and motility. */
export function computeLiveTotals(
  concentration: ConcentrationReport | null,
  motility: MotilityReport | null,
): LiveTotals {
  const summaries = motility?.video_summaries ?? concentration?.video_summaries ?? [];
  const m = motility?.aggregated_results;
  const c = concentration?.aggregated_results;
  const assessed = m === undefined ? 0 : (m.tracks_assessed ?? m.total_sperm_count);
  return {
    fields: summaries.length,
    cellsAssessed: assessed,
    minimumReached: minimumReached(assessed),
    remaining: Math.max(0, WHO_REPLICATE_MIN_ASSESSED - assessed),
    concentration:
      c === undefined
        ? null
        : { value: c.mean_concentration_million_per_ml, ci95: interval(c.concentration_ci95) },
    classes:
      m === undefined
        ? []
        : WHO_MOTILITY_CATEGORIES.map((category) => ({
            category,
            share: {
              value: m.motility_distribution[category],
              ci95: interval(m.motility_ci95?.[category]),
            },
          })),
    progressive:
      m === undefined ? null : { value: m.progressive_percent, ci95: interval(m.progressive_ci95) },
    agreement: fieldAgreement(summaries),
  };
}

/** "12.3 (10.1 to 14.8)": a figure and its interval at the given decimals. */
export function formatWithInterval(figure: FigureWithInterval, digits: number, to: string): string {
  const value = figure.value.toFixed(digits);
  if (figure.ci95 === null) return value;
  return `${value} (${figure.ci95[0].toFixed(digits)} ${to} ${figure.ci95[1].toFixed(digits)})`;
}
