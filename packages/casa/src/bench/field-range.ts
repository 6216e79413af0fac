/**
 * The benchmark's field-range section (issue 34): low magnification (a 10x objective, 1.0, 1.2,
 * 1.3, 1.4 and 1.5 µm per pixel, heads 3 to 5 pixels long) and very dense fields (250 heads in
 * 640 x 480), each on tuning seeds and on held-out seeds, with both ways of finding heads on the
 * dense fields.
 */
import type { HeadFinding } from '../settings.js';
import { HARD_SAMPLE_PARAMS } from '../simulate/params.js';
import type { SimulationParams } from '../simulate/params.js';
import type { AccuracyFigures } from './accuracy.js';
import { measureAccuracy } from './accuracy.js';

/** Seeds looked at while writing the engine's low-magnification and dense-field code. */
export const FIELD_TUNING_SEEDS = [301, 302] as const;
/** Seeds never looked at. */
export const FIELD_HELD_OUT_SEEDS = [9301, 9302] as const;

/** One case: a generated field, and the head findings it is measured with. */
export interface FieldCase {
  readonly label: string;
  readonly params: Partial<SimulationParams>;
  readonly findings: readonly HeadFinding[];
}

/** The section's cases for one seed set: 3 s at 50 fps each. */
export function fieldCases(seeds: readonly number[]): FieldCase[] {
  const seed = (i: number): number => (seeds[i % seeds.length] ?? 1) + i;
  const base = { ...HARD_SAMPLE_PARAMS, fps: 50, frames: 150 };
  // [µm per pixel, seed index]: 1.3 and 1.4 came later and take indices after the dense cases', so
  // every older case keeps its seed.
  const lowMag = (
    [
      [1.0, 0],
      [1.2, 1],
      [1.3, 5],
      [1.4, 6],
      [1.5, 2],
    ] as const
  ).map(([umPerPixel, i]): FieldCase => ({
    label: `80 heads, ${umPerPixel.toFixed(1)} um/px`,
    params: { ...base, sperm: 80, umPerPixel, seed: seed(i) },
    findings: ['blobs'],
  }));
  const dense = [0.5, 0.8].map((umPerPixel, i): FieldCase => ({
    label: `250 heads, ${umPerPixel.toFixed(1)} um/px`,
    params: { ...base, sperm: 250, umPerPixel, seed: seed(3 + i) },
    findings: ['blobs', 'peaks'],
  }));
  return [...lowMag, ...dense];
}

/** A case's figures for one way of finding heads. */
export interface FieldFigures extends AccuracyFigures {
  readonly headFinding: HeadFinding;
}

/** Measures every case of a seed set. */
export async function measureFields(seeds: readonly number[]): Promise<FieldFigures[]> {
  const figures: FieldFigures[] = [];
  for (const c of fieldCases(seeds)) {
    for (const headFinding of c.findings) {
      const f = await measureAccuracy(c.label, c.params, { headFinding });
      figures.push({ ...f, headFinding });
    }
  }
  return figures;
}

/** The section's lines for one seed set. */
export function formatFields(title: string, figures: readonly FieldFigures[]): string[] {
  return [
    title,
    'case                     finding     F1  conc err %  worst class pp  conc in 95 % CI',
    ...figures.map(
      (f) =>
        `${f.label.padEnd(24)} ${f.headFinding.padEnd(7)} ${f.f1.toFixed(3).padStart(6)} ${f.concentrationErrorPercent.toFixed(1).padStart(10)} ${f.worstClassErrorPp.toFixed(1).padStart(15)}  ${f.concentrationCovered ? 'yes' : 'no'}`,
    ),
  ];
}
