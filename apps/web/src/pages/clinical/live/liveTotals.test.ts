import type { ConcentrationReport, MotilityReport, VideoSummary } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  computeLiveTotals,
  fieldAgreement,
  formatWithInterval,
  minimumReached,
} from './liveTotals';

function summary(name: string, progressive: number, tracks: number, cells: number): VideoSummary {
  return {
    video_id: name,
    video_name: name,
    analysis_id: `a-${name}`,
    analyzed_at: '2026-12-02T10:31:00.000Z',
    total_sperm_count: tracks,
    mean_count_per_frame: 10,
    concentration_per_ml: 40e6,
    concentration_million_per_ml: 40,
    average_velocity: 30,
    motility_distribution: {
      'Rapid Progressive': progressive / 2,
      'Slow Progressive': progressive / 2,
      'Non Progressive': 10,
      Immotile: 90 - progressive,
    },
    progressive_percent: progressive,
    total_motility_percent: progressive + 10,
    frames: 100,
    duration_s: 2,
    width: 640,
    height: 480,
    tracks_assessed: tracks,
    cells_assessed: cells,
  };
}

function motility(summaries: VideoSummary[], assessed: number): MotilityReport {
  return {
    aggregated_results: {
      average_velocity: 30,
      motility_distribution: {
        'Rapid Progressive': 20,
        'Slow Progressive': 20,
        'Non Progressive': 10,
        Immotile: 50,
      },
      total_sperm_count: assessed,
      progressive_percent: 40,
      total_motility_percent: 50,
      tracks_assessed: assessed,
      motility_ci95: {
        'Rapid Progressive': [15, 26],
        'Slow Progressive': [15, 26],
        'Non Progressive': [7, 14],
        Immotile: [44, 56],
      },
      progressive_ci95: [34, 46],
    },
    analysis_parameters: {
      who_standard: 'WHO 6th',
      frame_size: { width: 640, height: 480 },
      micron_per_pixel: 0.5,
      motility_thresholds: { rapid_progressive: 25, slow_progressive: 5 },
    },
    video_summaries: summaries,
    errors: [],
    patients: [],
  };
}

const concentration = (value: number, ci: [number, number]): ConcentrationReport =>
  ({
    aggregated_results: {
      mean_concentration_million_per_ml: value,
      overall_classification: 'normal',
      total_sperm_count: 0,
      concentration_ci95: ci,
    },
    video_summaries: [],
  }) as unknown as ConcentrationReport;

describe('running totals of the live fields', () => {
  it('says the WHO minimum is reached at 200 assessed cells, not before', () => {
    expect(minimumReached(199)).toBe(false);
    expect(minimumReached(200)).toBe(true);
    const before = computeLiveTotals(null, motility([summary('F1', 40, 150, 150)], 150));
    expect(before).toMatchObject({
      fields: 1,
      cellsAssessed: 150,
      minimumReached: false,
      remaining: 50,
    });
    const after = computeLiveTotals(
      null,
      motility([summary('F1', 40, 150, 150), summary('F2', 42, 90, 95)], 240),
    );
    expect(after).toMatchObject({
      fields: 2,
      cellsAssessed: 240,
      minimumReached: true,
      remaining: 0,
    });
  });

  it('carries concentration and each WHO class with their intervals', () => {
    const totals = computeLiveTotals(
      concentration(41.5, [38, 45]),
      motility([summary('F1', 40, 250, 250)], 250),
    );
    expect(totals.concentration).toEqual({ value: 41.5, ci95: [38, 45] });
    expect(totals.classes.map((c) => c.category)).toEqual([
      'Rapid Progressive',
      'Slow Progressive',
      'Non Progressive',
      'Immotile',
    ]);
    expect(totals.classes[3]?.share).toEqual({ value: 50, ci95: [44, 56] });
    expect(formatWithInterval({ value: 41.5, ci95: [38, 45] }, 1, 'to')).toBe(
      '41.5 (38.0 to 45.0)',
    );
  });

  it('finds fields that agree, and names the pair that does not', () => {
    expect(fieldAgreement([summary('F1', 40, 200, 200)]).status).toBe('single');
    const close = fieldAgreement([summary('F1', 40, 200, 200), summary('F2', 44, 200, 210)]);
    expect(close.status).toBe('agree');
    const apart = fieldAgreement([
      summary('F1', 40, 200, 200),
      summary('F2', 42, 200, 205),
      summary('F3', 70, 200, 420),
    ]);
    expect(apart.status).toBe('disagree');
    expect(apart.progressive).toMatchObject({ second: 'F3', agree: false });
    expect(apart.count).toMatchObject({ second: 'F3', agree: false });
  });
});
