import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import {
  assessedText,
  assessmentWarnings,
  classShareText,
  driftText,
  formatInterval,
  intervalText,
  valueWithInterval,
  videosDriftText,
} from './uncertaintyLogic';

/** Interpolates the English texts, so the tests read what the screen shows. */
const translate = (key: string, values: Record<string, unknown> = {}) => {
  const [group, name] = key.split('.');
  const texts: Record<string, Record<string, string>> = { uncertainty: en.uncertainty };
  const text = texts[group ?? '']?.[name ?? ''] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, field: string) => String(values[field]));
};
const t = translate as unknown as TFunction;

describe('intervals', () => {
  it('writes a concentration as "51.1 million/ml (95 % CI 44.0–58.9)"', () => {
    expect(valueWithInterval(51.08, 'million/ml', [44.02, 58.91], t)).toBe(
      '51.1 million/ml (95 % CI 44.0–58.9)',
    );
    expect(formatInterval([0.123, 4.567], 2)).toBe('0.12–4.57');
    expect(intervalText([1, 2], t)).toBe('95 % CI 1.0–2.0');
  });

  it('writes the value alone for results analysed before intervals existed', () => {
    expect(valueWithInterval(51.08, 'million/ml', undefined, t)).toBe('51.1 million/ml');
    expect(intervalText(undefined, t)).toBeNull();
    expect(formatInterval(null)).toBeNull();
  });

  it('writes each class share with its own interval', () => {
    const shares = {
      'Rapid Progressive': 21.25,
      'Slow Progressive': 14.5,
      'Non Progressive': 9.75,
      Immotile: 54.5,
    };
    const intervals = {
      'Rapid Progressive': [15.1, 29.04] as const,
      'Slow Progressive': [9, 22] as const,
      'Non Progressive': [5, 17] as const,
      Immotile: [45, 63.2] as const,
    };
    expect(classShareText('Rapid Progressive', shares, intervals, t)).toBe(
      '21.3 % (95 % CI 15.1–29.0)',
    );
    expect(classShareText('Immotile', shares, undefined, t)).toBe('54.5 %');
  });
});

describe('assessment', () => {
  it('says how many cells and tracks were assessed, nothing when unknown', () => {
    expect(assessedText('cells', 143, t)).toBe('143 cells assessed');
    expect(assessedText('tracks', 87, t)).toBe('87 tracks assessed');
    expect(assessedText('cells', undefined, t)).toBeNull();
  });

  it('warns below 200 assessed, for cells and tracks separately', () => {
    const warnings = assessmentWarnings(
      {
        cellsAssessed: 143,
        cellsWarning: 'Only 143 independent cells counted',
        tracksAssessed: 250,
        tracksWarning: null,
      },
      t,
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('Only 143 cells assessed');
    expect(warnings[0]).toContain('at least 200');
    expect(
      assessmentWarnings({ cellsAssessed: 90, tracksAssessed: 12, tracksWarning: 'few' }, t),
    ).toEqual([expect.stringContaining('90 cells'), expect.stringContaining('12 tracks')]);
  });

  it('does not warn at 200 or more, nor for results without counts', () => {
    expect(
      assessmentWarnings(
        { cellsAssessed: 200, cellsWarning: null, tracksAssessed: 412, tracksWarning: null },
        t,
      ),
    ).toEqual([]);
    expect(assessmentWarnings({}, t)).toEqual([]);
  });
});

describe('driftText', () => {
  it('reports a removed drift with two decimals', () => {
    expect(
      driftText(
        { vx_um_per_s: 0.3, vy_um_per_s: 0.336, speed_um_per_s: 0.4505, tracks_used: 12 },
        t,
      ),
    ).toBe('Stage drift 0.45 µm/s, removed');
  });

  it('reports no drift when none was estimated or it is negligible, and nothing for old results', () => {
    expect(
      driftText({ vx_um_per_s: 0, vy_um_per_s: 0, speed_um_per_s: 0, tracks_used: 0 }, t),
    ).toBe('No stage drift detected');
    expect(
      driftText({ vx_um_per_s: 0.01, vy_um_per_s: 0, speed_um_per_s: 0.01, tracks_used: 9 }, t),
    ).toBe('No stage drift detected');
    expect(driftText(undefined, t)).toBeNull();
  });
});

describe('videosDriftText', () => {
  const drift = (speed: number, used = 10) => ({
    vx_um_per_s: speed,
    vy_um_per_s: 0,
    speed_um_per_s: speed,
    tracks_used: used,
  });

  it('gives the range of the drifts removed over several videos', () => {
    expect(videosDriftText([drift(0.45), drift(0.12), drift(0), undefined], t)).toBe(
      'Stage drift 0.12–0.45 µm/s over the videos, removed',
    );
  });

  it('gives one video its own text, and none when no video says', () => {
    expect(videosDriftText([drift(0.45), undefined], t)).toBe('Stage drift 0.45 µm/s, removed');
    expect(videosDriftText([drift(0.521), drift(0.518)], t)).toBe('Stage drift 0.52 µm/s, removed');
    expect(videosDriftText([drift(0.3, 0), drift(0.01)], t)).toBe('No stage drift detected');
    expect(videosDriftText([undefined], t)).toBeNull();
  });
});
