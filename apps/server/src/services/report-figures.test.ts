import { assessmentFigures, type AssessmentInput, type AssessmentRecord } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  interpretationFiguresOf,
  payloadFigures,
  storedAssessments,
  storedInterpretation,
} from './report-figures.js';

const record = (input: AssessmentInput): AssessmentRecord => ({
  id: `id-${input.module}`,
  datasetId: 'd1',
  module: input.module,
  input,
  figures: assessmentFigures(input),
  source: 'manual_count',
  accepted: true,
  countedBy: { id: 'u1', name: 'Tech' },
  countedAt: '2026-03-02T09:00:00.000Z',
});

describe('report figures of a stored payload', () => {
  it('reads a version saved before the bench modules as no assessments and no interpretation', () => {
    const legacy = { dataset_name: 'Old sample' };
    expect(storedAssessments(legacy)).toEqual({});
    expect(storedInterpretation(legacy)).toBeNull();
    expect(storedAssessments({ assessments: { vitality: 'garbled' } })).toEqual({});
    expect(payloadFigures(legacy)).toEqual({
      volumeMl: null,
      concentrationMillionPerMl: null,
      totalSpermMillion: null,
      progressivePercent: null,
      vitalityPercent: null,
      normalFormsPercent: null,
      leukocytesMillionPerMl: null,
      pellet: null,
    });
  });

  it('takes vitality, normal forms, leukocytes from the ratio and the pellet from the assessments', () => {
    const assessments = {
      vitality: record({
        module: 'vitality',
        method: 'eosin',
        replicates: [{ live: 120, dead: 80 }],
        notes: '',
      }),
      morphology: record({
        module: 'morphology',
        method: 'papanicolaou',
        replicates: [{ normal: 10, abnormal: [{ defects: ['head'], count: 190 }] }],
        notes: '',
        model_assisted: null,
      }),
      round_cells: record({
        module: 'round_cells',
        method: 'peroxidase',
        replicates: [{ sperm: 200, peroxidase_positive: 10, peroxidase_negative: 0 }],
        notes: '',
      }),
      comments: record({
        module: 'comments',
        method: 'observation',
        pellet: 'no_sperm',
        notes: '',
      }),
    };
    const figures = interpretationFiguresOf({
      sample: { semen_volume_ml: 2 },
      assessments,
      concentration_report: {
        aggregated_results: {
          mean_concentration_million_per_ml: 40,
          total_sperm_number_million: 80,
        },
      },
      motility_report: { aggregated_results: { progressive_percent: 35 } },
    });
    expect(figures).toMatchObject({
      volumeMl: 2,
      concentrationMillionPerMl: 40,
      totalSpermMillion: 80,
      progressivePercent: 35,
      vitalityPercent: 60,
      normalFormsPercent: 5,
      pellet: 'no_sperm',
    });
    // 10 leukocytes per 200 spermatozoa at 40 million/ml: 2 million/ml.
    expect(figures.leukocytesMillionPerMl).toBeCloseTo(2, 9);
  });
});
