import type { DataLabel, Dataset, TrainingStatus } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  datasetsForType,
  defaultConfigDraft,
  downloadName,
  formatDuration,
  formatMetric,
  hasTrainedWeights,
  isStartable,
  labelsForType,
  logTime,
  modelStatusColor,
  parseHyperparameter,
  parseTrainingQuery,
  progressPercent,
  readConfig,
  shouldPollTraining,
  trainingRequests,
} from './trainingLogic';

const dataset = (id: string, type: Dataset['type']) => ({ id, type }) as Dataset;
const label = (id: string, label_type: DataLabel['label_type']) =>
  ({ id, label_type }) as DataLabel;

describe('defaultConfigDraft and readConfig', () => {
  it('starts on the spec defaults: 100 epochs, batch 16, learning rate 0.001, split 0.2', () => {
    const draft = defaultConfigDraft();
    expect(draft).toEqual({
      epochs: '100',
      batch_size: '16',
      learning_rate: '0.001',
      validation_split: '0.2',
    });
    expect(readConfig(draft)).toEqual({
      ok: true,
      config: { epochs: 100, batch_size: 16, learning_rate: 0.001, validation_split: 0.2 },
    });
  });
  it('names the first field outside its bounds', () => {
    expect(readConfig({ ...defaultConfigDraft(), batch_size: '129' })).toEqual({
      ok: false,
      field: 'batch_size',
    });
  });
});

describe('parseHyperparameter', () => {
  it('accepts the bounds of spec 2 §5 and refuses values outside them', () => {
    expect(parseHyperparameter('epochs', '1')).toBe(1);
    expect(parseHyperparameter('epochs', '1000')).toBe(1000);
    expect(parseHyperparameter('epochs', '1001')).toBeNull();
    expect(parseHyperparameter('batch_size', '0')).toBeNull();
    expect(parseHyperparameter('learning_rate', '0.0001')).toBe(0.0001);
    expect(parseHyperparameter('learning_rate', '0.2')).toBeNull();
    expect(parseHyperparameter('validation_split', '0.05')).toBe(0.05);
    expect(parseHyperparameter('validation_split', '0.55')).toBeNull();
  });
  it('refuses blanks, text and fractional epochs or batch sizes', () => {
    expect(parseHyperparameter('epochs', '')).toBeNull();
    expect(parseHyperparameter('epochs', 'ten')).toBeNull();
    expect(parseHyperparameter('epochs', '10.5')).toBeNull();
    expect(parseHyperparameter('batch_size', '8.5')).toBeNull();
  });
});

describe('isStartable', () => {
  it('needs a non-blank model name and a dataset', () => {
    expect(isStartable('Detector', 'd1')).toBe(true);
    expect(isStartable('   ', 'd1')).toBe(false);
    expect(isStartable('Detector', '')).toBe(false);
  });
});

describe('datasetsForType and labelsForType', () => {
  it('offers datasets of the model type or combined', () => {
    const all = [dataset('a', 'detection'), dataset('b', 'morphology'), dataset('c', 'combined')];
    expect(datasetsForType(all, 'detection').map((item) => item.id)).toEqual(['a', 'c']);
    expect(datasetsForType(all, 'morphology').map((item) => item.id)).toEqual(['b', 'c']);
  });
  it('offers detection labels to a detector, morphology and mask labels to a classifier', () => {
    const all = [
      label('x', 'detection'),
      label('y', 'morphology'),
      label('z', 'detection'),
      label('m', 'morphology_segmentation'),
    ];
    expect(labelsForType(all, 'detection').map((item) => item.id)).toEqual(['x', 'z']);
    expect(labelsForType(all, 'morphology').map((item) => item.id)).toEqual(['y', 'm']);
  });
});

describe('parseTrainingQuery', () => {
  it('reads id, a valid type and dataLabelId', () => {
    expect(parseTrainingQuery(new URLSearchParams('id=m1&type=morphology&dataLabelId=l1'))).toEqual(
      { id: 'm1', type: 'morphology', dataLabelId: 'l1' },
    );
  });
  it('ignores an unknown type and blank values', () => {
    expect(parseTrainingQuery(new URLSearchParams('type=segmentation&id='))).toEqual({
      id: null,
      type: null,
      dataLabelId: null,
    });
  });
});

describe('shouldPollTraining and hasTrainedWeights', () => {
  const status = (value: TrainingStatus['status']) => ({ status: value }) as TrainingStatus;
  it('polls only while the model trains', () => {
    expect(shouldPollTraining(status('training'))).toBe(true);
    for (const other of ['created', 'trained', 'stopped', 'failed'] as const)
      expect(shouldPollTraining(status(other))).toBe(false);
    expect(shouldPollTraining(undefined)).toBe(false);
  });
  it('treats trained and stopped models as saveable, nothing else', () => {
    expect(hasTrainedWeights('trained')).toBe(true);
    expect(hasTrainedWeights('stopped')).toBe(true);
    expect(hasTrainedWeights('training')).toBe(false);
    expect(hasTrainedWeights('failed')).toBe(false);
    expect(hasTrainedWeights(undefined)).toBe(false);
  });
});

describe('formatting', () => {
  it('formats durations as M:SS or H:MM:SS and keeps null', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(-1)).toBeNull();
  });
  it('writes log times as [HH:MM:SS]', () => {
    expect(logTime(new Date(2026, 0, 1, 9, 5, 7))).toBe('[09:05:07]');
  });
  it('shows metrics with four decimals, and none without a value', () => {
    expect(formatMetric(0.123456)).toBe('0.1235');
    expect(formatMetric(null)).toBeNull();
    expect(formatMetric(undefined)).toBeNull();
  });
  it('clamps progress to 0-100', () => {
    expect(progressPercent(140)).toBe(100);
    expect(progressPercent(-3)).toBe(0);
    expect(progressPercent(Number.NaN)).toBe(0);
    expect(progressPercent(42.5)).toBe(42.5);
  });
  it('colours statuses: trained success, failed error, training info', () => {
    expect(modelStatusColor('trained')).toBe('success');
    expect(modelStatusColor('failed')).toBe('error');
    expect(modelStatusColor('training')).toBe('info');
  });
});

describe('downloadName', () => {
  it('takes the Content-Disposition name, encoded or plain, else the fallback', () => {
    expect(downloadName('attachment; filename="sperm-v1.zip"', 'model-1.zip')).toBe('sperm-v1.zip');
    expect(downloadName("attachment; filename*=UTF-8''d%C3%A9tecteur.zip", 'x')).toBe(
      'détecteur.zip',
    );
    expect(downloadName(null, 'model-1.zip')).toBe('model-1.zip');
    expect(downloadName('attachment', 'model-1.zip')).toBe('model-1.zip');
  });
});

describe('trainingRequests', () => {
  const form = {
    name: ' Head detector ',
    type: 'detection' as const,
    datasetId: 'd1',
    dataLabelId: '',
    notes: 'first try',
    config: defaultConfigDraft(),
  };
  it('creates the model with its configuration, then trains on the whole dataset', () => {
    expect(trainingRequests(form)).toEqual({
      ok: true,
      create: {
        name: 'Head detector',
        type: 'detection',
        dataset_id: 'd1',
        config: { epochs: 100, batch_size: 16, learning_rate: 0.001, validation_split: 0.2 },
        notes: 'first try',
      },
      train: {
        epochs: 100,
        batch_size: 16,
        learning_rate: 0.001,
        validation_split: 0.2,
        dataset_id: 'd1',
      },
    });
  });
  it('trains on the chosen data label when there is one', () => {
    const result = trainingRequests({ ...form, dataLabelId: 'l1' });
    expect(result.ok && result.train.data_label_id).toBe('l1');
  });
  it('refuses a blank name or no dataset, then an out-of-bounds field', () => {
    expect(trainingRequests({ ...form, name: ' ' })).toEqual({
      ok: false,
      error: { kind: 'nameAndDataset' },
    });
    expect(trainingRequests({ ...form, datasetId: '' })).toEqual({
      ok: false,
      error: { kind: 'nameAndDataset' },
    });
    expect(trainingRequests({ ...form, config: { ...form.config, epochs: '0' } })).toEqual({
      ok: false,
      error: { kind: 'outOfBounds', field: 'epochs' },
    });
  });
});
