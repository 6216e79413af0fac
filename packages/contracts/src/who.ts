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
