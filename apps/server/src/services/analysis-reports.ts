import type { AnalysisResult, CasaSettings } from '@sarm/casa';
import type { PatientRow } from '../db/schema/index.js';
import { summariseMotility } from '@sarm/casa';
import { poolConcentrationInterval, progressionIntervals } from './pooled-uncertainty.js';
import {
  classifyConcentration,
  totalSpermNumber,
  WHO_PROGRESSION_THRESHOLDS_UM_PER_S,
  WHO_REQUIRED_VIDEO_COUNT,
  TOTAL_SPERM_NUMBER_REASONS,
  WHO_STANDARD_LABEL,
  type CalculationError,
  type ConcentrationReport,
  type MotilityReport,
  type ReportPatient,
  type StoredReport,
  type VideoSummary,
} from '@sarm/contracts';

/** A saved analysis as the reports use it. */
export interface AnalysedVideo {
  readonly videoId: string;
  readonly videoName: string;
  readonly analysisId: string;
  readonly analyzedAt: Date;
  readonly result: AnalysisResult;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

export function summarizeVideo(video: AnalysedVideo): VideoSummary {
  const { result } = video;
  const million = result.concentration.mean_concentration_million_per_ml;
  return {
    video_id: video.videoId,
    video_name: video.videoName,
    analysis_id: video.analysisId,
    analyzed_at: video.analyzedAt.toISOString(),
    total_sperm_count: result.motility.track_count,
    mean_count_per_frame: round(result.concentration.mean_count_per_frame, 3),
    concentration_per_ml: Math.round(million * 1e6),
    concentration_million_per_ml: million,
    average_velocity: result.motility.average_velocity,
    motility_distribution: result.motility.motility_distribution,
    progressive_percent: result.motility.progressive_percent,
    total_motility_percent: result.motility.total_motility_percent,
    frames: result.video.frames,
    duration_s: result.video.duration_s,
    width: result.video.width,
    height: result.video.height,
    ...videoUncertainty(result),
  };
}

/**
 * The counting uncertainty and drift of one analysis; results stored before the engine computed
 * them leave the fields out (their jsonb lacks them even though the engine's type has them).
 */
function videoUncertainty(
  result: AnalysisResult,
): Pick<
  VideoSummary,
  | 'concentration_ci95'
  | 'cells_assessed'
  | 'concentration_warning'
  | 'motility_ci95'
  | 'tracks_assessed'
  | 'motility_warning'
  | 'drift'
> {
  const concentration: Partial<AnalysisResult['concentration']> = result.concentration;
  const motility: Partial<AnalysisResult['motility']> = result.motility;
  const drift: Partial<Pick<AnalysisResult, 'drift'>> = result;
  return {
    concentration_ci95: concentration.ci95,
    cells_assessed: concentration.cells_assessed,
    concentration_warning: concentration.warning,
    motility_ci95: motility.ci95,
    tracks_assessed: motility.tracks_assessed,
    motility_warning: motility.warning,
    drift: drift.drift,
  };
}

/** What the report needs of the sample: its semen volume, or why there is none. */
export interface SampleVolume {
  readonly semenVolumeMl: number | null;
  /** Why the volume is missing (default: not recorded). */
  readonly reason?: string;
}

/** Mean of the per-video concentrations and, with the sample's volume, the total sperm number. */
export function buildConcentrationReport(
  videos: readonly AnalysedVideo[],
  errors: readonly CalculationError[],
  settings: CasaSettings,
  sample: SampleVolume = { semenVolumeMl: null },
): ConcentrationReport {
  const summaries = videos.map(summarizeVideo);
  const mean =
    summaries.reduce((sum, s) => sum + s.concentration_million_per_ml, 0) /
    Math.max(1, summaries.length);
  const pooled = poolConcentrationInterval(
    summaries.map((s) => ({
      millionPerMl: s.concentration_million_per_ml,
      ci95: s.concentration_ci95,
      cellsAssessed: s.cells_assessed,
    })),
  );
  return {
    aggregated_results: {
      mean_concentration_million_per_ml: mean,
      overall_classification: classifyConcentration(mean),
      total_sperm_count: summaries.reduce((sum, s) => sum + s.total_sperm_count, 0),
      ...totalSpermNumber(mean, sample.semenVolumeMl, sample.reason),
      ...(pooled === null
        ? {}
        : {
            concentration_ci95: pooled.ci95,
            cells_assessed: pooled.cells_assessed,
            concentration_warning: pooled.warning,
          }),
    },
    analysis_parameters: {
      who_standard: WHO_STANDARD_LABEL,
      required_video_count: WHO_REQUIRED_VIDEO_COUNT,
      chamber_specifications: {
        depth_um: settings.chamberDepthUm,
        dilution_factor: settings.dilution,
      },
      formula: videos[0]?.result.concentration.formula ?? '',
      micron_per_pixel: settings.umPerPixel,
      semen_volume_ml: sample.semenVolumeMl,
    },
    video_summaries: summaries,
    errors: [...errors],
  };
}

/** Motility over all tracks of all videos pooled. */
export function buildMotilityReport(
  videos: readonly AnalysedVideo[],
  errors: readonly CalculationError[],
  settings: CasaSettings,
): MotilityReport {
  const tracks = videos.flatMap((video) => video.result.tracks);
  const pooled = summariseMotility(tracks);
  const first = videos[0]?.result.video;
  return {
    aggregated_results: {
      average_velocity: pooled.average_velocity,
      motility_distribution: pooled.motility_distribution,
      total_sperm_count: pooled.track_count,
      progressive_percent: pooled.progressive_percent,
      total_motility_percent: pooled.total_motility_percent,
      motility_ci95: pooled.ci95,
      tracks_assessed: pooled.tracks_assessed,
      motility_warning: pooled.warning,
      ...progressionIntervals(tracks),
    },
    analysis_parameters: {
      who_standard: WHO_STANDARD_LABEL,
      frame_size: { width: first?.width ?? 0, height: first?.height ?? 0 },
      micron_per_pixel: settings.umPerPixel,
      motility_thresholds: {
        rapid_progressive: WHO_PROGRESSION_THRESHOLDS_UM_PER_S.rapidProgressive,
        slow_progressive: WHO_PROGRESSION_THRESHOLDS_UM_PER_S.slowProgressive,
      },
    },
    video_summaries: videos.map(summarizeVideo),
    errors: [...errors],
  };
}

export function toReportPatient(row: PatientRow): ReportPatient {
  return { id: row.id, name: row.name, age: row.age, contact_number: row.contactNumber };
}

/** The ids of the videos in a stored report's halves (either may be missing). */
export function storedReportVideoIds(payload: StoredReportPayload): string[] {
  const summaries = [
    ...(payload.concentration_report?.video_summaries ?? []),
    ...(payload.motility_report?.video_summaries ?? []),
  ];
  return [...new Set(summaries.map((summary) => summary.video_id))];
}

/** What the stored payload holds; the derived fields are computed when it is read. */
export interface StoredReportPayload {
  readonly dataset_name?: string;
  readonly project_id?: string;
  readonly concentration_report?: ConcentrationReport;
  readonly motility_report?: MotilityReport;
  /** The sample as it was when the version was saved (absent in versions saved before). */
  readonly sample?: unknown;
  /** The sample's bench assessments when the version was saved (absent in versions saved before). */
  readonly assessments?: unknown;
  /** The clinician's interpretation (absent or null: the suggestion stands). */
  readonly interpretation?: unknown;
}

/** Why a stored report has no total sperm number (reports saved before it existed: no volume). */
function totalSpermNumberReason(c: ConcentrationReport['aggregated_results'] | undefined) {
  if (c === undefined || typeof c.total_sperm_number_million === 'number') return null;
  return c.total_sperm_number_reason ?? TOTAL_SPERM_NUMBER_REASONS.volumeUnknown;
}

export function toStoredReport(
  datasetId: string,
  fallback: { name: string; projectId: string },
  payload: StoredReportPayload,
  updatedAt: Date,
  patients: readonly ReportPatient[],
): StoredReport {
  const concentration = payload.concentration_report ?? null;
  const motility = payload.motility_report ?? null;
  const c = concentration?.aggregated_results;
  const m = motility?.aggregated_results;
  return {
    dataset_id: datasetId,
    dataset_name: payload.dataset_name ?? fallback.name,
    project_id: payload.project_id ?? fallback.projectId,
    concentration_report: concentration,
    motility_report: motility,
    reports_available: { concentration: concentration !== null, motility: motility !== null },
    last_updated: updatedAt.toISOString(),
    combined_summary: {
      concentration_million_per_ml: c?.mean_concentration_million_per_ml ?? null,
      concentration_classification: c?.overall_classification ?? null,
      progressive_percent: m?.progressive_percent ?? null,
      total_motility_percent: m?.total_motility_percent ?? null,
      immotile_percent: m?.motility_distribution.Immotile ?? null,
      average_velocity: m?.average_velocity ?? null,
      total_sperm_number_million: c?.total_sperm_number_million ?? null,
      total_sperm_number_classification: c?.total_sperm_number_classification ?? null,
      total_sperm_number_reason: totalSpermNumberReason(c),
      video_count: Math.max(
        concentration?.video_summaries.length ?? 0,
        motility?.video_summaries.length ?? 0,
      ),
    },
    patients: [...patients],
  };
}
