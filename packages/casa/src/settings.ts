import {
  DEFAULT_CHAMBER_DEPTH_UM,
  DEFAULT_DILUTION_FACTOR,
  WHO_PROGRESSION_THRESHOLDS_UM_PER_S,
} from '@sarm/contracts';

/** How heads look against the background: bright with a dark halo (phase contrast) or dark (bright-field). */
export type Polarity = 'bright' | 'dark';

/**
 * How heads are found: `blobs` thresholds and splits blobs (the default, with clusters counted by
 * their area); `peaks` takes every contrast peak as a head, for dense samples where heads touch
 * (see detect/peak-heads.ts).
 */
export type HeadFinding = 'blobs' | 'peaks';

/**
 * Every setting that changes a result. Stored in each result so it can be reproduced; `version`
 * changes whenever a default or a meaning changes.
 */
export interface CasaSettings {
  readonly version: 7;
  /** Overrides the container's frame rate (use only when the container is known to be wrong). */
  readonly fpsOverride: number | null;
  /** Spatial calibration. 0.5 µm/px is an assumption for 40x phase contrast on a 640x480 camera. */
  readonly umPerPixel: number;
  readonly chamberDepthUm: number;
  readonly dilution: number;
  /** Semen volume for the total count; null when unknown. */
  readonly semenVolumeMl: number | null;
  readonly polarity: Polarity;
  readonly headFinding: HeadFinding;
  /** Side of the square window of the local background estimate, µm. */
  readonly backgroundWindowUm: number;
  /** A pixel joins a blob above this many noise sigmas. */
  readonly lowThresholdSigma: number;
  /** A blob is kept only when its peak reaches this many noise sigmas. */
  readonly highThresholdSigma: number;
  /**
   * Floors of the two thresholds in grey levels: compressed video has almost no pixel noise, and
   * without a floor the background texture of the slide would be taken for heads. The detector
   * lowers them to a share of the recording's head contrast when its heads are dimmer (see
   * `detect/classical-detector.ts`), so defocused heads at half contrast still pass.
   */
  readonly lowThresholdMinGrey: number;
  readonly highThresholdMinGrey: number;
  /** Head area limits, µm²: smaller blobs are pinheads or debris, larger ones clusters or round cells. */
  readonly minHeadAreaUm2: number;
  readonly maxHeadAreaUm2: number;
  /** Blobs larger than this are not sperm at all (round cells, large debris). */
  readonly maxClusterAreaUm2: number;
  /** Blobs of one head split by a darker line are merged when their centroids are this close, µm. */
  readonly mergeDistanceUm: number;
  /** Maximum distance between a predicted and a detected position, µm. */
  readonly trackerGateUm: number;
  /** Time a track may go unseen before it ends, s (a whole number of frames, at least one). */
  readonly maxGapS: number;
  /** Tracks shorter than this are counted for concentration but not for kinematics. */
  readonly minTrackFrames: number;
  /** Points in the moving average that defines the average path (VAP). */
  readonly vapWindow: number;
  readonly rapidProgressiveUmPerS: number;
  readonly slowProgressiveUmPerS: number;
  /**
   * Class (c) vs (d), see `motion/flagellar-activity.ts`: a head below the progression threshold is
   * non-progressive when its drift-corrected steps show periodic motion at one frequency, tested
   * against the track's own spectrum at family-wise tail probability `beatSignificance`: a beat (a
   * spectral line from 1 / `beatMaxPeriodS`, 4 Hz, to the Nyquist frequency) or circling (a rotation,
   * power at +f but not at -f, from 1 Hz to 1 / `beatMaxPeriodS`); else immotile. Localisation
   * noise, however large or temporally correlated (compressed video), and a random walk, however far
   * it wanders, show neither.
   */
  readonly beatMaxPeriodS: number;
  readonly beatSignificance: 0.05 | 0.01 | 0.001 | 0.0001;
  /** Time over which the common drift's per-frame steps are averaged, s (see `motion/drift.ts`). */
  readonly driftSmoothingS: number;
}

export const DEFAULT_CASA_SETTINGS: CasaSettings = {
  version: 7,
  fpsOverride: null,
  umPerPixel: 0.5,
  chamberDepthUm: DEFAULT_CHAMBER_DEPTH_UM,
  dilution: DEFAULT_DILUTION_FACTOR,
  semenVolumeMl: null,
  polarity: 'bright',
  headFinding: 'blobs',
  backgroundWindowUm: 12,
  lowThresholdSigma: 3,
  highThresholdSigma: 6,
  lowThresholdMinGrey: 25,
  highThresholdMinGrey: 50,
  minHeadAreaUm2: 5,
  maxHeadAreaUm2: 45,
  maxClusterAreaUm2: 150,
  mergeDistanceUm: 3.6,
  trackerGateUm: 5,
  maxGapS: 0.2,
  minTrackFrames: 10,
  vapWindow: 9,
  rapidProgressiveUmPerS: WHO_PROGRESSION_THRESHOLDS_UM_PER_S.rapidProgressive,
  slowProgressiveUmPerS: WHO_PROGRESSION_THRESHOLDS_UM_PER_S.slowProgressive,
  beatMaxPeriodS: 0.25,
  beatSignificance: 0.001,
  driftSmoothingS: 1,
};

export class InvalidSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSettingsError';
  }
}

const POSITIVE_KEYS = [
  'umPerPixel',
  'chamberDepthUm',
  'dilution',
  'backgroundWindowUm',
  'lowThresholdSigma',
  'highThresholdSigma',
  'lowThresholdMinGrey',
  'highThresholdMinGrey',
  'minHeadAreaUm2',
  'maxHeadAreaUm2',
  'maxClusterAreaUm2',
  'mergeDistanceUm',
  'trackerGateUm',
  'rapidProgressiveUmPerS',
  'slowProgressiveUmPerS',
  'beatMaxPeriodS',
  'driftSmoothingS',
  'maxGapS',
] as const;

/** Fills defaults and validates; throws {@link InvalidSettingsError} naming the bad setting. */
export function resolveSettings(partial: Partial<CasaSettings> = {}): CasaSettings {
  const s: CasaSettings = { ...DEFAULT_CASA_SETTINGS, ...partial, version: 7 };
  for (const key of POSITIVE_KEYS) {
    const value = s[key];
    if (!Number.isFinite(value) || value <= 0) {
      throw new InvalidSettingsError(
        `Setting ${key} must be a positive number (got ${String(value)})`,
      );
    }
  }
  if (s.fpsOverride !== null && !(s.fpsOverride > 0)) {
    throw new InvalidSettingsError('Setting fpsOverride must be a positive number or null');
  }
  if (s.semenVolumeMl !== null && !(s.semenVolumeMl > 0)) {
    throw new InvalidSettingsError('Setting semenVolumeMl must be a positive number or null');
  }
  if (s.lowThresholdSigma > s.highThresholdSigma) {
    throw new InvalidSettingsError('lowThresholdSigma must not exceed highThresholdSigma');
  }
  if (s.minHeadAreaUm2 >= s.maxHeadAreaUm2 || s.maxHeadAreaUm2 >= s.maxClusterAreaUm2) {
    throw new InvalidSettingsError(
      'Area limits must satisfy minHeadAreaUm2 < maxHeadAreaUm2 < maxClusterAreaUm2',
    );
  }
  if (s.headFinding !== 'blobs' && s.headFinding !== 'peaks') {
    throw new InvalidSettingsError("Setting headFinding must be 'blobs' or 'peaks'");
  }
  if (![0.05, 0.01, 0.001, 0.0001].includes(s.beatSignificance)) {
    throw new InvalidSettingsError('Setting beatSignificance must be 0.05, 0.01, 0.001 or 0.0001');
  }
  if (s.slowProgressiveUmPerS >= s.rapidProgressiveUmPerS) {
    throw new InvalidSettingsError('slowProgressiveUmPerS must be below rapidProgressiveUmPerS');
  }
  for (const key of ['minTrackFrames', 'vapWindow'] as const) {
    if (!Number.isInteger(s[key]) || s[key] < 2) {
      throw new InvalidSettingsError(`Setting ${key} must be an integer (got ${String(s[key])})`);
    }
  }
  return s;
}
