/**
 * Round cells in an analysis (issue 34): leukocytes and immature germ cells found by the detector
 * (`round_cell` detections) are counted per frame apart from the spermatozoa, and their
 * concentration follows from the same field volume as the sperm concentration.
 */
import { computeConcentration } from '../concentration/concentration.js';
import { median } from '../stats/median.js';
import type { Detection } from '../detect/types.js';
import type { RoundCellResult } from './result.js';

/** Whether a detection is a round cell (not a spermatozoon, kept out of the tracks). */
export function isRoundCellDetection(d: Detection): boolean {
  return d.className === 'round_cell';
}

/** The field the counts were made in and how the sample was diluted. */
export interface RoundCellField {
  readonly widthPx: number;
  readonly heightPx: number;
  readonly umPerPixel: number;
  readonly chamberDepthUm: number;
  readonly dilution: number;
}

/** Collects the round-cell count of every frame of an analysis. */
export class RoundCellCounter {
  private readonly counts: number[] = [];
  private seen = 0;

  /** Round cells seen over all frames so far. */
  get total(): number {
    return this.seen;
  }

  /** Adds one frame's detections (all of them: the round cells are picked out here). */
  add(detections: readonly Detection[]): void {
    let n = 0;
    for (const d of detections) if (isRoundCellDetection(d)) n += 1;
    this.counts.push(n);
    this.seen += n;
  }

  /**
   * Mean and median count per frame and the concentration, million/ml, with its 95 % interval:
   * Poisson on the mean count of one field, since round cells barely move and the same ones are
   * seen in every frame.
   */
  result(field: RoundCellField): RoundCellResult {
    const frames = this.counts.length;
    const mean = frames > 0 ? this.counts.reduce((a, b) => a + b, 0) / frames : 0;
    const concentration = computeConcentration({
      meanCountPerFrame: mean,
      widthPx: field.widthPx,
      heightPx: field.heightPx,
      umPerPixel: field.umPerPixel,
      chamberDepthUm: field.chamberDepthUm,
      dilution: field.dilution,
      semenVolumeMl: null,
    });
    return {
      mean_count_per_frame: mean,
      median_count_per_frame: median(this.counts),
      concentration_million_per_ml: concentration.mean_concentration_million_per_ml,
      ci95: concentration.ci95,
    };
  }
}
