/**
 * WHO reference values. The 6th edition (2021) table belongs to the analysis and stored reports;
 * the 2010 set is used by the report generator and the analysis details dialog (spec 1, section 9).
 */

/** Motility category keys exactly as the API and the screens use them. */
export const WHO_MOTILITY_CATEGORIES = [
  'Rapid Progressive',
  'Slow Progressive',
  'Non Progressive',
  'Immotile',
] as const;
export type WhoMotilityCategory = (typeof WHO_MOTILITY_CATEGORIES)[number];

export type MotilityDistribution = Record<WhoMotilityCategory, number>;

/** Lower reference limits, WHO 6th edition (2021), 5th centile. */
export const WHO_2021_LIMITS = {
  semenVolumeMl: 1.4,
  concentrationMillionPerMl: 16,
  totalSpermMillion: 39,
  totalMotilityPercent: 42,
  progressiveMotilityPercent: 30,
  vitalityPercent: 54,
  normalFormsPercent: 4,
} as const;

/** Older WHO 2010 reference set used by the report generator. */
export const WHO_2010_LIMITS = {
  concentrationMillionPerMl: 15,
  totalMotilityPercent: 40,
  progressiveMotilityPercent: 32,
  normalFormsPercent: 4,
  vitalityPercent: 58,
} as const;

/** Concentration classification: normal at or above 16, warning at or above 5, else error. */
export const CONCENTRATION_WARNING_FLOOR_MILLION_PER_ML = 5;

export type ConcentrationClassification = 'normal' | 'warning' | 'error';

export function classifyConcentration(millionPerMl: number): ConcentrationClassification {
  if (millionPerMl >= WHO_2021_LIMITS.concentrationMillionPerMl) return 'normal';
  if (millionPerMl >= CONCENTRATION_WARNING_FLOOR_MILLION_PER_ML) return 'warning';
  return 'error';
}

/** Progression speed thresholds (µm/s) separating the WHO categories. */
export const WHO_PROGRESSION_THRESHOLDS_UM_PER_S = {
  rapidProgressive: 25,
  slowProgressive: 5,
} as const;

/** Defaults of the chamber and sample (spec 1, section 9). */
export const DEFAULT_CHAMBER_DEPTH_UM = 20;
export const DEFAULT_DILUTION_FACTOR = 1;
/** Number of videos a WHO standard analysis needs. */
export const WHO_REQUIRED_VIDEO_COUNT = 5;

/** At or above the WHO 2021 lower reference limit (39 million per ejaculate), or below it. */
export type TotalSpermNumberClassification = 'normal' | 'low';

export const TOTAL_SPERM_NUMBER_REASONS = {
  volumeUnknown: 'Semen volume not recorded for this sample',
  severalSamples: 'The videos belong to more than one sample',
} as const;

/** The total sperm number of an ejaculate, or null with the reason it cannot be given. */
export interface TotalSpermNumber {
  readonly total_sperm_number_million: number | null;
  readonly total_sperm_number_classification: TotalSpermNumberClassification | null;
  readonly total_sperm_number_reason: string | null;
}

export function classifyTotalSpermNumber(million: number): TotalSpermNumberClassification {
  return million >= WHO_2021_LIMITS.totalSpermMillion ? 'normal' : 'low';
}

/**
 * Total sperm number (million per ejaculate) = mean concentration (million/ml) × semen volume
 * (ml). `volumeMl` null: not measured, with `reason` (default: volume not recorded).
 */
export function totalSpermNumber(
  meanConcentrationMillionPerMl: number,
  volumeMl: number | null,
  reason: string = TOTAL_SPERM_NUMBER_REASONS.volumeUnknown,
): TotalSpermNumber {
  if (volumeMl === null || !Number.isFinite(meanConcentrationMillionPerMl))
    return {
      total_sperm_number_million: null,
      total_sperm_number_classification: null,
      total_sperm_number_reason: reason,
    };
  const million = meanConcentrationMillionPerMl * volumeMl;
  return {
    total_sperm_number_million: million,
    total_sperm_number_classification: classifyTotalSpermNumber(million),
    total_sperm_number_reason: null,
  };
}

/**
 * WHO consensus thresholds that are upper limits, not 5th centiles (WHO 2010 Table A1.1, kept in
 * 2021): peroxidase-positive leukocytes above 1 million/ml, and 50 % or more of motile
 * spermatozoa with bound particles or beads, are flagged.
 */
export const WHO_UPPER_THRESHOLDS = {
  peroxidaseLeukocytesMillionPerMl: 1,
  boundMotilePercent: 50,
} as const;
