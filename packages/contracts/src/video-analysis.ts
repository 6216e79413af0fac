import { z } from 'zod';
import { DriftSummarySchema, MotilityDistributionSchema } from './analysis.js';
import { TimestampSchema } from './common.js';
import { idText } from './limits.js';
import { WHO_MOTILITY_CATEGORIES } from './who.js';

/** Params of GET /sarm/analysis/{videoId} (alias /business/analysis/{videoId}). */
export const VideoAnalysisParamsSchema = z.object({ videoId: idText('Video id') });

/** One position of a tracked head: [frame index, x px, y px]. */
export const TrackPointSchema = z.tuple([z.number(), z.number(), z.number()]);

/** Median head shape over a track's detections, in µm (absent in analyses made before it existed). */
export const TrackMorphometrySchema = z.object({
  area_um2: z.number(),
  length_um: z.number(),
  width_um: z.number(),
  ellipticity: z.number(),
  perimeter_um: z.number(),
});

/** One track with its WHO category and CASA kinematics (µm/s, %, µm, Hz, s). */
export const AnalysisTrackSchema = z.object({
  id: z.number(),
  category: z.enum(WHO_MOTILITY_CATEGORIES),
  vcl: z.number(),
  vsl: z.number(),
  vap: z.number(),
  lin: z.number(),
  str: z.number(),
  wob: z.number(),
  alh_mean: z.number(),
  alh_max: z.number(),
  bcf: z.number(),
  mad: z.number(),
  duration_s: z.number(),
  points: z.array(TrackPointSchema),
  morphometry: TrackMorphometrySchema.nullable(),
});
export type AnalysisTrack = z.infer<typeof AnalysisTrackSchema>;

export const VideoConcentrationSchema = z.object({
  mean_count_per_frame: z.number(),
  mean_concentration_million_per_ml: z.number(),
  overall_classification: z.enum(['normal', 'warning', 'error']),
  total_sperm_count: z.number().nullable(),
  field_area_um2: z.number(),
  field_volume_nl: z.number(),
  formula: z.string(),
  /** 95 % interval from counting statistics, million/ml (absent in analyses made before it existed). */
  ci95: z.tuple([z.number(), z.number()]).optional(),
  /** Effective number of independent cells counted. */
  cells_assessed: z.number().optional(),
  /** Set when fewer than 200 cells were assessed (WHO 6th edition). */
  warning: z.string().nullable().optional(),
});

export const VideoMotilitySchema = z.object({
  average_velocity: z.number(),
  motility_distribution: MotilityDistributionSchema,
  progressive_percent: z.number(),
  total_motility_percent: z.number(),
  classification: z.object({
    progressive: z.enum(['normal', 'below']),
    total: z.enum(['normal', 'below']),
  }),
  track_count: z.number(),
  /** 95 % Wilson interval of each class share, percent (absent in analyses made before it existed). */
  ci95: z
    .object({
      'Rapid Progressive': z.tuple([z.number(), z.number()]),
      'Slow Progressive': z.tuple([z.number(), z.number()]),
      'Non Progressive': z.tuple([z.number(), z.number()]),
      Immotile: z.tuple([z.number(), z.number()]),
    })
    .optional(),
  /** Tracks classified (the n of the intervals). */
  tracks_assessed: z.number().optional(),
  /** 95 % Wilson interval of progressive (a+b) and total (a+b+c) motility, percent. */
  progressive_ci95: z.tuple([z.number(), z.number()]).optional(),
  total_motility_ci95: z.tuple([z.number(), z.number()]).optional(),
  /** Set when fewer than 200 tracks were assessed (WHO 6th edition). */
  warning: z.string().nullable().optional(),
});

/** Common drift of the field removed before kinematics, µm/s (absent in older analyses). */
export const VideoDriftSchema = DriftSummarySchema;

/**
 * How the analysed frames were spaced in time, read from their own timestamps (absent in analyses
 * made before the engine read them). A browser recording that stalls keeps its frames' real times,
 * so the stall shows as a gap: `dropped_frames` are the frames missing in such gaps (intervals
 * over 1.5 x the nominal one), and `dropped_over_limit` marks a field that lost more than
 * `max_dropped_share` of its frames. Velocities are measured over the real time between frames.
 */
export const VideoTimingSchema = z.object({
  timing: z.enum(['constant', 'variable']),
  dropped_frames: z.number(),
  /** Dropped frames over the frames the recording should have held, 0..1. */
  dropped_share: z.number(),
  /** Longest interval between two frames, s. */
  max_gap_s: z.number(),
  /** The dropped share above which the field is marked, 0..1. */
  max_dropped_share: z.number(),
  dropped_over_limit: z.boolean(),
});
export type VideoTiming = z.infer<typeof VideoTimingSchema>;

/**
 * Set by the engine when the detected heads are far smaller (`heads_too_small`) or larger
 * (`heads_too_large`) than a sperm head at the analysis' µm per pixel: the calibration looks
 * wrong, and counts, sizes and speeds with it. Absent in analyses made before the engine checked.
 */
export const CalibrationWarningSchema = z.object({
  code: z.enum(['heads_too_small', 'heads_too_large']),
  /** Typical detected head area at the analysis' calibration, µm². */
  measured_head_area_um2: z.number(),
  /** Areas that pass the check, µm². */
  expected_range_um2: z.tuple([z.number(), z.number()]),
  um_per_pixel: z.number(),
  /** The calibration that would make the typical head its expected size, µm per pixel. */
  suggested_um_per_pixel: z.number(),
  message: z.string(),
});
export type CalibrationWarning = z.infer<typeof CalibrationWarningSchema>;

/**
 * Round cells (leukocytes, immature germ cells) the engine counted apart from the spermatozoa:
 * per frame and as a concentration by the same field volume.
 */
export const VideoRoundCellsSchema = z.object({
  mean_count_per_frame: z.number(),
  median_count_per_frame: z.number(),
  concentration_million_per_ml: z.number(),
  ci95: z.tuple([z.number(), z.number()]),
});
export type VideoRoundCells = z.infer<typeof VideoRoundCellsSchema>;

/** The newest stored CASA analysis of a video. */
export const StoredVideoAnalysisSchema = z.object({
  id: z.string(),
  createdAt: TimestampSchema,
  settings: z.record(z.string(), z.unknown()),
  concentration: VideoConcentrationSchema,
  motility: VideoMotilitySchema,
  drift: VideoDriftSchema.optional(),
  timing: VideoTimingSchema.optional(),
  calibration_warning: CalibrationWarningSchema.nullable().optional(),
  /** Absent where round cells were not measured (older analyses, bright-field videos). */
  round_cells: VideoRoundCellsSchema.optional(),
  tracks: z.array(AnalysisTrackSchema),
});
export type StoredVideoAnalysis = z.infer<typeof StoredVideoAnalysisSchema>;

/** GET /sarm/analysis/{videoId}: the video's geometry and timing, and its latest analysis or null. */
export const VideoAnalysisResponseSchema = z.object({
  video: z.object({
    id: z.string(),
    name: z.string(),
    datasetId: z.string(),
    width: z.number(),
    height: z.number(),
    fps: z.number(),
    frames: z.number(),
    duration_s: z.number(),
  }),
  analysis: StoredVideoAnalysisSchema.nullable(),
});
export type VideoAnalysisResponse = z.infer<typeof VideoAnalysisResponseSchema>;
