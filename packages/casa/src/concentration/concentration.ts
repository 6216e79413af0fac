import type { ConcentrationClassification } from '@sarm/contracts';
import { classifyConcentration } from '@sarm/contracts';
import { poissonInterval } from '../stats/intervals.js';

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
  /**
   * Effective number of independent cells behind the mean count (see `effectiveCellCount`); the
   * 95 % interval is Poisson on it. Without it, the mean count of one field is taken as the count.
   */
  readonly effectiveCells?: number;
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
  /**
   * 95 % interval of the concentration, million/ml, from counting statistics: Poisson on the
   * effective number of independent cells counted, scaled to the mean.
   */
  readonly ci95: [number, number];
  /** Effective number of independent cells counted (rounded). */
  readonly cells_assessed: number;
  /** Set when fewer than 200 cells were assessed (WHO 6th edition asks for 200 per replicate). */
  readonly warning: string | null;
}

/**
 * Sperm concentration from the mean head count in the field: the field holds area x depth µm³ and
 * 1 ml is 10^12 µm³, so one head per field is 10^12 / (A d) cells/ml, i.e. 10^6 / (A d) million/ml.
 */
export function computeConcentration(input: ConcentrationInput): ConcentrationResult {
  const area = input.widthPx * input.heightPx * input.umPerPixel ** 2;
  const volumeUm3 = area * input.chamberDepthUm;
  const concentration = (input.meanCountPerFrame / volumeUm3) * 1e6 * input.dilution;
  const cells = input.effectiveCells ?? input.meanCountPerFrame;
  const [low, high] = poissonInterval(cells);
  const perCell = cells > 0 ? concentration / cells : 0;
  // With no cell counted the upper bound is still finite: 3.7 cells' worth of one field.
  const unit = cells > 0 ? perCell : (1 / volumeUm3) * 1e6 * input.dilution;
  const assessed = Math.round(cells);
  return {
    mean_count_per_frame: input.meanCountPerFrame,
    mean_concentration_million_per_ml: concentration,
    overall_classification: classifyConcentration(concentration),
    total_sperm_count: input.semenVolumeMl === null ? null : concentration * input.semenVolumeMl,
    field_area_um2: area,
    field_volume_nl: volumeUm3 / 1e6,
    formula: CONCENTRATION_FORMULA,
    ci95: [low * unit, high * unit],
    cells_assessed: assessed,
    warning:
      assessed < 200
        ? `Only ${assessed} independent cells counted; WHO 6th edition asks for at least 200 per replicate`
        : null,
  };
}
