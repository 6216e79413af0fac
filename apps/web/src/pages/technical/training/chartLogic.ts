/** Values per epoch; null where an epoch has no value (no validation split). */
export type ChartValues = readonly (number | null)[];

export interface ChartBox {
  readonly width: number;
  readonly height: number;
  /** Room left of the plot for the y labels, and around it. */
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

export interface ChartTick {
  readonly value: number;
  /** Pixel position along its axis. */
  readonly at: number;
}

export interface ChartGeometry {
  /** One SVG path per series; empty when it has no value. */
  readonly paths: readonly string[];
  readonly yTicks: readonly ChartTick[];
  readonly xTicks: readonly ChartTick[];
}

const finite = (value: number | null): value is number => value !== null && Number.isFinite(value);

/** The y range of every value, widened a little so lines do not run along the frame. */
export function valueRange(series: readonly ChartValues[]): { min: number; max: number } | null {
  const values = series.flatMap((values) => values.filter(finite));
  if (values.length === 0) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (min === max) {
    const pad = Math.abs(min) * 0.1 || 1;
    return { min: min - pad, max: max + pad };
  }
  const pad = (max - min) * 0.05;
  return { min: min - pad, max: max + pad };
}

/** X pixel of epoch `index` of `count`; a single epoch sits in the middle. */
export function epochX(index: number, count: number, box: ChartBox): number {
  const inner = box.width - box.left - box.right;
  return count <= 1 ? box.left + inner / 2 : box.left + (index / (count - 1)) * inner;
}

/** Y pixel of a value in the range (larger values higher up). */
export function valueY(value: number, range: { min: number; max: number }, box: ChartBox): number {
  const inner = box.height - box.top - box.bottom;
  return box.top + (1 - (value - range.min) / (range.max - range.min)) * inner;
}

/** An SVG path through the values; a missing value breaks the line. */
export function linePath(
  values: ChartValues,
  range: { min: number; max: number },
  box: ChartBox,
): string {
  const parts: string[] = [];
  let drawing = false;
  values.forEach((value, index) => {
    if (!finite(value)) {
      drawing = false;
      return;
    }
    const x = epochX(index, values.length, box).toFixed(1);
    const y = valueY(value, range, box).toFixed(1);
    parts.push(`${drawing ? 'L' : 'M'}${x},${y}`);
    drawing = true;
  });
  return parts.join(' ');
}

/** Up to `count` whole epochs (1-based) spread along the x axis, first and last included. */
export function epochTicks(epochs: number, box: ChartBox, count = 5): ChartTick[] {
  if (epochs <= 0) return [];
  const step = Math.max(1, Math.ceil((epochs - 1) / Math.max(1, count - 1)));
  const ticks: ChartTick[] = [];
  for (let index = 0; index < epochs; index += step)
    ticks.push({ value: index + 1, at: epochX(index, epochs, box) });
  const last = epochs - 1;
  if (ticks.at(-1)?.value !== epochs) ticks.push({ value: epochs, at: epochX(last, epochs, box) });
  return ticks;
}

/** Everything an SVG line chart of per-epoch series needs; null when there is nothing to draw. */
export function chartGeometry(
  series: readonly ChartValues[],
  box: ChartBox,
  yTickCount = 4,
): ChartGeometry | null {
  const range = valueRange(series);
  if (range === null) return null;
  const epochs = Math.max(...series.map((values) => values.length));
  const yTicks: ChartTick[] = [];
  for (let index = 0; index <= yTickCount; index += 1) {
    const value = range.min + ((range.max - range.min) * index) / yTickCount;
    yTicks.push({ value, at: valueY(value, range, box) });
  }
  return {
    paths: series.map((values) => linePath(values, range, box)),
    yTicks,
    xTicks: epochTicks(epochs, box),
  };
}
