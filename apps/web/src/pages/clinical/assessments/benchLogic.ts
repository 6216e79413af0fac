import type {
  AGGLUTINATION_TYPES,
  AssessmentFigures,
  AssessmentInputOf,
  AssessmentSource,
  PelletFinding,
} from '@sarm/contracts';
import { cellsTowardsTarget, isDone, replicateNumber, type CounterState } from './tallyCounter';

/** What the bench screens show beside the counter and the saved results; pure, tested. */

export type AgglutinationGrade = AssessmentInputOf<'agglutination'>['grade'];
export type AgglutinationType = (typeof AGGLUTINATION_TYPES)[number];

/** The progress of the replicate being counted (the last one once all are done). */
export interface CounterProgress {
  readonly replicate: number;
  readonly count: number;
  readonly target: number;
  /** 0 to 100, for the progress bar. */
  readonly percent: number;
  readonly done: boolean;
}

export function counterProgress(state: CounterState): CounterProgress {
  const done = isDone(state);
  const shown = done ? (state.finished.at(-1) ?? []) : state.current;
  const count = cellsTowardsTarget(state.module, shown);
  return {
    replicate: replicateNumber(state),
    count,
    target: state.target,
    percent: Math.min(100, (100 * count) / state.target),
    done,
  };
}

/** Replicates that reached their target, numbered from 1, with their cells (the "done" banners). */
export function finishedReplicates(state: CounterState): { number: number; cells: number }[] {
  return state.finished.map((entries, index) => ({
    number: index + 1,
    cells: cellsTowardsTarget(state.module, entries),
  }));
}

type Agreement = AssessmentFigures['agreement'][number];

/** The first measure whose replicates disagree, the one the recount message names. */
export const firstDisagreement = (figures: AssessmentFigures): Agreement | null =>
  figures.agreement.find((agreement) => !agreement.agree) ?? null;

/** A figure for the screen, rounded as the laboratory reads it. */
export const formatFigure = (value: number, digits = 0): string =>
  Number.isFinite(value) ? value.toFixed(digits) : '–';

/** Differences of percentages in points with one decimal; of counts in whole cells. */
export const formatDifference = (value: number): string =>
  formatFigure(value, Number.isInteger(value) ? 0 : 1);

/** Which sentence names the person behind a saved result. */
export function sourceKind(source: AssessmentSource): 'counted' | 'modelConfirmed' | 'entered' {
  switch (source) {
    case 'manual_count':
      return 'counted';
    case 'model_confirmed':
      return 'modelConfirmed';
    case 'manual_entry':
      return 'entered';
  }
}

/** Grade 0 (none seen) carries no type; any other grade needs one. Null when incomplete. */
export function agglutinationInput(
  grade: AgglutinationGrade,
  type: AgglutinationType | null,
  notes = '',
): AssessmentInputOf<'agglutination'> | null {
  if (grade === 0)
    return { module: 'agglutination', method: 'wet_preparation', grade, type: null, notes };
  if (type === null) return null;
  return { module: 'agglutination', method: 'wet_preparation', grade, type, notes };
}

export const commentsInput = (
  pellet: PelletFinding,
  notes: string,
): AssessmentInputOf<'comments'> => ({
  module: 'comments',
  method: 'observation',
  pellet,
  notes: notes.trim(),
});

/** Cells per spermatozoon as cells per 100 spermatozoa, the way the bench reads the ratio. */
export const perHundredSperm = (perSperm: number | null): string | null =>
  perSperm === null ? null : formatFigure(100 * perSperm, 1);
