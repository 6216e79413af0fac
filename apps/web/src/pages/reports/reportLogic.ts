import {
  classifyConcentration,
  vitalityBelowMotility,
  WHO_2021_LIMITS,
  WHO_REQUIRED_VIDEO_COUNT,
  type ConcentrationReport,
  type CurrentAssessments,
  type MotilityReport,
  type Video,
} from '@sarm/contracts';
import type { TFunction } from 'i18next';
import {
  benchDetailRows,
  NO_PROVENANCE,
  normalFormsRow,
  vitalityRow,
  type CasaRowKey,
  type ReportTableRow,
  type RowCells,
  type RowMethod,
  type RowProvenance,
  type WhoStatus,
} from './benchRows';

/** Only uploaded or completed videos count for report generation (spec 1 §4). */
export const usableForReport = (video: Pick<Video, 'processingStatus'>) =>
  video.processingStatus === 'uploaded' || video.processingStatus === 'completed';

/** null when the selection is valid, else the spec's message key. */
export function validateVideoSelection(ids: readonly string[]): 'reports.selectExactly' | null {
  return ids.length === WHO_REQUIRED_VIDEO_COUNT ? null : 'reports.selectExactly';
}

/** Ticks or unticks a video; never more than five ticked. */
export function toggleVideo(selected: readonly string[], id: string): string[] {
  if (selected.includes(id)) return selected.filter((other) => other !== id);
  if (selected.length >= WHO_REQUIRED_VIDEO_COUNT) return [...selected];
  return [...selected, id];
}

/** Everything one report run produced, as the analysis report page receives it. */
export interface AnalysisResults {
  readonly concentration: ConcentrationReport | null;
  readonly motility: MotilityReport | null;
  /** Messages for the 'Analysis Warnings:' list. */
  readonly errors: string[];
}

type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** Combines both calls' outcomes with the spec's failure texts and each video's errors. */
export function combineOutcomes(
  concentration: Outcome<ConcentrationReport>,
  motility: Outcome<MotilityReport>,
  texts: { motilityFailed: (m: string) => string; concentrationFailed: (m: string) => string },
): AnalysisResults {
  const errors: string[] = [];
  if (!motility.ok) errors.push(texts.motilityFailed(motility.message));
  if (!concentration.ok) errors.push(texts.concentrationFailed(concentration.message));
  const perVideo = [
    ...(concentration.ok ? concentration.value.errors : []),
    ...(motility.ok ? motility.value.errors : []),
  ].map((error) => `${error.video_name}: ${error.error}`);
  errors.push(...new Set(perVideo));
  return {
    concentration: concentration.ok ? concentration.value : null,
    motility: motility.ok ? motility.value : null,
    errors,
  };
}

export type { WhoStatus } from './benchRows';

/** A row of the WHO limits table: a figure judged against a WHO 2021 lower reference limit. */
export interface WhoRow extends RowProvenance {
  readonly key: CasaRowKey | 'vitality' | 'normalForms';
  readonly value: number | null;
  /** 95 % interval from counting statistics; null for results analysed before intervals existed. */
  readonly ci: readonly [number, number] | null;
  readonly reference: number;
  readonly status: WhoStatus;
}

const atLeast = (value: number | null, limit: number): WhoStatus =>
  value === null ? 'unknown' : value >= limit ? 'normal' : 'error';

const CASA: RowMethod = { kind: 'casa' };

/** A bench row of the limits table as a WHO row (its value is always a number or none). */
function benchWhoRow(key: 'vitality' | 'normalForms', row: ReportTableRow): WhoRow {
  const value = row.value.kind === 'number' ? row.value : null;
  return {
    key,
    value: value?.value ?? null,
    ci: value?.ci ?? null,
    reference: row.reference?.value ?? 0,
    status: row.status,
    method: row.method,
    cells: row.cells,
    countedBy: row.countedBy,
  };
}

/**
 * The WHO 6th edition table (spec 1 §9) from whichever reports are available: the CASA figures
 * of the videos, then vitality and normal forms from the bench assessments (never derived from
 * motility: without a vitality record the row is "Not measured").
 */
export function whoRows(
  concentration: ConcentrationReport | null,
  motility: MotilityReport | null,
  assessments: CurrentAssessments = {},
): WhoRow[] {
  const aggregated = concentration?.aggregated_results;
  const c = aggregated?.mean_concentration_million_per_ml ?? null;
  const cCi = aggregated?.concentration_ci95 ?? null;
  const m = motility?.aggregated_results ?? null;
  const total = aggregated?.total_sperm_number_million ?? null;
  // Total = concentration x volume: its interval is the concentration's scaled (the volume's own
  // measurement error is not counted).
  const volume =
    total === null ? null : (concentration?.analysis_parameters.semen_volume_ml ?? null);
  const cells: RowCells | null =
    aggregated?.cells_assessed === undefined
      ? null
      : { kind: 'cells', count: Math.round(aggregated.cells_assessed) };
  const tracks: RowCells | null =
    m?.tracks_assessed === undefined ? null : { kind: 'tracks', count: m.tracks_assessed };
  const casa = (measured: boolean, assessed: RowCells | null): RowProvenance =>
    measured ? { method: CASA, cells: assessed, countedBy: null } : NO_PROVENANCE;
  return [
    {
      key: 'concentration',
      value: c,
      ci: cCi,
      reference: WHO_2021_LIMITS.concentrationMillionPerMl,
      status: c === null ? 'unknown' : classifyConcentration(c),
      ...casa(c !== null, cells),
    },
    // Concentration × the sample's semen volume; null (Not measured) while the volume is unknown.
    {
      key: 'totalCount',
      value: total,
      ci:
        total === null || volume === null || cCi === null
          ? null
          : [cCi[0] * volume, cCi[1] * volume],
      reference: WHO_2021_LIMITS.totalSpermMillion,
      status: total === null ? 'unknown' : atLeast(total, WHO_2021_LIMITS.totalSpermMillion),
      ...casa(total !== null, cells),
    },
    {
      key: 'progressive',
      value: m?.progressive_percent ?? null,
      ci: m?.progressive_ci95 ?? null,
      reference: WHO_2021_LIMITS.progressiveMotilityPercent,
      status: atLeast(m?.progressive_percent ?? null, WHO_2021_LIMITS.progressiveMotilityPercent),
      ...casa(m !== null, tracks),
    },
    {
      key: 'totalMotility',
      value: m?.total_motility_percent ?? null,
      ci: m?.total_motility_ci95 ?? null,
      reference: WHO_2021_LIMITS.totalMotilityPercent,
      status: atLeast(m?.total_motility_percent ?? null, WHO_2021_LIMITS.totalMotilityPercent),
      ...casa(m !== null, tracks),
    },
    benchWhoRow('vitality', vitalityRow(assessments)),
    benchWhoRow('normalForms', normalFormsRow(assessments)),
  ];
}

/** A WHO row in the common shape of the results table (judged "≥ limit"). */
export const whoTableRow = (row: WhoRow): ReportTableRow => ({
  key: row.key,
  value: { kind: 'number', value: row.value, ci: row.ci, digits: 1, missing: 'notMeasured' },
  reference: { comparator: '>=', value: row.reference },
  status: row.status,
  method: row.method,
  cells: row.cells,
  countedBy: row.countedBy,
});

/**
 * Every row of the report's results: the WHO limits table, then the bench detail (morphology
 * classes, TZI, SDI, round cells, leukocytes, MAR, agglutination, comments).
 */
export function reportTableRows(
  concentration: ConcentrationReport | null,
  motility: MotilityReport | null,
  assessments: CurrentAssessments,
): ReportTableRow[] {
  const spermConcentration =
    concentration?.aggregated_results.mean_concentration_million_per_ml ?? null;
  return [
    ...whoRows(concentration, motility, assessments).map(whoTableRow),
    ...benchDetailRows(assessments, spermConcentration),
  ];
}

/**
 * WHO's consistency check between the bench vitality and the CASA total motility: the live and
 * motile percentages when fewer live than motile spermatozoa were found, else null.
 */
export function vitalityMotilityConflict(
  motility: MotilityReport | null,
  assessments: CurrentAssessments,
): { readonly vitality: number; readonly motility: number } | null {
  const vitality = assessments.vitality?.figures.main?.percent ?? null;
  const totalMotility = motility?.aggregated_results.total_motility_percent ?? null;
  if (vitality === null || totalMotility === null) return null;
  return vitalityBelowMotility(vitality, totalMotility)
    ? { vitality, motility: totalMotility }
    : null;
}

/** One decimal for display; '-' when missing. */
export const fmt = (value: number | null | undefined, digits = 1) =>
  value === null || value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(digits);

/** m:ss of the elapsed analysis time. */
export function elapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** What the analysis covered: every frame of each video, as summed from the video summaries. */
export interface AnalysedSpan {
  readonly videos: number;
  readonly frames: number;
  /** Seconds of video, one decimal. */
  readonly seconds: string;
}

/** The whole-video span of the report's videos; null when the report has no video summary. */
export function analysedSpan(
  summaries: readonly { readonly frames: number; readonly duration_s: number }[],
): AnalysedSpan | null {
  if (summaries.length === 0) return null;
  const frames = summaries.reduce((total, s) => total + s.frames, 0);
  const seconds = summaries.reduce((total, s) => total + s.duration_s, 0);
  return { videos: summaries.length, frames, seconds: seconds.toFixed(1) };
}

/** The report's "Analysed" row: the whole video(s), with frames and seconds; none without data. */
export function analysedRows(
  summaries: readonly { readonly frames: number; readonly duration_s: number }[],
  t: TFunction,
): (readonly [string, string])[] {
  const span = analysedSpan(summaries);
  if (span === null) return [];
  const text =
    span.videos === 1
      ? t('reports.analysedWholeVideo', { frames: span.frames, seconds: span.seconds })
      : t('reports.analysedWholeVideos', {
          videos: span.videos,
          frames: span.frames,
          seconds: span.seconds,
        });
  return [[t('reports.analysedLabel'), text]];
}
