import type { LeveyJennings, MeasureAgreement } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  blandAltmanGeometry,
  CHART_FRAME,
  EMPTY_MANUAL_COUNT_FORM,
  formatFigure,
  leveyJenningsGeometry,
  linearScale,
  manualCountBody,
  niceTicks,
  paddedExtent,
  parseNumber,
  replicatePairRows,
} from './qualityControlLogic';

describe('scales and ticks', () => {
  it('maps a domain linearly onto a (possibly inverted) range', () => {
    const y = linearScale([0, 10], [100, 0]);
    expect(y(0)).toBe(100);
    expect(y(2.5)).toBe(75);
    expect(linearScale([3, 3], [0, 50])(3)).toBe(25);
  });

  it('chooses round ticks of 1, 2 or 5 × 10ⁿ inside the extent', () => {
    expect(niceTicks(0, 10, 5)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(-3.2, 4.1, 4)).toEqual([-2, 0, 2, 4]);
    expect(niceTicks(0.1, 0.45, 3)).toEqual([0.2, 0.4]);
    expect(niceTicks(5, 5)).toEqual([5]);
  });

  it('pads an extent and never answers a flat one', () => {
    expect(paddedExtent([0, 10])).toEqual([-1, 11]);
    expect(paddedExtent([4, 4], 0.5)).toEqual([2, 6]);
    expect(paddedExtent([])).toEqual([0, 1]);
  });
});

const measure: MeasureAgreement = {
  n: 3,
  mean_bias: 2,
  sd_of_differences: 1,
  lower_limit_of_agreement: 0.04,
  upper_limit_of_agreement: 3.96,
  correlation: 0.99,
  pairs: [
    {
      manual_count_id: 'a',
      dataset_id: 'd1',
      dataset_name: 'S1',
      manual: 10,
      measured: 12,
      mean: 11,
      difference: 2,
    },
    {
      manual_count_id: 'b',
      dataset_id: 'd2',
      dataset_name: 'S2',
      manual: 20,
      measured: 21,
      mean: 20.5,
      difference: 1,
    },
    {
      manual_count_id: 'c',
      dataset_id: 'd3',
      dataset_name: 'S3',
      manual: 30,
      measured: 33,
      mean: 31.5,
      difference: 3,
    },
  ],
};

describe('blandAltmanGeometry', () => {
  it('places points by mean and difference, inside the plot area, higher differences higher up', () => {
    const { points } = blandAltmanGeometry(measure);
    const { margin, width, height } = CHART_FRAME;
    for (const p of points) {
      expect(p.x).toBeGreaterThanOrEqual(margin.left);
      expect(p.x).toBeLessThanOrEqual(width - margin.right);
      expect(p.y).toBeGreaterThanOrEqual(margin.top);
      expect(p.y).toBeLessThanOrEqual(height - margin.bottom);
    }
    const [a, b, c] = points;
    expect(a && b && c && a.x < b.x && b.x < c.x).toBe(true);
    expect(c && a && b && c.y < a.y && a.y < b.y).toBe(true);
  });

  it('draws zero, bias and both limits, and only zero without figures', () => {
    const { lines } = blandAltmanGeometry(measure);
    expect(lines.map((l) => [l.kind, l.value])).toEqual([
      ['zero', 0],
      ['bias', 2],
      ['limit', 0.04],
      ['limit', 3.96],
    ]);
    const empty = blandAltmanGeometry({
      ...measure,
      n: 0,
      mean_bias: null,
      lower_limit_of_agreement: null,
      upper_limit_of_agreement: null,
      pairs: [],
    });
    expect(empty.lines.map((l) => l.kind)).toEqual(['zero']);
  });
});

const chart: LeveyJennings = {
  series: {
    id: 's',
    project_id: 'p',
    dataset_id: 'd',
    dataset_name: 'Beads',
    name: 'Lot 7',
    analyte: 'concentration',
    baseline_runs: 10,
    target_mean: 50,
    target_sd: 5,
    created_at: '2026-01-01T00:00:00Z',
  },
  control_source: 'target',
  mean: 50,
  sd: 5,
  rejected_runs: 1,
  points: [50, 66, 48].map((value, index) => ({
    run: index + 1,
    video_id: `v${index}`,
    video_name: `Run ${index + 1}`,
    analysis_id: `a${index}`,
    analyzed_at: '2026-01-01T00:00:00Z',
    value,
    z_score: (value - 50) / 5,
    violations: value === 66 ? ['1-3s'] : [],
  })),
};

describe('leveyJenningsGeometry', () => {
  it('draws seven lines from −3 SD to +3 SD and keeps the violations with their points', () => {
    const geometry = leveyJenningsGeometry(chart);
    expect(geometry.lines.map((l) => l.value)).toEqual([35, 40, 45, 50, 55, 60, 65]);
    expect(geometry.lines.map((l) => l.kind)).toEqual([
      'sd3',
      'sd2',
      'sd1',
      'mean',
      'sd1',
      'sd2',
      'sd3',
    ]);
    expect(geometry.points.map((p) => p.violations)).toEqual([[], ['1-3s'], []]);
    const plus3 = geometry.lines[6]?.y ?? 0;
    expect(geometry.points[1]?.y).toBeLessThan(plus3);
    expect(geometry.axis.x.map((t) => t.value)).toEqual([1, 2, 3]);
  });

  it('draws no level lines while the limits are not set', () => {
    const geometry = leveyJenningsGeometry({
      ...chart,
      control_source: 'insufficient',
      mean: null,
      sd: null,
    });
    expect(geometry.lines).toEqual([]);
    expect(geometry.points).toHaveLength(3);
  });
});

describe('manualCountBody', () => {
  const form = {
    ...EMPTY_MANUAL_COUNT_FORM,
    datasetId: 'd1',
    concentration: '45,5',
    progressive: '30',
    totalMotility: '',
    countedBy: '  A. Nguyen ',
  };

  it('parses decimal commas, leaves empty figures null and trims the counter', () => {
    expect(manualCountBody(form, 1000)).toEqual({
      ok: true,
      body: {
        dataset_id: 'd1',
        concentration_million_per_ml: 45.5,
        progressive_pct: 30,
        total_motility_pct: null,
        method: 'neubauer',
        counted_by: 'A. Nguyen',
        notes: '',
      },
    });
  });

  it.each([
    [{ datasetId: '' }, 'sample'],
    [{ concentration: 'abc' }, 'notANumber'],
    [{ concentration: '', progressive: '', totalMotility: '' }, 'noFigure'],
    [{ concentration: '1001' }, 'concentrationRange'],
    [{ progressive: '101' }, 'percentRange'],
    [{ progressive: '60', totalMotility: '50' }, 'progressiveAboveTotal'],
    [{ countedBy: ' ' }, 'countedBy'],
  ] as const)('refuses %o with %s', (change, error) => {
    expect(manualCountBody({ ...form, ...change }, 1000)).toEqual({ ok: false, error });
  });

  it('reads numbers and formats figures', () => {
    expect(parseNumber(' ')).toBeNull();
    expect(Number.isNaN(parseNumber('1e'))).toBe(true);
    expect(formatFigure(null)).toBe('–');
    expect(formatFigure(2.345, 1)).toBe('2.3');
  });
});

describe('replicatePairRows', () => {
  const comparison = (
    first: string,
    second: string,
    measure: 'count' | 'progressive',
    agree: boolean,
  ) => ({
    measure,
    first_video_id: first,
    second_video_id: second,
    difference: 1,
    acceptable_difference: 2,
    agree,
  });

  it('groups comparisons by pair and lists disagreeing pairs first', () => {
    const rows = replicatePairRows([
      comparison('a', 'b', 'count', true),
      comparison('a', 'b', 'progressive', true),
      comparison('a', 'c', 'count', true),
      comparison('a', 'c', 'progressive', false),
    ]);
    expect(rows.map((row) => [row.key, row.agree])).toEqual([
      ['a|c', false],
      ['a|b', true],
    ]);
    expect(Object.keys(rows[1]?.byMeasure ?? {})).toEqual(['count', 'progressive']);
  });
});
