import { z } from 'zod';
import { DESCRIPTION_MAX, ID_MAX, idText, multiLineText, singleLineText } from './limits.js';

/** Body of POST /sarm/calculation/cal-concentration and cal-motility. */
export const CalculationRequestSchema = z.object({
  video_ids: z.array(idText('Video id')).min(1).max(50),
  force_reanalysis: z.boolean().default(false),
  save_results: z.boolean().default(false),
  /** Why a signed report is amended: required when `save_results` follows a sign-off. */
  reason: multiLineText('Reason', DESCRIPTION_MAX, { trim: true }).optional(),
});
export type CalculationRequest = z.infer<typeof CalculationRequestSchema>;

export const MotilityDistributionSchema = z.object({
  'Rapid Progressive': z.number(),
  'Slow Progressive': z.number(),
  'Non Progressive': z.number(),
  Immotile: z.number(),
});

/** A 95 % confidence interval [low, high]. */
export const Interval95Schema = z.tuple([z.number(), z.number()]);

/** 95 % interval of each WHO motility class share, percent. */
export const MotilityIntervalsSchema = z.object({
  'Rapid Progressive': Interval95Schema,
  'Slow Progressive': Interval95Schema,
  'Non Progressive': Interval95Schema,
  Immotile: Interval95Schema,
});
export type MotilityIntervals = z.infer<typeof MotilityIntervalsSchema>;

/** Common drift of the field removed before kinematics, µm/s. */
export const DriftSummarySchema = z.object({
  vx_um_per_s: z.number(),
  vy_um_per_s: z.number(),
  speed_um_per_s: z.number(),
  /** Tracks the estimate rests on (0: no drift removed). */
  tracks_used: z.number(),
});
export type DriftSummary = z.infer<typeof DriftSummarySchema>;

/**
 * Counting uncertainty of a concentration and of motility shares (WHO 6th edition asks for 200
 * assessed cells per replicate). All optional: results stored before the engine computed them
 * still parse, and the screens then show the figures without intervals.
 */
const ConcentrationUncertaintyShape = {
  /** 95 % interval, million/ml, Poisson on the effective cells counted. */
  concentration_ci95: Interval95Schema.optional(),
  /** Effective number of independent cells counted. */
  cells_assessed: z.number().optional(),
  /** Set when fewer than 200 cells were assessed. */
  concentration_warning: z.string().nullable().optional(),
};
const MotilityUncertaintyShape = {
  /** 95 % Wilson interval of each class share, percent, from the tracks assessed. */
  motility_ci95: MotilityIntervalsSchema.optional(),
  /** Tracks classified (the n of the intervals). */
  tracks_assessed: z.number().optional(),
  /** Set when fewer than 200 tracks were assessed. */
  motility_warning: z.string().nullable().optional(),
};

/** Per-video figures. total_sperm_count: cells tracked long enough to be classified. */
export const VideoSummarySchema = z.object({
  video_id: z.string(),
  video_name: z.string(),
  analysis_id: z.string(),
  analyzed_at: z.string(),
  total_sperm_count: z.number(),
  mean_count_per_frame: z.number(),
  concentration_per_ml: z.number(),
  concentration_million_per_ml: z.number(),
  average_velocity: z.number(),
  motility_distribution: MotilityDistributionSchema,
  progressive_percent: z.number(),
  total_motility_percent: z.number(),
  frames: z.number(),
  duration_s: z.number(),
  width: z.number(),
  height: z.number(),
  ...ConcentrationUncertaintyShape,
  ...MotilityUncertaintyShape,
  /** Stage or flow drift removed from the tracks (absent in analyses made before it existed). */
  drift: DriftSummarySchema.optional(),
});
export type VideoSummary = z.infer<typeof VideoSummarySchema>;

export const CalculationErrorSchema = z.object({
  video_id: z.string(),
  video_name: z.string(),
  error: z.string(),
});
export type CalculationError = z.infer<typeof CalculationErrorSchema>;

/**
 * Total sperm number (million per ejaculate) = mean concentration × the sample's semen volume,
 * classified against the WHO 2021 lower reference limit (39 million); null with a reason when the
 * volume is unknown. Optional so reports stored before it still parse; the server always sends it.
 */
const TotalSpermNumberShape = {
  total_sperm_number_million: z.number().nullable().optional(),
  total_sperm_number_classification: z.enum(['normal', 'low']).nullable().optional(),
  total_sperm_number_reason: z.string().nullable().optional(),
};

/** A patient of the analysed videos, as the WHO report prints it. */
export const ReportPatientSchema = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().int().nullable(),
  contact_number: z.string(),
});
export type ReportPatient = z.infer<typeof ReportPatientSchema>;

/** The distinct patients of a report's videos; optional so reports stored before it still parse. */
const ReportPatientsSchema = z.array(ReportPatientSchema).optional();

export const ConcentrationReportSchema = z.object({
  aggregated_results: z.object({
    mean_concentration_million_per_ml: z.number(),
    overall_classification: z.enum(['normal', 'warning', 'error']),
    total_sperm_count: z.number(),
    ...TotalSpermNumberShape,
    /** Pooled over the videos: the interval rests on the summed effective cells. */
    ...ConcentrationUncertaintyShape,
  }),
  analysis_parameters: z.object({
    who_standard: z.string(),
    required_video_count: z.number(),
    chamber_specifications: z.object({ depth_um: z.number(), dilution_factor: z.number() }),
    formula: z.string(),
    micron_per_pixel: z.number(),
    /** The sample's semen volume when the analysis ran (ml); null when not recorded. */
    semen_volume_ml: z.number().nullable().optional(),
  }),
  video_summaries: z.array(VideoSummarySchema),
  errors: z.array(CalculationErrorSchema),
  patients: ReportPatientsSchema,
});
export type ConcentrationReport = z.infer<typeof ConcentrationReportSchema>;

export const MotilityReportSchema = z.object({
  aggregated_results: z.object({
    average_velocity: z.number(),
    motility_distribution: MotilityDistributionSchema,
    total_sperm_count: z.number(),
    progressive_percent: z.number(),
    total_motility_percent: z.number(),
    /** Pooled over the videos' tracks (Wilson on the pooled count). */
    ...MotilityUncertaintyShape,
    /** 95 % interval of progressive (a+b) and total (a+b+c) motility, percent. */
    progressive_ci95: Interval95Schema.optional(),
    total_motility_ci95: Interval95Schema.optional(),
  }),
  analysis_parameters: z.object({
    who_standard: z.string(),
    frame_size: z.object({ width: z.number(), height: z.number() }),
    micron_per_pixel: z.number(),
    motility_thresholds: z.object({ rapid_progressive: z.number(), slow_progressive: z.number() }),
  }),
  video_summaries: z.array(VideoSummarySchema),
  errors: z.array(CalculationErrorSchema),
  patients: ReportPatientsSchema,
});
export type MotilityReport = z.infer<typeof MotilityReportSchema>;

export const CombinedSummarySchema = z.object({
  concentration_million_per_ml: z.number().nullable(),
  concentration_classification: z.enum(['normal', 'warning', 'error']).nullable(),
  progressive_percent: z.number().nullable(),
  total_motility_percent: z.number().nullable(),
  immotile_percent: z.number().nullable(),
  average_velocity: z.number().nullable(),
  video_count: z.number(),
  ...TotalSpermNumberShape,
});

/** GET /sarm/report/get-report/{datasetId}. */
export const StoredReportSchema = z.object({
  dataset_id: z.string(),
  dataset_name: z.string(),
  project_id: z.string(),
  concentration_report: ConcentrationReportSchema.nullable(),
  motility_report: MotilityReportSchema.nullable(),
  reports_available: z.object({ concentration: z.boolean(), motility: z.boolean() }),
  last_updated: z.string(),
  combined_summary: CombinedSummarySchema,
  /** Computed when read from the reports' video ids, so reports saved earlier also have it. */
  patients: ReportPatientsSchema,
});
export type StoredReport = z.infer<typeof StoredReportSchema>;

/** GET /sarm/calculation/results?video_ids=a,b. */
/** Up to 50 comma-separated ids, as the calculation request takes. */
export const CalculationResultsQuerySchema = z.object({
  video_ids: singleLineText('Video ids', 50 * (ID_MAX + 1)).min(1),
});
export const CalculationResultsResponseSchema = z.object({
  results: z.array(VideoSummarySchema),
  missing: z.array(z.string()),
});

export const WHO_STANDARD_LABEL = 'WHO 6th edition (2021)';
