import type { AnalysisTrack, Detection, Frame, StoredVideoAnalysis } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  categoryShares,
  concentrationFigures,
  confidenceHistogram,
  confidenceText,
  detectionTotals,
  frameDetectionRows,
  framesToDetect,
  motilityFigures,
} from './homeLogic';

const frame = (id: string, frameNumber: number, detectionCount = 0, selected = false): Frame => ({
  id,
  videoId: 'v',
  video_id: 'v',
  frameNumber,
  frame_number: frameNumber,
  timeOffset: frameNumber / 10,
  time_offset: frameNumber / 10,
  timestamp: 0,
  width: 320,
  height: 240,
  size: 1,
  selected,
  annotated: false,
  note: '',
  detectionStatus: detectionCount > 0 ? 'completed' : 'pending',
  detectionCount,
  hasDetection: detectionCount > 0,
  extractionSession: 's',
  createdAt: '2026-11-25T00:00:00.000Z',
});

const detection = (
  id: string,
  frameId: string,
  confidence: number,
  source = 'classical',
  verified = false,
): Detection => ({
  id,
  class: 'sperm',
  className: 'sperm',
  confidence,
  x1: 0,
  y1: 0,
  x2: 20,
  y2: 20,
  source,
  verified,
  modelId: null,
  hasMask: false,
  updated_at: '2026-11-25T00:00:00.000Z',
  detection_id: id,
  sperm_detection_id: id,
  frame_id: frameId,
  width: 20,
  height: 20,
  track_id: null,
  crop_url: '',
});

const track = (id: number, category: AnalysisTrack['category']): AnalysisTrack => ({
  id,
  category,
  vcl: 0,
  vsl: 0,
  vap: 0,
  lin: 0,
  str: 0,
  wob: 0,
  alh_mean: 0,
  alh_max: 0,
  bcf: 0,
  mad: 0,
  duration_s: 1,
  points: [],
  morphometry: null,
});

const analysis = (
  concentration: number,
  progressive: number,
  total: number,
  extra: Partial<StoredVideoAnalysis['concentration']> = {},
): StoredVideoAnalysis => ({
  id: 'a',
  createdAt: '2026-11-25T00:00:00.000Z',
  settings: {},
  concentration: {
    mean_count_per_frame: 12.34,
    mean_concentration_million_per_ml: concentration,
    overall_classification: 'normal',
    total_sperm_count: null,
    field_area_um2: 1234.5,
    field_volume_nl: 0.0247,
    formula: 'count / volume',
    ...extra,
  },
  motility: {
    average_velocity: 42.25,
    motility_distribution: {
      'Rapid Progressive': 30,
      'Slow Progressive': 10,
      'Non Progressive': 20,
      Immotile: 40,
    },
    progressive_percent: progressive,
    total_motility_percent: total,
    classification: { progressive: 'normal', total: 'normal' },
    track_count: 3,
  },
  tracks: [track(1, 'Rapid Progressive'), track(2, 'Immotile'), track(3, 'Immotile')],
});

describe('Apply Detection frame scopes', () => {
  const frames = [frame('c', 3, 0, true), frame('a', 1, 2), frame('b', 2, 0)];
  it('takes every frame in frame order', () => {
    expect(framesToDetect(frames, 'all', new Set()).map((f) => f.id)).toEqual(['a', 'b', 'c']);
  });
  it('takes selected frames, frames without detections, or the ticked ones', () => {
    expect(framesToDetect(frames, 'selected', new Set()).map((f) => f.id)).toEqual(['c']);
    expect(framesToDetect(frames, 'undetected', new Set()).map((f) => f.id)).toEqual(['b', 'c']);
    expect(framesToDetect(frames, 'chosen', new Set(['a', 'x'])).map((f) => f.id)).toEqual(['a']);
    expect(framesToDetect(frames, 'chosen', new Set())).toEqual([]);
  });
});

describe('Frame Detection Results', () => {
  const frames = [frame('f2', 2), frame('f1', 1)];
  const detections = [
    detection('d1', 'f1', 0.9, 'classical', true),
    detection('d2', 'f1', 0.3),
    detection('d3', 'f1', 0.6, 'manual', true),
    detection('dx', 'other', 0.99),
  ];
  it('groups detections by frame with min, mean and max confidence', () => {
    const rows = frameDetectionRows(frames, detections, 0);
    expect(rows.map((row) => row.frame.id)).toEqual(['f1', 'f2']);
    const [first, second] = rows;
    expect(first?.detections.map((d) => d.id)).toEqual(['d1', 'd2', 'd3']);
    expect(first?.minConfidence).toBe(0.3);
    expect(first?.maxConfidence).toBe(0.9);
    expect(first?.meanConfidence).toBeCloseTo(0.6);
    expect(first?.verified).toBe(2);
    expect(second).toMatchObject({
      allCount: 0,
      meanConfidence: null,
      minConfidence: null,
      maxConfidence: null,
    });
  });
  it('applies the confidence floor but keeps the count before it', () => {
    const [first] = frameDetectionRows(frames, detections, 0.5);
    expect(first?.detections.map((d) => d.id)).toEqual(['d1', 'd3']);
    expect(first?.allCount).toBe(3);
    expect(first?.minConfidence).toBe(0.6);
  });
  it('totals frames, boxes, verified boxes, mean confidence and sources', () => {
    const totals = detectionTotals(frameDetectionRows(frames, detections, 0));
    expect(totals).toMatchObject({ frames: 2, withDetections: 1, detections: 3, verified: 2 });
    expect(totals.meanConfidence).toBeCloseTo(0.6);
    expect(totals.bySource).toEqual({ classical: 2, manual: 1 });
    expect(detectionTotals([]).meanConfidence).toBeNull();
  });
  it('counts confidences in ten bins, 1.0 in the last', () => {
    const bins = confidenceHistogram([
      { confidence: 0 },
      { confidence: 0.05 },
      { confidence: 0.45 },
      { confidence: 1 },
    ]);
    expect(bins).toHaveLength(10);
    expect(bins.map((bin) => bin.count)).toEqual([2, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    expect(bins[4]).toMatchObject({ from: 0.4, to: 0.5 });
  });
  it('shows confidences with two decimals or a dash', () => {
    expect(confidenceText(0.456)).toBe('0.46');
    expect(confidenceText(null)).toBe('–');
  });
});

describe('analysis figures', () => {
  it('gives the concentration with its WHO 2021 verdict (16 M/ml)', () => {
    const figures = concentrationFigures(analysis(16, 40, 50));
    expect(figures[0]).toEqual({
      key: 'concentration',
      value: '16.0',
      unit: 'M/ml',
      reference: 'within',
    });
    expect(figures.map((figure) => figure.key)).toEqual([
      'concentration',
      'meanCount',
      'fieldArea',
      'fieldVolume',
    ]);
    expect(concentrationFigures(analysis(15.9, 40, 50))[0]?.reference).toBe('below');
  });
  it('adds the interval, cells assessed and total count when the engine gave them', () => {
    const figures = concentrationFigures(
      analysis(20, 40, 50, { ci95: [12.04, 28.96], cells_assessed: 150, total_sperm_count: 60 }),
    );
    expect(figures.map((figure) => figure.key)).toEqual([
      'concentration',
      'interval',
      'meanCount',
      'fieldArea',
      'fieldVolume',
      'cellsAssessed',
      'totalCount',
    ]);
    expect(figures[1]?.value).toBe('12.0 – 29.0');
  });
  it('gives motility with the WHO 2021 verdicts (progressive 30 %, total 42 %)', () => {
    const figures = motilityFigures(analysis(20, 29.9, 42));
    expect(figures.map((figure) => [figure.key, figure.value, figure.reference])).toEqual([
      ['progressive', '29.9', 'below'],
      ['totalMotility', '42.0', 'within'],
      ['velocity', '42.3', null],
      ['tracks', '3', null],
    ]);
  });
  it('lists the four WHO categories with share and track count', () => {
    expect(categoryShares(analysis(20, 40, 50))).toEqual([
      { category: 'Rapid Progressive', percent: 30, tracks: 1 },
      { category: 'Slow Progressive', percent: 10, tracks: 0 },
      { category: 'Non Progressive', percent: 20, tracks: 0 },
      { category: 'Immotile', percent: 40, tracks: 2 },
    ]);
  });
});
