import type { ConcentrationReport, MotilityReport } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  analysedRows,
  analysedSpan,
  combineOutcomes,
  elapsed,
  reportTableRows,
  toggleVideo,
  usableForReport,
  validateVideoSelection,
  vitalityMotilityConflict,
  whoRows,
} from './reportLogic';
import { fullBench } from './assessmentFixtures';

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
      ['vitality', 54, 'unknown'],
      ['normalForms', 4, 'unknown'],
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
      ['vitality', null],
      ['normalForms', null],
    ]);
    for (const row of rows.filter((r) => r.value !== null)) {
      if (row.value === null || row.ci === null) throw new Error('value and interval expected');
      expect(row.ci[0]).toBeLessThanOrEqual(row.value);
      expect(row.ci[1]).toBeGreaterThanOrEqual(row.value);
    }
    expect(whoRows(null, motility).every((row) => row.ci === null)).toBe(true);
  });

  it('never derives vitality from motility: without a vitality record it is not measured', () => {
    const allImmotile = {
      ...motility,
      aggregated_results: {
        ...motility.aggregated_results,
        motility_distribution: {
          ...motility.aggregated_results.motility_distribution,
          Immotile: 5,
        },
      },
    };
    for (const m of [motility, allImmotile, null]) {
      const vitality = whoRows(null, m).find((row) => row.key === 'vitality');
      expect(vitality).toMatchObject({ value: null, ci: null, status: 'unknown', method: null });
    }
    const fromBench = whoRows(null, allImmotile, { vitality: fullBench.vitality });
    expect(fromBench.find((row) => row.key === 'vitality')).toMatchObject({
      value: 40,
      status: 'error',
      method: { kind: 'manual_count', method: 'eosin_nigrosin' },
    });
  });

  it('marks the CASA rows with the video analysis and the cells or tracks assessed', () => {
    const withCounts = {
      ...motility,
      aggregated_results: { ...motility.aggregated_results, tracks_assessed: 187 },
    };
    const concentration = {
      aggregated_results: {
        mean_concentration_million_per_ml: 20,
        overall_classification: 'normal',
        total_sperm_count: 5,
        cells_assessed: 243.6,
      },
    } as ConcentrationReport;
    const rows = whoRows(concentration, withCounts, fullBench);
    expect(rows.find((row) => row.key === 'concentration')).toMatchObject({
      method: { kind: 'casa' },
      cells: { kind: 'cells', count: 244 },
      countedBy: null,
    });
    expect(rows.find((row) => row.key === 'progressive')?.cells).toEqual({
      kind: 'tracks',
      count: 187,
    });
    expect(rows.find((row) => row.key === 'normalForms')).toMatchObject({ value: 3 });
    expect(reportTableRows(concentration, withCounts, fullBench).map((row) => row.key)).toEqual(
      expect.arrayContaining(['vitality', 'normalForms', 'tzi', 'sdi', 'leukocytes', 'mar']),
    );
  });

  it('warns when fewer spermatozoa are live than motile (WHO consistency check)', () => {
    // 40 % live against 45 % motile.
    expect(vitalityMotilityConflict(motility, fullBench)).toEqual({ vitality: 40, motility: 45 });
    const lively = {
      ...motility,
      aggregated_results: { ...motility.aggregated_results, total_motility_percent: 30 },
    };
    expect(vitalityMotilityConflict(lively, fullBench)).toBeNull();
    expect(vitalityMotilityConflict(motility, {})).toBeNull();
    expect(vitalityMotilityConflict(null, fullBench)).toBeNull();
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
