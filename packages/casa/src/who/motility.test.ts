import { describe, expect, it } from 'vitest';
import { DEFAULT_CASA_SETTINGS } from '../settings.js';
import { classifyMotility, summariseMotility } from './motility.js';

describe('classifyMotility (WHO 6th edition)', () => {
  const s = DEFAULT_CASA_SETTINGS;
  it('puts exactly 25 µm/s in rapid progressive and just below in slow', () => {
    expect(classifyMotility(25, false, s)).toBe('Rapid Progressive');
    expect(classifyMotility(24.999, false, s)).toBe('Slow Progressive');
  });
  it('puts exactly 5 µm/s in slow progressive and just below in non-progressive or immotile', () => {
    expect(classifyMotility(5, false, s)).toBe('Slow Progressive');
    expect(classifyMotility(4.999, true, s)).toBe('Non Progressive');
    expect(classifyMotility(4.999, false, s)).toBe('Immotile');
  });
});

describe('summariseMotility', () => {
  it('gives shares, progressive (a+b) and total (a+b+c) motility against the WHO limits', () => {
    const summary = summariseMotility([
      { category: 'Rapid Progressive', vcl: 60 },
      { category: 'Slow Progressive', vcl: 20 },
      { category: 'Non Progressive', vcl: 10 },
      { category: 'Immotile', vcl: 1 },
    ]);
    expect(summary.motility_distribution).toEqual({
      'Rapid Progressive': 25,
      'Slow Progressive': 25,
      'Non Progressive': 25,
      Immotile: 25,
    });
    expect(summary.progressive_percent).toBe(50);
    expect(summary.total_motility_percent).toBe(75);
    expect(summary.average_velocity).toBe(30);
    expect(summary.classification).toEqual({ progressive: 'normal', total: 'normal' });
  });
});
