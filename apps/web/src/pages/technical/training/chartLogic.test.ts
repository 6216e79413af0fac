import { describe, expect, it } from 'vitest';
import {
  chartGeometry,
  epochTicks,
  epochX,
  linePath,
  valueRange,
  valueY,
  type ChartBox,
} from './chartLogic';

const box: ChartBox = { width: 120, height: 110, left: 10, right: 10, top: 5, bottom: 5 };

describe('valueRange', () => {
  it('spans every finite value of every series with a 5% margin', () => {
    expect(valueRange([[1, null, 3], [2]])).toEqual({ min: 0.9, max: 3.1 });
  });
  it('opens a flat series around its value and answers null with no value', () => {
    expect(valueRange([[2, 2]])).toEqual({ min: 1.8, max: 2.2 });
    expect(valueRange([[0]])).toEqual({ min: -1, max: 1 });
    expect(valueRange([[null], []])).toBeNull();
  });
});

describe('epochX and valueY', () => {
  it('puts the first epoch at the left edge, the last at the right, one epoch in the middle', () => {
    expect(epochX(0, 3, box)).toBe(10);
    expect(epochX(2, 3, box)).toBe(110);
    expect(epochX(0, 1, box)).toBe(60);
  });
  it('draws larger values higher up', () => {
    const range = { min: 0, max: 1 };
    expect(valueY(1, range, box)).toBe(5);
    expect(valueY(0, range, box)).toBe(105);
    expect(valueY(0.5, range, box)).toBe(55);
  });
});

describe('linePath', () => {
  it('moves to the first point, draws lines after it, and breaks at a missing value', () => {
    const range = { min: 0, max: 1 };
    expect(linePath([1, 0, null, 1], range, box)).toBe('M10.0,5.0 L43.3,105.0 M110.0,5.0');
  });
  it('is empty for a series without values', () => {
    expect(linePath([null, null], { min: 0, max: 1 }, box)).toBe('');
  });
});

describe('epochTicks', () => {
  it('labels epochs 1-based, keeps the last one and stays within the count', () => {
    expect(epochTicks(3, box).map((tick) => tick.value)).toEqual([1, 2, 3]);
    const many = epochTicks(100, box).map((tick) => tick.value);
    expect(many[0]).toBe(1);
    expect(many.at(-1)).toBe(100);
    expect(many.length).toBeLessThanOrEqual(6);
    expect(epochTicks(0, box)).toEqual([]);
  });
});

describe('chartGeometry', () => {
  it('draws one path per series on a shared scale with y ticks from bottom to top', () => {
    const geometry = chartGeometry(
      [
        [0.9, 0.5],
        [1.0, null],
      ],
      box,
      2,
    );
    expect(geometry?.paths).toHaveLength(2);
    expect(geometry?.paths[1]).toMatch(/^M10\.0,/);
    expect(geometry?.yTicks.map((tick) => Math.round(tick.at))).toEqual([105, 55, 5]);
    expect(geometry?.xTicks.map((tick) => tick.value)).toEqual([1, 2]);
  });
  it('answers null when no epoch has a value yet', () => {
    expect(chartGeometry([[], []], box)).toBeNull();
  });
});
