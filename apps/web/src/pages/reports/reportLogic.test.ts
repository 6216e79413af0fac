import type { ConcentrationReport, MotilityReport } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  analysedRows,
  analysedSpan,
  combineOutcomes,
  elapsed,
  toggleVideo,
  usableForReport,
  validateVideoSelection,
  whoRows,
} from './reportLogic';

const texts = {
  motilityFailed: (m: string) => `Motility analysis failed: ${m}`,
  concentrationFailed: (m: string) => `Concentration analysis failed: ${m}`,
};

describe('video selection for the WHO report', () => {
  it('needs exactly five videos', () => {
    expect(validateVideoSelection(['a', 'b', 'c', 'd'])).toBe('reports.selectExactly');
    expect(validateVideoSelection(['a', 'b', 'c', 'd', 'e'])).toBeNull();
    expect(validateVideoSelection([])).toBe('reports.selectExactly');
  });

  it('never ticks more than five and unticks on a second click', () => {
    let selected: string[] = [];
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) selected = toggleVideo(selected, id);
    expect(selected).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(toggleVideo(selected, 'c')).toEqual(['a', 'b', 'd', 'e']);
  });

  it('counts only uploaded or completed videos', () => {
    expect(usableForReport({ processingStatus: 'completed' })).toBe(true);
    expect(usableForReport({ processingStatus: 'uploaded' })).toBe(true);
    expect(usableForReport({ processingStatus: 'processing' })).toBe(false);
    expect(usableForReport({ processingStatus: 'failed' })).toBe(false);
  });
});

const motility = {
  aggregated_results: {
    average_velocity: 40,
    motility_distribution: {
      'Rapid Progressive': 20,
      'Slow Progressive': 15,
      'Non Progressive': 10,
      Immotile: 55,
    },
    total_sperm_count: 20,
    progressive_percent: 35,
    total_motility_percent: 45,
  },
  analysis_parameters: {
    who_standard: 'WHO 6th edition (2021)',
    frame_size: { width: 160, height: 120 },
    micron_per_pixel: 0.5,
    motility_thresholds: { rapid_progressive: 25, slow_progressive: 5 },
  },
  video_summaries: [],
  errors: [{ video_id: 'v', video_name: 'clip', error: 'unreadable' }],
} satisfies MotilityReport;

describe('report outcomes and WHO table', () => {
  it('lists the spec failure texts and per-video errors', () => {
    const result = combineOutcomes(
      { ok: false, message: 'boom' },
      { ok: true, value: motility },
      texts,
    );
    expect(result.concentration).toBeNull();
    expect(result.errors).toEqual(['Concentration analysis failed: boom', 'clip: unreadable']);
  });

  it('classifies against the WHO 6th edition limits', () => {
    const concentration = {
      aggregated_results: {
        mean_concentration_million_per_ml: 10,
        overall_classification: 'warning',
        total_sperm_count: 5,
      },
    } as ConcentrationReport;
    const rows = whoRows(concentration, motility);
    expect(rows.map((row) => [row.key, row.reference, row.status])).toEqual([
      ['concentration', 16, 'warning'],
      ['totalCount', 39, 'unknown'],
      ['progressive', 30, 'normal'],
      ['totalMotility', 42, 'normal'],
      ['vitality', 54, 'error'],
    ]);
    expect(whoRows(null, null).every((row) => row.status === 'unknown')).toBe(true);
  });

  it('carries the 95 % intervals into the WHO rows, none for reports saved before them', () => {
    const concentration = {
      aggregated_results: {
        mean_concentration_million_per_ml: 51.1,
        overall_classification: 'normal',
        total_sperm_count: 5,
        total_sperm_number_million: 153.3,
        concentration_ci95: [44, 58.9],
      },
      analysis_parameters: { semen_volume_ml: 3 },
    } as ConcentrationReport;
    const withIntervals = {
      ...motility,
      aggregated_results: {
        ...motility.aggregated_results,
        progressive_ci95: [25, 46] as [number, number],
        total_motility_ci95: [34, 56] as [number, number],
        motility_ci95: {
          'Rapid Progressive': [11, 33] as [number, number],
          'Slow Progressive': [7, 28] as [number, number],
          'Non Progressive': [3, 22] as [number, number],
          Immotile: [44, 65] as [number, number],
        },
      },
    };
    const rows = whoRows(concentration, withIntervals);
    expect(rows.map((row) => [row.key, row.ci])).toEqual([
      ['concentration', [44, 58.9]],
      ['totalCount', [132, expect.closeTo(176.7, 6)]],
      ['progressive', [25, 46]],
      ['totalMotility', [34, 56]],
      ['vitality', [35, 56]],
    ]);
    for (const row of rows) {
      if (row.value === null || row.ci === null) throw new Error('value and interval expected');
      expect(row.ci[0]).toBeLessThanOrEqual(row.value);
      expect(row.ci[1]).toBeGreaterThanOrEqual(row.value);
    }
    expect(whoRows(null, motility).every((row) => row.ci === null)).toBe(true);
  });

  it('shows elapsed time as m:ss', () => {
    expect(elapsed(65.4)).toBe('1:05');
  });
});

describe('analysed span', () => {
  const summary = { frames: 300, duration_s: 10.04 };
  const t = ((key: string, values?: Record<string, unknown>) =>
    `${key} ${JSON.stringify(values ?? {})}`) as unknown as Parameters<typeof analysedRows>[1];

  it('sums the frames and seconds of the whole videos', () => {
    expect(analysedSpan([summary, { frames: 150, duration_s: 5 }])).toEqual({
      videos: 2,
      frames: 450,
      seconds: '15.0',
    });
    expect(analysedSpan([])).toBeNull();
  });

  it('states the whole video with its frames and seconds, and nothing without summaries', () => {
    expect(analysedRows([summary], t)).toEqual([
      ['reports.analysedLabel {}', 'reports.analysedWholeVideo {"frames":300,"seconds":"10.0"}'],
    ]);
    expect(analysedRows([summary, summary], t)[0]?.[1]).toContain('reports.analysedWholeVideos');
    expect(analysedRows([], t)).toEqual([]);
  });
});
