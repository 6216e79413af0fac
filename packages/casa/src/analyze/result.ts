import type { WhoMotilityCategory } from '@sarm/contracts';
import type { ConcentrationResult } from '../concentration/concentration.js';
import type { PolarityDecision } from '../detect/polarity.js';
import type { HeadMorphometry } from '../morphometry/morphometry.js';
import type { Kinematics } from '../kinematics/kinematics.js';
import type { DriftEstimate } from '../motion/drift.js';
import type { CalibrationWarning } from './head-size.js';
import type { CasaSettings, Polarity } from '../settings.js';
import type { TrackPoint } from '../track/tracker.js';
import type { MotilitySummary } from '../who/motility.js';

export interface TrackResult extends Omit<Kinematics, 'duration_s'> {
  readonly id: number;
  readonly category: WhoMotilityCategory;
  readonly duration_s: number;
  readonly points: TrackPoint[];
  /** Median head shape over the track's detections. */
  readonly morphometry: HeadMorphometry;
}

/** [x1, y1, x2, y2, confidence] in pixels. */
export type DetectionBox = readonly [number, number, number, number, number];

export interface FrameResult {
  readonly frame: number;
  /** Cells counted in the frame (heads plus the estimated members of clusters). */
  readonly count: number;
  readonly detections?: DetectionBox[];
}

/** Which head polarity the analysis used and how it was chosen. */
export interface PolarityReport {
  readonly used: Polarity;
  /** `settings`: taken from `settings.polarity`; `auto`: decided from the first frames. */
  readonly chosen_by: 'settings' | 'auto';
  /** The evidence of the automatic decision; null when the settings chose. */
  readonly auto: PolarityDecision | null;
}

/**
 * Round cells (leukocytes, immature germ cells: round, 7 to 15 µm, no tail) seen in the field,
 * counted apart from the spermatozoa (issue 34); they never enter the sperm count or the tracks.
 */
export interface RoundCellResult {
  /** Mean round cells per frame (what the concentration uses). */
  readonly mean_count_per_frame: number;
  readonly median_count_per_frame: number;
  /** From the mean count and the field volume, by the sperm concentration's formula, million/ml. */
  readonly concentration_million_per_ml: number;
  /** 95 % interval of the concentration, million/ml (Poisson on the mean count of one field). */
  readonly ci95: [number, number];
}

/** Everything an analysis of one video produces; JSON-serialisable, snake_case as the API uses it. */
export interface AnalysisResult {
  readonly engine: { readonly name: 'sarm-casa'; readonly settings_version: number };
  readonly video: {
    readonly width: number;
    readonly height: number;
    readonly fps: number;
    readonly frames: number;
    readonly duration_s: number;
    /**
     * How the frames were spaced: `variable` when their own timestamps were uneven (jitter or
     * stalls), and velocities were then measured over the real time between frames.
     */
    readonly timing: 'constant' | 'variable';
    /** Frames missing in the timestamps' gaps (intervals over 1.5 x the nominal one). */
    readonly dropped_frames: number;
    /** Dropped frames over the frames the recording should have held, 0..1. */
    readonly dropped_share: number;
    /** Longest interval between two frames, s. */
    readonly max_gap_s: number;
    /** The share of dropped frames above which the recording is marked, 0..1. */
    readonly max_dropped_share: number;
    /** True when `dropped_share` exceeds `max_dropped_share`. */
    readonly dropped_over_limit: boolean;
  };
  readonly settings: CasaSettings;
  readonly polarity: PolarityReport;
  /**
   * Set when the detected heads are far smaller or larger than a sperm head at the settings'
   * µm per pixel: the calibration (or the optics it stands for) looks wrong, and counts, sizes and
   * speeds with it. Null when the sizes pass or too few objects were seen to tell.
   */
  readonly calibration_warning: CalibrationWarning | null;
  readonly concentration: ConcentrationResult;
  /**
   * Round cells counted apart; absent where they were not measured: results made before they were
   * counted, and bright-field analyses whose detector reported none (the classical detector tells
   * round cells apart under phase contrast only).
   */
  readonly round_cells?: RoundCellResult;
  readonly motility: MotilitySummary;
  /** Common drift of the field, removed from every track before VSL, VAP and the WHO classes. */
  readonly drift: DriftEstimate;
  readonly tracks: TrackResult[];
  readonly per_frame: FrameResult[];
}
