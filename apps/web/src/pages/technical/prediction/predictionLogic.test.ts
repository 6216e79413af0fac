import type { Prediction, PredictionMetrics, Video } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  apiImagePath,
  checkVideoFile,
  findUploadedVideo,
  formatSummaryValue,
  keyMetric,
  predictionExportFallback,
  predictionPollInterval,
  predictionStatusColor,
  savedListPollInterval,
  summaryRows,
  validatePredictionForm,
} from './predictionLogic';

const metrics: PredictionMetrics = {
  totalSpermCount: 42.25,
  detectionConfidence: 0.876,
  processedFrames: 120,
  processingTime: 12.34,
  concentration: 64.04,
  progressive: 58,
  nonProgressive: 7,
  immotile: 35,
  totalAnalyzedSperm: null,
  normalForms: null,
  abnormalHeads: null,
  abnormalMidpieces: null,
  abnormalTails: null,
};

const prediction = (over: Partial<Prediction>): Prediction =>
  ({ id: 'p1', model_type: 'detection', status: 'completed', metrics, ...over }) as Prediction;

describe('validatePredictionForm', () => {
  it('asks for a model and a video first, then a non-blank name', () => {
    expect(validatePredictionForm({ name: '', modelId: '', videoId: 'v' })).toBe(
      'selectModelAndVideo',
    );
    expect(validatePredictionForm({ name: 'x', modelId: 'm', videoId: '' })).toBe(
      'selectModelAndVideo',
    );
    expect(validatePredictionForm({ name: '  ', modelId: 'm', videoId: 'v' })).toBe('nameRequired');
    expect(validatePredictionForm({ name: 'Run 1', modelId: 'm', videoId: 'v' })).toBeNull();
  });
});

describe('checkVideoFile', () => {
  it('refuses a non-video file before anything else', () => {
    expect(checkVideoFile({ type: 'image/png' }, '')).toBe('invalidVideo');
  });
  it('needs a dataset for a video file', () => {
    expect(checkVideoFile({ type: 'video/mp4' }, '')).toBe('datasetFirst');
    expect(checkVideoFile({ type: 'video/webm' }, 'd1')).toBeNull();
  });
});

describe('findUploadedVideo', () => {
  it('finds the video that was not in the dataset before the upload', () => {
    const videos = [{ id: 'new' }, { id: 'old' }] as Video[];
    expect(findUploadedVideo(['old'], videos)?.id).toBe('new');
    expect(findUploadedVideo(['old', 'new'], videos)).toBeNull();
  });
});

describe('predictionPollInterval', () => {
  it('polls every second while queued or running and stops once finished', () => {
    expect(predictionPollInterval(prediction({ status: 'queued' }))).toBe(1000);
    expect(predictionPollInterval(prediction({ status: 'running' }))).toBe(1000);
    expect(predictionPollInterval(prediction({ status: 'completed' }))).toBe(false);
    expect(predictionPollInterval(prediction({ status: 'failed' }))).toBe(false);
    expect(predictionPollInterval(undefined)).toBe(false);
  });
});

describe('summaryRows', () => {
  it('lists the detection figures with confidence as percent', () => {
    const rows = summaryRows('detection', metrics);
    expect(rows.map((row) => [row.key, row.value])).toEqual([
      ['totalSpermCount', '42.3'],
      ['detectionConfidence', '87.6%'],
      ['processedFrames', '120'],
      ['processingTime', '12.3 s'],
      ['concentration', '64.0'],
      ['progressive', '58.0%'],
      ['nonProgressive', '7.0%'],
      ['immotile', '35.0%'],
    ]);
  });
  it('lists the morphology figures, a missing one as null', () => {
    const rows = summaryRows('morphology', {
      ...metrics,
      totalAnalyzedSperm: 200,
      normalForms: 4.5,
      abnormalHeads: 60,
      abnormalMidpieces: 20,
      abnormalTails: null,
    });
    expect(rows.slice(0, 5).map((row) => [row.key, row.value])).toEqual([
      ['totalAnalyzedSperm', '200'],
      ['normalForms', '4.5%'],
      ['abnormalHeads', '60.0%'],
      ['abnormalMidpieces', '20.0%'],
      ['abnormalTails', null],
    ]);
  });
});

describe('keyMetric', () => {
  it('shows sperm per frame for detection, normal forms for morphology, nothing without metrics', () => {
    expect(keyMetric(prediction({}))?.key).toBe('totalSpermCount');
    expect(keyMetric(prediction({ model_type: 'morphology' }))?.key).toBe('normalForms');
    expect(keyMetric(prediction({ metrics: null }))).toBeNull();
  });
});

describe('formatting helpers', () => {
  it('keeps null and non-finite values empty', () => {
    expect(formatSummaryValue(null, 'count')).toBeNull();
    expect(formatSummaryValue(Number.NaN, 'percent')).toBeNull();
  });
  it('strips the API base from image paths and leaves bare paths alone', () => {
    expect(apiImagePath('/api/technical/predictions/p1/frames/3')).toBe(
      '/technical/predictions/p1/frames/3',
    );
    expect(apiImagePath('/technical/predictions/p1/frames/3')).toBe(
      '/technical/predictions/p1/frames/3',
    );
  });
  it('names exports by id and format', () => {
    expect(predictionExportFallback('p1', 'mot')).toBe('prediction-p1-mot.txt');
    expect(predictionExportFallback('p1', 'coco')).toBe('prediction-p1-coco.json');
  });
  it('colours completed success and failed error', () => {
    expect(predictionStatusColor('completed')).toBe('success');
    expect(predictionStatusColor('failed')).toBe('error');
  });
});

describe('savedListPollInterval', () => {
  it('refreshes the list while a prediction is active, and not otherwise', () => {
    expect(savedListPollInterval([{ status: 'completed' }, { status: 'running' }])).toBe(2000);
    expect(savedListPollInterval([{ status: 'completed' }, { status: 'failed' }])).toBe(false);
    expect(savedListPollInterval(undefined)).toBe(false);
  });
});
