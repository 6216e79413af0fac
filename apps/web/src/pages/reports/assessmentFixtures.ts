import {
  assessmentFigures,
  type AssessmentInput,
  type AssessmentRecord,
  type AssessmentSource,
  type CurrentAssessments,
} from '@sarm/contracts';

/** Bench records for the report tests, with figures computed the way the server computes them. */
export function benchRecord(
  id: string,
  input: AssessmentInput,
  source: AssessmentSource = 'manual_count',
): AssessmentRecord {
  return {
    id,
    datasetId: 'd1',
    module: input.module,
    input,
    figures: assessmentFigures(input),
    source,
    accepted: true,
    countedBy: { id: 'u7', name: 'Tech Nguyen' },
    countedAt: '2026-03-02T09:30:00.000Z',
  };
}

/** Vitality 40 % live of 400 (eosin-nigrosin) and a morphology differential of 400 cells. */
export const fullBench: CurrentAssessments = {
  vitality: benchRecord('vit-1', {
    module: 'vitality',
    method: 'eosin_nigrosin',
    replicates: [
      { live: 80, dead: 120 },
      { live: 80, dead: 120 },
    ],
    notes: '',
  }),
  morphology: benchRecord(
    'mor-1',
    {
      module: 'morphology',
      method: 'papanicolaou',
      replicates: [
        {
          normal: 6,
          abnormal: [
            { defects: ['head'], count: 150 },
            { defects: ['head', 'tail'], count: 44 },
          ],
        },
        {
          normal: 6,
          abnormal: [
            { defects: ['head'], count: 150 },
            { defects: ['head', 'tail'], count: 44 },
          ],
        },
      ],
      notes: '',
      model_assisted: null,
    },
    'model_confirmed',
  ),
  round_cells: benchRecord('rc-1', {
    module: 'round_cells',
    method: 'peroxidase',
    replicates: [
      { sperm: 100, peroxidase_positive: 4, peroxidase_negative: 6 },
      { sperm: 100, peroxidase_positive: 4, peroxidase_negative: 6 },
    ],
    notes: '',
  }),
  mar: benchRecord('mar-1', {
    module: 'mar',
    method: 'mar_igg',
    replicates: [{ bound: 120, unbound: 80 }],
    notes: '',
  }),
  agglutination: benchRecord(
    'agg-1',
    { module: 'agglutination', method: 'wet_preparation', grade: 2, type: 'A', notes: '' },
    'manual_entry',
  ),
  comments: benchRecord(
    'com-1',
    { module: 'comments', method: 'observation', pellet: 'not_examined', notes: 'Some debris' },
    'manual_entry',
  ),
};
