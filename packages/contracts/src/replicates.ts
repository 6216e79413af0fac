/**
 * WHO acceptance of replicate counts at the bench (WHO laboratory manual, 5th edition Tables 2.1
 * and 2.5, kept in the 6th): the difference two replicates may show by chance alone in 95 % of
 * pairs. A larger difference means the replicates disagree and the count is repeated.
 */

/** WHO rounds its acceptance limits from z = 1.96. */
const Z_WHO = 1.96;

export interface ReplicateJudgement {
  readonly difference: number;
  readonly acceptableDifference: number;
  readonly agree: boolean;
}

/**
 * WHO Table 2.1: acceptable difference between two percentages for a given average, from
 * replicate counts of 200 spermatozoa each (400 in all); rows are [lowest average, highest
 * average, acceptable difference], averages rounded to a whole percent.
 */
export const WHO_PERCENT_DIFFERENCE_TABLE_200: readonly (readonly [number, number, number])[] = [
  [0, 0, 1],
  [1, 1, 2],
  [2, 2, 3],
  [3, 4, 4],
  [5, 7, 5],
  [8, 11, 6],
  [12, 16, 7],
  [17, 23, 8],
  [24, 34, 9],
  [35, 65, 10],
  [66, 76, 9],
  [77, 83, 8],
  [84, 88, 7],
  [89, 92, 6],
  [93, 95, 5],
  [96, 97, 4],
  [98, 98, 3],
  [99, 99, 2],
  [100, 100, 1],
];

/** The table's acceptable difference for an average percentage of two 200-cell replicates. */
export function whoTableDifference200(averagePercent: number): number {
  const rounded = Math.min(100, Math.max(0, Math.round(averagePercent)));
  const row = WHO_PERCENT_DIFFERENCE_TABLE_200.find(
    ([low, high]) => rounded >= low && rounded <= high,
  );
  return row?.[2] ?? 10;
}

/**
 * Acceptance of two replicate counts (cells in the same volume, e.g. peroxidase-positive cells):
 * Poisson counts differ by chance within 1.96·√(N₁ + N₂) (WHO Table 2.5).
 */
export function compareReplicateCounts(first: number, second: number): ReplicateJudgement {
  const difference = Math.abs(first - second);
  const acceptableDifference = Z_WHO * Math.sqrt(first + second);
  return { difference, acceptableDifference, agree: difference <= acceptableDifference };
}

/**
 * Acceptance of two replicate percentages (motility, vitality, morphology, MAR). Two replicates of
 * exactly 200 cells use WHO's published table; other sizes its formula, the binomial 95 % limit
 * of the difference 1.96·√(p̄(100 − p̄)(1/N₁ + 1/N₂)), p̄ the mean percentage and N the cells
 * assessed in each. Null when either replicate assessed no cell.
 */
export function compareReplicatePercentages(
  first: { readonly percent: number; readonly assessed: number },
  second: { readonly percent: number; readonly assessed: number },
): ReplicateJudgement | null {
  if (first.assessed <= 0 || second.assessed <= 0) return null;
  const average = (first.percent + second.percent) / 2;
  const difference = Math.abs(first.percent - second.percent);
  const acceptableDifference =
    first.assessed === 200 && second.assessed === 200
      ? whoTableDifference200(average)
      : Z_WHO * Math.sqrt(average * (100 - average) * (1 / first.assessed + 1 / second.assessed));
  return { difference, acceptableDifference, agree: difference <= acceptableDifference };
}
