import type { AssessmentReplicatesResponse } from '@sarm/contracts';

type Technician = AssessmentReplicatesResponse['technicians'][number];
type Point = Technician['points'][number];

/** One judged measure of a replicate pair, as a table cell shows it. */
export interface BenchMeasureCell {
  readonly measure: string;
  readonly difference: number;
  readonly acceptable: number;
  readonly agree: boolean;
}

/** One replicate pair of a technician, as a table row shows it. */
export interface BenchPointRow {
  readonly id: string;
  readonly countedAt: string;
  readonly datasetName: string;
  readonly module: Point['module'];
  readonly measures: readonly BenchMeasureCell[];
  readonly agree: boolean;
}

/** A stable key of the technician (the user id; the name when the account was deleted). */
export const technicianKey = (technician: Technician['technician']): string =>
  technician.id ?? `name:${technician.name}`;

/**
 * The technician's pairs newest first (the server sends them in time order; the table reads
 * from the latest count down, where a drift in a technician's agreement shows first).
 */
export function benchPointRows(points: readonly Point[]): BenchPointRow[] {
  return [...points]
    .sort((a, b) => b.countedAt.localeCompare(a.countedAt))
    .map((point) => ({
      id: point.id,
      countedAt: point.countedAt,
      datasetName: point.datasetName,
      module: point.module,
      measures: point.agreement.map((a) => ({
        measure: a.measure,
        difference: a.difference,
        acceptable: a.acceptableDifference,
        agree: a.agree,
      })),
      agree: point.agree,
    }));
}

/** The share of agreeing pairs as "87.5 %", or a dash without pairs. */
export function formatAgreementPercent(percent: number | null): string {
  return percent === null || !Number.isFinite(percent) ? '–' : `${percent.toFixed(1)} %`;
}

/** The technician chosen, or the first one when the choice is no longer in the list. */
export function chosenTechnician(
  technicians: readonly Technician[],
  key: string | null,
): Technician | undefined {
  return technicians.find((t) => technicianKey(t.technician) === key) ?? technicians[0];
}
