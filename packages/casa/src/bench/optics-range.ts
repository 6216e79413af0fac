/**
 * The benchmark's optics section (issue 34): what the field-range and hard sections do not cover —
 * the highest magnification (0.25 µm per pixel) at 25 and 100 fps, heads stuck to the glass, and the
 * other optics the generator draws (bright field, dark heads with a bright halo, dark field), each
 * on tuning and held-out seeds, hard imaging, 80 heads.
 */
import type { SimulationParams, SimulationPolarity } from '../simulate/params.js';
import { HARD_SAMPLE_PARAMS, headPolarityOf } from '../simulate/params.js';
import { measureAccuracy } from './accuracy.js';
import type { FieldFigures } from './field-range.js';

/** Seeds looked at while writing the cases (and the stuck cells' rendering). */
export const OPTICS_TUNING_SEEDS = [401, 402] as const;
/** Seeds never looked at. */
export const OPTICS_HELD_OUT_SEEDS = [9401, 9402] as const;

/** A generated case: its label and the generator's settings. */
export interface OpticsCase {
  readonly label: string;
  readonly params: Partial<SimulationParams>;
}

const SECONDS = 3;

function opticsCase(
  label: string,
  params: Partial<SimulationParams> & { fps?: number; polarity?: SimulationPolarity },
): OpticsCase {
  const fps = params.fps ?? 50;
  return {
    label,
    params: {
      ...HARD_SAMPLE_PARAMS,
      sperm: 80,
      umPerPixel: 0.5,
      ...params,
      fps,
      frames: SECONDS * fps,
    },
  };
}

/** The section's cases. */
export const OPTICS_CASES: readonly OpticsCase[] = [
  opticsCase('0.25 um/px, 25 fps', { umPerPixel: 0.25, fps: 25 }),
  opticsCase('0.25 um/px, 100 fps', { umPerPixel: 0.25, fps: 100 }),
  opticsCase('30 % stuck to glass', { stuckShare: 0.3 }),
  opticsCase('dark halo, 0.5 um/px', { polarity: 'phase-contrast-dark' }),
  opticsCase('dark field, 0.5 um/px', { polarity: 'dark-field' }),
  opticsCase('bright field, 0.5', { polarity: 'bright-field' }),
  opticsCase('bright field, 0.8', { polarity: 'bright-field', umPerPixel: 0.8 }),
];

/** Measures every case on a seed set (the case's index added to the seed), blob head finding. */
export function measureOptics(seeds: readonly number[]): Promise<FieldFigures[]> {
  return measureBlobCases(OPTICS_CASES, seeds);
}

/**
 * Measures the cases whose label passes `selected` on a seed set (the case's index added to the
 * seed) with blob head finding, each with the polarity its optics need.
 */
export async function measureBlobCases(
  cases: readonly OpticsCase[],
  seeds: readonly number[],
  selected: (label: string) => boolean = () => true,
): Promise<FieldFigures[]> {
  const figures: FieldFigures[] = [];
  for (const [i, c] of cases.entries()) {
    if (!selected(c.label)) continue;
    for (const seed of seeds) {
      const polarity = headPolarityOf(c.params.polarity ?? 'phase-contrast');
      const f = await measureAccuracy(
        `${c.label} #${seed + i}`,
        { ...c.params, seed: seed + i },
        { polarity },
      );
      figures.push({ ...f, headFinding: 'blobs' });
    }
  }
  return figures;
}
