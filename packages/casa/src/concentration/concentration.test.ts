import { describe, expect, it } from 'vitest';
import { computeConcentration } from './concentration.js';

describe('computeConcentration', () => {
  it('matches the reference example: one head in a 320 x 240 µm field 20 µm deep is about 0.65 million/ml', () => {
    const r = computeConcentration({
      meanCountPerFrame: 1,
      widthPx: 640,
      heightPx: 480,
      umPerPixel: 0.5,
      chamberDepthUm: 20,
      dilution: 1,
      semenVolumeMl: null,
    });
    expect(r.field_volume_nl).toBeCloseTo(1.536);
    expect(r.mean_concentration_million_per_ml).toBeCloseTo(0.651, 3);
    expect(r.total_sperm_count).toBeNull();
    expect(r.overall_classification).toBe('error');
  });

  it('scales with dilution, classifies at 16 and 5, and gives the total count from the volume', () => {
    const base = { widthPx: 640, heightPx: 480, umPerPixel: 0.5, chamberDepthUm: 20 };
    const normal = computeConcentration({
      ...base,
      meanCountPerFrame: 24.576,
      dilution: 1,
      semenVolumeMl: 2,
    });
    expect(normal.mean_concentration_million_per_ml).toBeCloseTo(16);
    expect(normal.overall_classification).toBe('normal');
    expect(normal.total_sperm_count).toBeCloseTo(32);
    const diluted = computeConcentration({
      ...base,
      meanCountPerFrame: 3.84,
      dilution: 2,
      semenVolumeMl: null,
    });
    expect(diluted.mean_concentration_million_per_ml).toBeCloseTo(5);
    expect(diluted.overall_classification).toBe('warning');
  });
});
