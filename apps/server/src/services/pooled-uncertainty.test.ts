import { computeConcentration, createRng, effectiveCellCount } from '@sarm/casa';
import { describe, expect, it } from 'vitest';
import { poolConcentrationInterval, progressionIntervals } from './pooled-uncertainty.js';

const field = {
  widthPx: 160,
  heightPx: 120,
  umPerPixel: 0.5,
  chamberDepthUm: 20,
  dilution: 1,
  semenVolumeMl: null,
};

/** One video of a still field: `cells` heads in view in every frame. */
function stillVideo(cells: number) {
  const c = computeConcentration({
    ...field,
    meanCountPerFrame: cells,
    effectiveCells: effectiveCellCount(cells * 40, 40, new Array<number>(cells).fill(40)),
  });
  return {
    millionPerMl: c.mean_concentration_million_per_ml,
    ci95: c.ci95,
    cellsAssessed: c.cells_assessed,
  };
}

describe('poolConcentrationInterval', () => {
  it('rests on the summed cells when the videos share one field, and brackets the mean', () => {
    const videos = [stillVideo(40), stillVideo(55), stillVideo(48)];
    const pooled = poolConcentrationInterval(videos);
    if (pooled === null) throw new Error('interval expected');
    expect(pooled.cells_assessed).toBe(143);
    const mean = videos.reduce((s, v) => s + v.millionPerMl, 0) / 3;
    expect(pooled.ci95[0]).toBeLessThan(mean);
    expect(pooled.ci95[1]).toBeGreaterThan(mean);
    // Pooling three videos narrows the relative interval below each video's own.
    for (const v of videos) {
      expect((pooled.ci95[1] - pooled.ci95[0]) / mean).toBeLessThan(
        (v.ci95[1] - v.ci95[0]) / v.millionPerMl,
      );
    }
    expect(pooled.warning).toContain('143');
  });

  it('warns only below 200 cells assessed', () => {
    expect(poolConcentrationInterval([stillVideo(120), stillVideo(100)])?.warning).toBeNull();
  });

  it('holds the true concentration in at least 90 % of repeated five-video samples', () => {
    const rng = createRng(5);
    const perField = 12;
    const truth = stillVideo(perField).millionPerMl;
    let covered = 0;
    const trials = 1000;
    for (let i = 0; i < trials; i++) {
      const videos = Array.from({ length: 5 }, () => {
        // Poisson(perField) by inversion.
        let k = 0;
        let p = Math.exp(-perField);
        let cumulative = p;
        const u = rng.next();
        while (u > cumulative) {
          k++;
          p *= perField / k;
          cumulative += p;
        }
        return stillVideo(k);
      });
      const pooled = poolConcentrationInterval(videos);
      if (pooled !== null && truth >= pooled.ci95[0] && truth <= pooled.ci95[1]) covered++;
    }
    expect(covered / trials).toBeGreaterThan(0.9);
  });

  it('gives a finite upper bound when no video counted a cell', () => {
    const pooled = poolConcentrationInterval([stillVideo(0), stillVideo(0)]);
    expect(pooled?.ci95[0]).toBe(0);
    // Half of one video's bound: two fields were searched.
    expect(pooled?.ci95[1]).toBeCloseTo((stillVideo(0).ci95[1] ?? NaN) / 2, 9);
  });

  it('answers null when a video was analysed before the engine reported its counting', () => {
    expect(poolConcentrationInterval([stillVideo(40), { millionPerMl: 30 }])).toBeNull();
    expect(poolConcentrationInterval([])).toBeNull();
  });
});

describe('progressionIntervals', () => {
  it('brackets progressive and total motility with Wilson intervals in percent', () => {
    const tracks = [
      ...new Array<{ category: 'Rapid Progressive' }>(30).fill({ category: 'Rapid Progressive' }),
      ...new Array<{ category: 'Non Progressive' }>(20).fill({ category: 'Non Progressive' }),
      ...new Array<{ category: 'Immotile' }>(50).fill({ category: 'Immotile' }),
    ];
    const { progressive_ci95, total_motility_ci95 } = progressionIntervals(tracks);
    expect(progressive_ci95[0]).toBeLessThan(30);
    expect(progressive_ci95[1]).toBeGreaterThan(30);
    expect(progressive_ci95[0]).toBeCloseTo(21.9, 1);
    expect(total_motility_ci95[0]).toBeLessThan(50);
    expect(total_motility_ci95[1]).toBeGreaterThan(50);
  });
});
