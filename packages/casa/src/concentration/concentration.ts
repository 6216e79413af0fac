import type { ConcentrationClassification } from '@sarm/contracts';
import { classifyConcentration } from '@sarm/contracts';

export const CONCENTRATION_FORMULA =
  'concentration (million/ml) = mean count per frame / (field area µm² x chamber depth µm) x 10^6 x dilution';

export interface ConcentrationInput {
  readonly meanCountPerFrame: number;
  readonly widthPx: number;
  readonly heightPx: number;
  readonly umPerPixel: number;
  readonly chamberDepthUm: number;
  readonly dilution: number;
  readonly semenVolumeMl: number | null;
}

export interface ConcentrationResult {
  readonly mean_count_per_frame: number;
  readonly mean_concentration_million_per_ml: number;
  readonly overall_classification: ConcentrationClassification;
  /** Million cells in the ejaculate; null when the semen volume is unknown. */
  readonly total_sperm_count: number | null;
  readonly field_area_um2: number;
  readonly field_volume_nl: number;
  readonly formula: string;
}

/**
 * Sperm concentration from the mean head count in the field: the field holds area x depth µm³ and
 * 1 ml is 10^12 µm³, so one head per field is 10^12 / (A d) cells/ml, i.e. 10^6 / (A d) million/ml.
 */
export function computeConcentration(input: ConcentrationInput): ConcentrationResult {
  const area = input.widthPx * input.heightPx * input.umPerPixel ** 2;
  const volumeUm3 = area * input.chamberDepthUm;
  const concentration = (input.meanCountPerFrame / volumeUm3) * 1e6 * input.dilution;
  return {
    mean_count_per_frame: input.meanCountPerFrame,
    mean_concentration_million_per_ml: concentration,
    overall_classification: classifyConcentration(concentration),
    total_sperm_count: input.semenVolumeMl === null ? null : concentration * input.semenVolumeMl,
    field_area_um2: area,
    field_volume_nl: volumeUm3 / 1e6,
    formula: CONCENTRATION_FORMULA,
  };
}
