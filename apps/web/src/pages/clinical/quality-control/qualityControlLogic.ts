import type {
  LeveyJennings,
  ManualCountMethod,
  MeasureAgreement,
  QcAnalyte,
  ReplicateComparison,
  WestgardRuleCode,
} from '@sarm/contracts';

/** Plot area of an SVG chart: its size and the margins kept for axes and labels. */
export interface ChartFrame {
  readonly width: number;
  readonly height: number;
  readonly margin: {
    readonly top: number;
    readonly right: number;
    readonly bottom: number;
    readonly left: number;
  };
}

export const CHART_FRAME: ChartFrame = {
  width: 640,
  height: 300,
  margin: { top: 16, right: 96, bottom: 44, left: 56 },
};

/** Maps a value of `domain` linearly onto `range` (a flat domain maps to the middle). */
export function linearScale(
  domain: readonly [number, number],
  range: readonly [number, number],
): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (value) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}

/** Round tick values (steps of 1, 2 or 5 × 10ⁿ) covering [min, max], about `count` of them. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (max === min) return [min];
  const raw = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let t = Math.ceil(min / step) * step; t <= max + step * 1e-9; t += step)
    ticks.push(Number(t.toFixed(10)));
  return ticks;
}

/** The smallest and largest value widened by `share` of the span on each side (never flat). */
export function paddedExtent(values: readonly number[], share = 0.1): [number, number] {
  if (values.length === 0) return [0, 1];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || Math.abs(high) || 1;
  return [low - span * share, high + span * share];
}

export interface PlotPoint {
  readonly key: string;
  readonly x: number;
  readonly y: number;
  readonly label: string;
}

export interface HorizontalLine {
  readonly key: string;
  readonly y: number;
  readonly value: number;
  readonly kind: 'bias' | 'limit' | 'mean' | 'sd1' | 'sd2' | 'sd3' | 'zero';
}

export interface Axis {
  readonly x: readonly { readonly value: number; readonly position: number }[];
  readonly y: readonly { readonly value: number; readonly position: number }[];
}

export interface ChartGeometry {
  readonly points: readonly PlotPoint[];
  readonly lines: readonly HorizontalLine[];
  readonly axis: Axis;
}

function axisOf(
  xDomain: readonly [number, number],
  yDomain: readonly [number, number],
  x: (v: number) => number,
  y: (v: number) => number,
  xTicks?: readonly number[],
): Axis {
  return {
    x: (xTicks ?? niceTicks(xDomain[0], xDomain[1])).map((value) => ({
      value,
      position: x(value),
    })),
    y: niceTicks(yDomain[0], yDomain[1]).map((value) => ({ value, position: y(value) })),
  };
}

/**
 * The Bland–Altman plot: each pair at (mean of the two methods, CASA − manual), with the bias and
 * the 95 % limits of agreement as horizontal lines.
 */
export function blandAltmanGeometry(
  measure: MeasureAgreement,
  frame: ChartFrame = CHART_FRAME,
): ChartGeometry {
  const { width, height, margin } = frame;
  const levels = [
    0,
    ...[
      measure.mean_bias,
      measure.lower_limit_of_agreement,
      measure.upper_limit_of_agreement,
    ].filter((v): v is number => v !== null),
  ];
  const xDomain = paddedExtent(measure.pairs.map((p) => p.mean));
  const yDomain = paddedExtent([...measure.pairs.map((p) => p.difference), ...levels]);
  const x = linearScale(xDomain, [margin.left, width - margin.right]);
  const y = linearScale(yDomain, [height - margin.bottom, margin.top]);
  const lines: HorizontalLine[] = [{ key: 'zero', y: y(0), value: 0, kind: 'zero' }];
  if (measure.mean_bias !== null)
    lines.push({ key: 'bias', y: y(measure.mean_bias), value: measure.mean_bias, kind: 'bias' });
  for (const [key, value] of [
    ['lower', measure.lower_limit_of_agreement],
    ['upper', measure.upper_limit_of_agreement],
  ] as const)
    if (value !== null) lines.push({ key, y: y(value), value, kind: 'limit' });
  return {
    points: measure.pairs.map((pair) => ({
      key: pair.manual_count_id,
      x: x(pair.mean),
      y: y(pair.difference),
      label: pair.dataset_name,
    })),
    lines,
    axis: axisOf(xDomain, yDomain, x, y),
  };
}

export interface LeveyJenningsPointGeometry extends PlotPoint {
  readonly violations: readonly WestgardRuleCode[];
}

export interface LeveyJenningsGeometry {
  readonly points: readonly LeveyJenningsPointGeometry[];
  readonly lines: readonly HorizontalLine[];
  readonly axis: Axis;
}

/** The Levey–Jennings chart: runs left to right, the mean and ±1, 2, 3 SD lines. */
export function leveyJenningsGeometry(
  chart: LeveyJennings,
  frame: ChartFrame = CHART_FRAME,
): LeveyJenningsGeometry {
  const { width, height, margin } = frame;
  const { mean, sd } = chart;
  const levels =
    mean !== null && sd !== null ? [-3, -2, -1, 0, 1, 2, 3].map((k) => mean + k * sd) : [];
  const runs = chart.points.length;
  const xDomain: [number, number] = [0.5, Math.max(1, runs) + 0.5];
  const yDomain = paddedExtent([...chart.points.map((p) => p.value), ...levels], 0.05);
  const x = linearScale(xDomain, [margin.left, width - margin.right]);
  const y = linearScale(yDomain, [height - margin.bottom, margin.top]);
  const kinds = ['sd3', 'sd2', 'sd1', 'mean', 'sd1', 'sd2', 'sd3'] as const;
  const lines: HorizontalLine[] = levels.map((value, index) => ({
    key: `level-${index}`,
    y: y(value),
    value,
    kind: kinds[index] ?? 'mean',
  }));
  const step = Math.max(1, Math.ceil(runs / 10));
  const xTicks = chart.points.map((p) => p.run).filter((run) => (run - 1) % step === 0);
  return {
    points: chart.points.map((point) => ({
      key: point.analysis_id,
      x: x(point.run),
      y: y(point.value),
      label: point.video_name,
      violations: point.violations,
    })),
    lines,
    axis: axisOf(xDomain, yDomain, x, y, xTicks),
  };
}

/** SD label of a Levey–Jennings line: "mean", "+2 SD", "−3 SD". */
export function levelLabel(index: number): string {
  const k = index - 3;
  if (k === 0) return 'x̄';
  return `${k > 0 ? '+' : '−'}${Math.abs(k)}s`;
}

/** A figure for display: fixed digits, or an en dash for none. */
export function formatFigure(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? '–'
    : value.toFixed(digits);
}

export interface ManualCountForm {
  readonly datasetId: string;
  readonly concentration: string;
  readonly progressive: string;
  readonly totalMotility: string;
  readonly method: ManualCountMethod;
  readonly countedBy: string;
  readonly notes: string;
}

export const EMPTY_MANUAL_COUNT_FORM: ManualCountForm = {
  datasetId: '',
  concentration: '',
  progressive: '',
  totalMotility: '',
  method: 'neubauer',
  countedBy: '',
  notes: '',
};

export type ManualCountFormError =
  | 'sample'
  | 'countedBy'
  | 'noFigure'
  | 'notANumber'
  | 'percentRange'
  | 'concentrationRange'
  | 'progressiveAboveTotal';

/** A typed number, null for an empty field, NaN for text that is not a number. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
}

/** The request body of the form, or the first reason it cannot be sent. */
export function manualCountBody(
  form: ManualCountForm,
  concentrationMax: number,
):
  | {
      readonly ok: true;
      readonly body: {
        dataset_id: string;
        concentration_million_per_ml: number | null;
        progressive_pct: number | null;
        total_motility_pct: number | null;
        method: ManualCountMethod;
        counted_by: string;
        notes: string;
      };
    }
  | { readonly ok: false; readonly error: ManualCountFormError } {
  if (form.datasetId === '') return { ok: false, error: 'sample' };
  const concentration = parseNumber(form.concentration);
  const progressive = parseNumber(form.progressive);
  const total = parseNumber(form.totalMotility);
  const figures = [concentration, progressive, total];
  if (figures.some((v) => v !== null && Number.isNaN(v))) return { ok: false, error: 'notANumber' };
  if (figures.every((v) => v === null)) return { ok: false, error: 'noFigure' };
  if (concentration !== null && (concentration < 0 || concentration > concentrationMax))
    return { ok: false, error: 'concentrationRange' };
  if ([progressive, total].some((v) => v !== null && (v < 0 || v > 100)))
    return { ok: false, error: 'percentRange' };
  if (progressive !== null && total !== null && progressive > total)
    return { ok: false, error: 'progressiveAboveTotal' };
  if (form.countedBy.trim() === '') return { ok: false, error: 'countedBy' };
  return {
    ok: true,
    body: {
      dataset_id: form.datasetId,
      concentration_million_per_ml: concentration,
      progressive_pct: progressive,
      total_motility_pct: total,
      method: form.method,
      counted_by: form.countedBy.trim(),
      notes: form.notes,
    },
  };
}

/** The unit shown beside an analyte's values. */
export const ANALYTE_UNIT: Record<QcAnalyte, string> = {
  concentration: 'M/ml',
  progressive: '%',
  total_motility: '%',
};

/** One pair of replicates with its comparisons by measure. */
export interface ReplicatePairRow {
  readonly key: string;
  readonly firstVideoId: string;
  readonly secondVideoId: string;
  readonly byMeasure: Partial<Record<ReplicateComparison['measure'], ReplicateComparison>>;
  readonly agree: boolean;
}

/** The comparisons grouped by pair of replicates, pairs that disagree first (else in order). */
export function replicatePairRows(comparisons: readonly ReplicateComparison[]): ReplicatePairRow[] {
  const rows = new Map<string, ReplicatePairRow>();
  for (const comparison of comparisons) {
    const key = `${comparison.first_video_id}|${comparison.second_video_id}`;
    const row = rows.get(key) ?? {
      key,
      firstVideoId: comparison.first_video_id,
      secondVideoId: comparison.second_video_id,
      byMeasure: {},
      agree: true,
    };
    rows.set(key, {
      ...row,
      byMeasure: { ...row.byMeasure, [comparison.measure]: comparison },
      agree: row.agree && comparison.agree,
    });
  }
  const list = [...rows.values()];
  return [...list.filter((row) => !row.agree), ...list.filter((row) => row.agree)];
}
