import type { TrainingStatus } from '@sarm/contracts';

/** A morphology model's scores on the validation crops, as the training status carries them. */
export type ModelEvaluation = NonNullable<TrainingStatus['evaluation']>;

/** The classes a morphology model learns; others the server may name show as they are. */
export const EVALUATION_CLASSES = [
  'normal',
  'head_defect',
  'midpiece_defect',
  'tail_defect',
  'multiple_defects',
] as const;
export type EvaluationClass = (typeof EVALUATION_CLASSES)[number];

export const isEvaluationClass = (name: string): name is EvaluationClass =>
  (EVALUATION_CLASSES as readonly string[]).includes(name);

/** The evaluation to show: only a run that ended trained, and only when it scored some class. */
export function evaluationToShow(status: TrainingStatus | undefined): ModelEvaluation | null {
  if (status?.status !== 'trained' || status.evaluation === null) return null;
  return status.evaluation.per_class.length > 0 ? status.evaluation : null;
}

/** A 0-1 share as a percent with one decimal; '—' when there is none (a class without crops). */
export const formatShare = (share: number | null): string =>
  share === null || !Number.isFinite(share) ? '—' : `${(share * 100).toFixed(1)}%`;

export interface ConfusionCell {
  /** Crops of the row's true class predicted as the column's class. */
  readonly count: number;
  /** `count` over the row's crops, 0-1; 0 in a row without crops. */
  readonly share: number;
  /** True class equals predicted class. */
  readonly correct: boolean;
}

export interface ConfusionRow {
  /** The true class. */
  readonly className: string;
  /** Validation crops of the true class. */
  readonly total: number;
  readonly cells: readonly ConfusionCell[];
}

const wholeCount = (value: number | undefined): number =>
  value === undefined || !Number.isFinite(value) || value < 0 ? 0 : value;

/**
 * The confusion matrix as rows of the true classes, each cell with its share of the row. The matrix
 * is read square over `per_class`: a missing or broken entry counts as 0 crops.
 */
export function confusionRows(evaluation: ModelEvaluation): ConfusionRow[] {
  const size = evaluation.per_class.length;
  return evaluation.per_class.map((entry, row) => {
    const counts = Array.from({ length: size }, (_unused, column) =>
      wholeCount(evaluation.confusion[row]?.[column]),
    );
    const total = counts.reduce((sum, count) => sum + count, 0);
    return {
      className: entry.class,
      total,
      cells: counts.map((count, column) => ({
        count,
        share: total > 0 ? count / total : 0,
        correct: column === row,
      })),
    };
  });
}

/** Shading of a cell by its share of the row: a background opacity and whether text turns light. */
export function cellShade(share: number): {
  readonly opacity: number;
  readonly lightText: boolean;
} {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(share) ? share : 0));
  // Fully transparent at 0 so that empty cells read as empty; the rest starts faintly visible.
  const opacity = clamped === 0 ? 0 : 0.12 + 0.78 * clamped;
  return { opacity, lightText: opacity > 0.55 };
}
