import type { TrainingStatus } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  cellShade,
  confusionRows,
  evaluationToShow,
  formatShare,
  isEvaluationClass,
  type ModelEvaluation,
} from './evaluationLogic';

const evaluation: ModelEvaluation = {
  accuracy: 0.75,
  per_class: [
    { class: 'normal', accuracy: 0.8, count: 5 },
    { class: 'head_defect', accuracy: 0.5, count: 2 },
    { class: 'tail_defect', accuracy: null, count: 0 },
  ],
  confusion: [
    [4, 1, 0],
    [1, 1, 0],
    [0, 0, 0],
  ],
};

const status = (patch: Partial<TrainingStatus>): TrainingStatus => ({
  model_id: 'm1',
  status: 'trained',
  progress: 100,
  current_epoch: 3,
  total_epochs: 3,
  logs: [],
  metrics: { loss: [], accuracy: [], val_loss: [], val_accuracy: [] },
  estimated_time_remaining: null,
  best_epoch: 2,
  samples: { training: 28, validation: 7 },
  error: null,
  stop_requested: false,
  evaluation,
  ...patch,
});

describe('evaluationToShow', () => {
  it('shows the evaluation of a run that ended trained', () => {
    expect(evaluationToShow(status({}))).toBe(evaluation);
  });
  it('shows nothing while training, after a stop or failure, for a detector or without a run', () => {
    expect(evaluationToShow(status({ status: 'training' }))).toBeNull();
    expect(evaluationToShow(status({ status: 'stopped' }))).toBeNull();
    expect(evaluationToShow(status({ status: 'failed' }))).toBeNull();
    expect(evaluationToShow(status({ evaluation: null }))).toBeNull();
    expect(evaluationToShow(undefined)).toBeNull();
  });
  it('shows nothing when no class was scored', () => {
    expect(
      evaluationToShow(status({ evaluation: { accuracy: null, per_class: [], confusion: [] } })),
    ).toBeNull();
  });
});

describe('formatShare', () => {
  it('writes a 0-1 share as a percent with one decimal', () => {
    expect(formatShare(0.8)).toBe('80.0%');
    expect(formatShare(0.12345)).toBe('12.3%');
    expect(formatShare(1)).toBe('100.0%');
    expect(formatShare(0)).toBe('0.0%');
  });
  it('writes a dash for a class without crops', () => {
    expect(formatShare(null)).toBe('—');
    expect(formatShare(Number.NaN)).toBe('—');
  });
});

describe('isEvaluationClass', () => {
  it('knows the five morphology classes and nothing else', () => {
    expect(isEvaluationClass('multiple_defects')).toBe(true);
    expect(isEvaluationClass('normal')).toBe(true);
    expect(isEvaluationClass('unknown')).toBe(false);
    expect(isEvaluationClass('abnormal_head')).toBe(false);
  });
});

describe('confusionRows', () => {
  it('gives each cell its share of the true class row and marks the diagonal', () => {
    const rows = confusionRows(evaluation);
    expect(rows.map((row) => [row.className, row.total])).toEqual([
      ['normal', 5],
      ['head_defect', 2],
      ['tail_defect', 0],
    ]);
    expect(rows[0]?.cells).toEqual([
      { count: 4, share: 0.8, correct: true },
      { count: 1, share: 0.2, correct: false },
      { count: 0, share: 0, correct: false },
    ]);
    expect(rows[1]?.cells.map((cell) => cell.share)).toEqual([0.5, 0.5, 0]);
    expect(rows[1]?.cells.map((cell) => cell.correct)).toEqual([false, true, false]);
  });
  it('gives a row without crops zero shares rather than NaN', () => {
    expect(confusionRows(evaluation)[2]?.cells.map((cell) => cell.share)).toEqual([0, 0, 0]);
  });
  it('reads a ragged or short matrix as square over the classes, missing entries as 0', () => {
    const rows = confusionRows({ ...evaluation, confusion: [[3], [1, 1, 2, 9]] });
    expect(rows.map((row) => row.cells.map((cell) => cell.count))).toEqual([
      [3, 0, 0],
      [1, 1, 2],
      [0, 0, 0],
    ]);
    expect(rows[1]?.total).toBe(4);
  });
});

describe('cellShade', () => {
  it('leaves empty cells clear and darkens with the share', () => {
    expect(cellShade(0)).toEqual({ opacity: 0, lightText: false });
    const low = cellShade(0.1);
    const high = cellShade(0.9);
    expect(low.opacity).toBeGreaterThan(0);
    expect(high.opacity).toBeGreaterThan(low.opacity);
    expect(cellShade(1).opacity).toBeLessThanOrEqual(1);
  });
  it('turns the text light on dark cells only', () => {
    expect(cellShade(0.2).lightText).toBe(false);
    expect(cellShade(0.9).lightText).toBe(true);
  });
  it('clamps shares outside 0-1', () => {
    expect(cellShade(-1)).toEqual(cellShade(0));
    expect(cellShade(2)).toEqual(cellShade(1));
    expect(cellShade(Number.NaN)).toEqual(cellShade(0));
  });
});
