import { describe, expect, it } from 'vitest';
import {
  assessmentFigures,
  cellsCounted,
  concentrationFromRatio,
  countedPercent,
} from './assessment-figures.js';
import { AssessmentInputSchema, type AssessmentInput } from './assessments.js';

const input = (value: unknown): AssessmentInput => AssessmentInputSchema.parse(value);

describe('bench assessment figures', () => {
  it('pools vitality replicates into live % with a Wilson interval and judges their agreement', () => {
    const figures = assessmentFigures(
      input({
        module: 'vitality',
        method: 'eosin_nigrosin',
        replicates: [
          { live: 120, dead: 80 },
          { live: 125, dead: 75 },
        ],
      }),
    );
    expect(figures.main?.percent).toBeCloseTo(61.25, 10);
    expect(figures.main?.assessed).toBe(400);
    // Wilson 95 % for 245 / 400: 56.4 to 65.9 %.
    expect(figures.main?.ci95[0]).toBeCloseTo(56.39, 1);
    expect(figures.main?.ci95[1]).toBeCloseTo(65.89, 1);
    expect(figures.agreement).toEqual([
      { measure: 'live', difference: 2.5, acceptableDifference: 10, agree: true },
    ]);
    expect(figures.replicates_agree).toBe(true);
  });

  it('flags vitality replicates that differ by more than WHO allows', () => {
    const figures = assessmentFigures(
      input({
        module: 'vitality',
        method: 'eosin',
        replicates: [
          { live: 88, dead: 112 },
          { live: 112, dead: 88 },
        ],
      }),
    );
    expect(figures.agreement[0]?.difference).toBe(12);
    expect(figures.replicates_agree).toBe(false);
  });

  it('computes % normal forms, each defect class, TZI and SDI from the morphology tallies', () => {
    const figures = assessmentFigures(
      input({
        module: 'morphology',
        method: 'papanicolaou',
        replicates: [
          {
            normal: 10,
            abnormal: [
              { defects: ['head'], count: 100 },
              { defects: ['head', 'tail'], count: 50 },
              { defects: ['head', 'midpiece', 'tail', 'erc'], count: 40 },
            ],
          },
        ],
      }),
    );
    expect(figures.main?.percent).toBeCloseTo(5, 10);
    expect(figures.main?.assessed).toBe(200);
    expect(figures.defects?.head?.percent).toBeCloseTo(95, 10);
    expect(figures.defects?.tail?.percent).toBeCloseTo(45, 10);
    expect(figures.defects?.midpiece?.percent).toBeCloseTo(20, 10);
    expect(figures.defects?.erc?.percent).toBeCloseTo(20, 10);
    // 100 + 2·50 + 4·40 = 360 defects on 190 abnormal of 200 cells.
    expect(figures.tzi).toBeCloseTo(360 / 190, 10);
    expect(figures.sdi).toBeCloseTo(1.8, 10);
    expect(figures.agreement).toEqual([]);
  });

  it('gives round cells and leukocytes per spermatozoon and compares the replicates as counts', () => {
    const figures = assessmentFigures(
      input({
        module: 'round_cells',
        method: 'peroxidase',
        replicates: [
          { sperm: 200, peroxidase_positive: 10, peroxidase_negative: 20 },
          { sperm: 200, peroxidase_positive: 14, peroxidase_negative: 16 },
        ],
      }),
    );
    expect(figures.leukocytes_per_sperm).toBeCloseTo(24 / 400, 10);
    expect(figures.round_cells_per_sperm).toBeCloseTo(60 / 400, 10);
    expect(figures.agreement.map((a) => [a.measure, a.agree])).toEqual([
      ['leukocytes', true],
      ['round_cells', true],
    ]);
    expect(
      cellsCounted(
        input({
          module: 'round_cells',
          method: 'peroxidase',
          replicates: [{ sperm: 7, peroxidase_positive: 1, peroxidase_negative: 0 }],
        }),
      ),
    ).toBe(7);
  });

  it('derives a concentration from the ratio to the sperm concentration', () => {
    // 24 leukocytes per 400 spermatozoa at 20 million/ml: 1.2 million/ml.
    const derived = concentrationFromRatio(24, 400, 20);
    expect(derived?.millionPerMl).toBeCloseTo(1.2, 10);
    expect(derived?.ci95[0]).toBeLessThan(1.2);
    expect(derived?.ci95[1]).toBeGreaterThan(1.2);
    expect(concentrationFromRatio(24, 400, null)).toBeNull();
    expect(concentrationFromRatio(3, 0, 20)).toBeNull();
  });

  it('gives MAR bound % and nothing for the entered modules', () => {
    const mar = assessmentFigures(
      input({ module: 'mar', method: 'mar_igg', replicates: [{ bound: 30, unbound: 170 }] }),
    );
    expect(mar.main?.percent).toBeCloseTo(15, 10);
    const agglutination = assessmentFigures(
      input({ module: 'agglutination', method: 'wet_preparation', grade: 2, type: 'A' }),
    );
    expect(agglutination.main).toBeNull();
    expect(countedPercent(0, 0).percent).toBe(0);
  });
});
