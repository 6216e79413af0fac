import type {
  AssessmentFigures,
  AssessmentInput,
  AssessmentInputOf,
  CountedPercent,
  MorphologyReplicate,
} from './assessments.js';
import { MORPHOLOGY_DEFECTS } from './assessments.js';
import { poissonInterval, wilsonInterval } from './intervals.js';
import { compareReplicateCounts, compareReplicatePercentages } from './replicates.js';

/**
 * The WHO arithmetic of the bench modules: percentages with 95 % intervals from the number
 * counted, replicate agreement, the morphology indices. Pure, shared by the server (what is
 * stored and reported) and the counting screens (what the technician sees while counting).
 */

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** `part` of `assessed` as a percentage with its 95 % Wilson interval (0 to 100). */
export function countedPercent(part: number, assessed: number): CountedPercent {
  const [low, high] = wilsonInterval(part, assessed);
  return {
    percent: assessed > 0 ? (100 * part) / assessed : 0,
    ci95: [100 * low, 100 * high],
    assessed,
  };
}

const EMPTY: AssessmentFigures = {
  main: null,
  defects: null,
  tzi: null,
  sdi: null,
  round_cells_per_sperm: null,
  leukocytes_per_sperm: null,
  round_cells_counted: null,
  leukocytes_counted: null,
  sperm_counted: null,
  agreement: [],
  replicates_agree: true,
};

type Agreement = AssessmentFigures['agreement'][number];

function withAgreement(figures: AssessmentFigures, agreement: Agreement[]): AssessmentFigures {
  return { ...figures, agreement, replicates_agree: agreement.every((a) => a.agree) };
}

/** Two replicate percentages judged the WHO way; nothing to judge with one replicate. */
function percentAgreement(
  measure: string,
  replicates: readonly { readonly part: number; readonly assessed: number }[],
): Agreement[] {
  const [first, second] = replicates;
  if (first === undefined || second === undefined) return [];
  const result = compareReplicatePercentages(
    countedPercent(first.part, first.assessed),
    countedPercent(second.part, second.assessed),
  );
  return result === null ? [] : [{ measure, ...result }];
}

function countAgreement(measure: string, counts: readonly number[]): Agreement[] {
  const [first, second] = counts;
  if (first === undefined || second === undefined) return [];
  return [{ measure, ...compareReplicateCounts(first, second) }];
}

/** Cells a morphology replicate assessed. */
export const morphologyAssessed = (replicate: MorphologyReplicate) =>
  replicate.normal + sum(replicate.abnormal.map((tally) => tally.count));

function vitalityFigures(input: AssessmentInputOf<'vitality'>): AssessmentFigures {
  const counts = input.replicates.map((r) => ({ part: r.live, assessed: r.live + r.dead }));
  const main = countedPercent(sum(counts.map((c) => c.part)), sum(counts.map((c) => c.assessed)));
  return withAgreement({ ...EMPTY, main }, percentAgreement('live', counts));
}

function morphologyFigures(input: AssessmentInputOf<'morphology'>): AssessmentFigures {
  const assessed = sum(input.replicates.map(morphologyAssessed));
  const normal = sum(input.replicates.map((r) => r.normal));
  const tallies = input.replicates.flatMap((r) => r.abnormal);
  const abnormalCells = sum(tallies.map((t) => t.count));
  const totalDefects = sum(tallies.map((t) => t.count * t.defects.length));
  const defects = Object.fromEntries(
    MORPHOLOGY_DEFECTS.map((defect) => [
      defect,
      countedPercent(
        sum(tallies.filter((t) => t.defects.includes(defect)).map((t) => t.count)),
        assessed,
      ),
    ]),
  );
  return withAgreement(
    {
      ...EMPTY,
      main: countedPercent(normal, assessed),
      defects,
      // TZI: defects per abnormal cell (1 to 4); SDI: defects per cell assessed.
      tzi: abnormalCells > 0 ? totalDefects / abnormalCells : null,
      sdi: assessed > 0 ? totalDefects / assessed : null,
    },
    percentAgreement(
      'normal',
      input.replicates.map((r) => ({ part: r.normal, assessed: morphologyAssessed(r) })),
    ),
  );
}

function roundCellFigures(input: AssessmentInputOf<'round_cells'>): AssessmentFigures {
  const sperm = sum(input.replicates.map((r) => r.sperm));
  const leukocytes = sum(input.replicates.map((r) => r.peroxidase_positive));
  const round = leukocytes + sum(input.replicates.map((r) => r.peroxidase_negative));
  return withAgreement(
    {
      ...EMPTY,
      round_cells_per_sperm: sperm > 0 ? round / sperm : null,
      leukocytes_per_sperm: sperm > 0 ? leukocytes / sperm : null,
      round_cells_counted: round,
      leukocytes_counted: leukocytes,
      sperm_counted: sperm,
    },
    [
      // WHO compares the peroxidase-positive counts of the two replicates (Poisson, Table 2.5).
      ...countAgreement(
        'leukocytes',
        input.replicates.map((r) => r.peroxidase_positive),
      ),
      ...countAgreement(
        'round_cells',
        input.replicates.map((r) => r.peroxidase_positive + r.peroxidase_negative),
      ),
    ],
  );
}

function marFigures(input: AssessmentInputOf<'mar'>): AssessmentFigures {
  const counts = input.replicates.map((r) => ({ part: r.bound, assessed: r.bound + r.unbound }));
  const main = countedPercent(sum(counts.map((c) => c.part)), sum(counts.map((c) => c.assessed)));
  return withAgreement({ ...EMPTY, main }, percentAgreement('bound', counts));
}

/** Every figure of one module's input, replicates pooled, with the replicates' agreement. */
export function assessmentFigures(input: AssessmentInput): AssessmentFigures {
  switch (input.module) {
    case 'vitality':
      return vitalityFigures(input);
    case 'morphology':
      return morphologyFigures(input);
    case 'round_cells':
      return roundCellFigures(input);
    case 'mar':
      return marFigures(input);
    case 'agglutination':
    case 'comments':
      return EMPTY;
  }
}

/** Cells counted in all replicates of a counted module (0 for the others). */
export function cellsCounted(input: AssessmentInput): number {
  switch (input.module) {
    case 'vitality':
      return sum(input.replicates.map((r) => r.live + r.dead));
    case 'morphology':
      return sum(input.replicates.map(morphologyAssessed));
    case 'round_cells':
      return sum(input.replicates.map((r) => r.sperm));
    case 'mar':
      return sum(input.replicates.map((r) => r.bound + r.unbound));
    case 'agglutination':
    case 'comments':
      return 0;
  }
}

/** A concentration derived from a ratio to the sperm concentration, with its 95 % interval. */
export interface DerivedConcentration {
  readonly millionPerMl: number;
  /** From the Poisson interval of the cells counted; the sperm count's own error is not counted. */
  readonly ci95: readonly [number, number];
  readonly counted: number;
}

/**
 * WHO: round cells (and peroxidase-positive leukocytes) counted against N spermatozoa in the same
 * fields give C = (cells / N) × the sperm concentration. Null without spermatozoa counted or a
 * sperm concentration.
 */
export function concentrationFromRatio(
  cells: number,
  spermCounted: number,
  spermConcentrationMillionPerMl: number | null,
): DerivedConcentration | null {
  if (spermConcentrationMillionPerMl === null || spermCounted <= 0) return null;
  const scale = spermConcentrationMillionPerMl / spermCounted;
  const [low, high] = poissonInterval(cells);
  return { millionPerMl: cells * scale, ci95: [low * scale, high * scale], counted: cells };
}
