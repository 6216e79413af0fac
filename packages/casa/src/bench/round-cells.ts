/**
 * Bench of round cells (issue 34): generated fields with 40 heads and 10 round cells (leukocytes,
 * germ cells), analysed with and without the round cells from the same seed. It reports how well
 * the round cells are counted apart and how much they move the sperm concentration.
 */
import { analyzeFrames } from '../analyze/analyze-frames.js';
import { resolveSettings } from '../settings.js';
import type { SimulationParams } from '../simulate/params.js';
import { HARD_SAMPLE_PARAMS } from '../simulate/params.js';
import { createSimulation } from '../simulate/simulation.js';
import type { GrayFrame } from '../types.js';

/**
 * Seeds whose failures were looked at while the round-cell detection and look were written (seeds
 * 1 to 10 and 9202 were looked at too).
 */
export const ROUND_CELL_TUNING_SEEDS = [3, 7, 9201, 9203] as const;
/** Seeds never looked at while it was written. */
export const ROUND_CELL_HELD_OUT_SEEDS = [9301, 9302, 9303] as const;

const FRAMES = 100;
const SPERM = 40;
const ROUND_CELLS = 10;

/** The imaging of each case; each runs with and without the round cells. */
export const ROUND_CELL_CASES: readonly [string, Partial<SimulationParams>][] = [
  ['phase contrast', {}],
  ['phase contrast, hard sample', HARD_SAMPLE_PARAMS],
  ['bright field', { polarity: 'bright-field' }],
];

/** Figures of one case and seed. */
export interface RoundCellFigures {
  readonly label: string;
  readonly seed: number;
  /** True and found round cells per frame (mean over frames). */
  readonly trueRoundPerFrame: number;
  /** Null where the analysis did not measure round cells (bright field). */
  readonly foundRoundPerFrame: number | null;
  /** Round-cell concentration found vs true, percent (signed); null where not measured. */
  readonly roundConcentrationErrorPercent: number | null;
  /** Sperm concentration found vs true, percent (signed), without and with the round cells. */
  readonly spermErrorWithoutPercent: number;
  readonly spermErrorWithPercent: number;
}

async function analyse(params: Partial<SimulationParams>) {
  const sim = createSimulation(params);
  function* frames(): Generator<GrayFrame> {
    for (let i = 0; i < sim.info.frameCount; i++) yield sim.renderFrame(i);
  }
  const settings = resolveSettings({
    umPerPixel: sim.truth.um_per_pixel,
    polarity: sim.truth.params.polarity === 'bright-field' ? 'dark' : 'bright',
  });
  return { truth: sim.truth, result: await analyzeFrames(frames(), sim.info, settings) };
}

const percent = (found: number, truth: number): number =>
  truth > 0 ? (100 * (found - truth)) / truth : 0;

/** Runs every case on every seed. */
export async function measureRoundCells(seeds: readonly number[]): Promise<RoundCellFigures[]> {
  const out: RoundCellFigures[] = [];
  for (const [label, imaging] of ROUND_CELL_CASES) {
    for (const seed of seeds) {
      const base = { ...imaging, sperm: SPERM, frames: FRAMES, seed };
      const plain = await analyse(base);
      const mixed = await analyse({ ...base, roundCells: ROUND_CELLS });
      const e = mixed.truth.expected;
      const round = mixed.result.round_cells;
      out.push({
        label,
        seed,
        trueRoundPerFrame: e.round_cells_mean_count_per_frame,
        foundRoundPerFrame: round?.mean_count_per_frame ?? null,
        roundConcentrationErrorPercent:
          round === undefined
            ? null
            : percent(
                round.concentration_million_per_ml,
                e.round_cell_concentration_million_per_ml,
              ),
        spermErrorWithoutPercent: percent(
          plain.result.concentration.mean_concentration_million_per_ml,
          plain.truth.expected.concentration_million_per_ml,
        ),
        spermErrorWithPercent: percent(
          mixed.result.concentration.mean_concentration_million_per_ml,
          e.concentration_million_per_ml,
        ),
      });
    }
  }
  return out;
}

/** Lines of the bench's round-cell section for one seed set. */
export function formatRoundCells(title: string, figures: readonly RoundCellFigures[]): string[] {
  const signed = (v: number | null): string =>
    (v === null ? 'n/a' : `${v > 0 ? '+' : ''}${v.toFixed(1)}`).padStart(7);
  const lines = [
    title,
    'case                          seed  round cells/frame found (true)  round conc err %  sperm conc err % without / with round cells',
  ];
  for (const f of figures) {
    lines.push(
      `${f.label.padEnd(29)} ${String(f.seed).padStart(4)}  ${(f.foundRoundPerFrame?.toFixed(2) ?? 'n/a').padStart(12)} (${f.trueRoundPerFrame.toFixed(2)})          ${signed(f.roundConcentrationErrorPercent)}           ${signed(f.spermErrorWithoutPercent)} / ${signed(f.spermErrorWithPercent)}`,
    );
  }
  return lines;
}
