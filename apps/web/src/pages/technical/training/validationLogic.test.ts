import type { Model } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { validationF1Cell, validationToShow } from './validationLogic';

const validation = {
  true_positives: 18,
  false_positives: 2,
  false_negatives: 4,
  precision: 0.9,
  recall: 18 / 22,
  f1: 36 / 42,
  epoch: 7,
  match_radius_px: 5,
  threshold: 0.45,
  frame_count: 1,
  frames: [{ frame_id: 'f1', video_id: 'v1', video_name: 'Sample', frame_number: 3 }],
};

const model: Model = {
  id: 'm1',
  name: 'Heads',
  type: 'detection',
  dataset_id: 'd1',
  dataset_name: 'Set',
  config: { epochs: 10, batch_size: 4, learning_rate: 0.001, validation_split: 0.2 },
  notes: '',
  status: 'trained',
  metrics: { final_val_accuracy: 36 / 42 },
  data_label_id: null,
  source: 'trained',
  runtime: 'tfjs',
  error: null,
  deployed_project_ids: [],
  validation,
  trained_at: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('validationToShow', () => {
  it('shows the figures of a detector trained here', () => {
    expect(validationToShow(model)).toEqual({ kind: 'measured', validation });
    expect(validationF1Cell(model)).toEqual({ kind: 'value', text: '0.857' });
  });

  it('says an imported detector was not measured here', () => {
    const imported = { ...model, source: 'imported' as const, validation: null };
    expect(validationToShow(imported)).toEqual({ kind: 'notMeasured' });
    expect(validationF1Cell(imported)).toEqual({ kind: 'notMeasured' });
  });

  it('tells a trained detector without figures from a model that has none to show', () => {
    expect(validationToShow({ ...model, validation: undefined })).toEqual({ kind: 'unavailable' });
    expect(validationToShow({ ...model, status: 'training' })).toEqual({ kind: 'none' });
    expect(validationToShow({ ...model, type: 'morphology', validation: null })).toEqual({
      kind: 'none',
    });
    expect(validationF1Cell({ ...model, validation: null })).toEqual({ kind: 'none' });
  });
});
