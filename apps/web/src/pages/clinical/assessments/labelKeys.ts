import {
  MAR_METHODS,
  MORPHOLOGY_METHODS,
  ROUND_CELL_METHODS,
  VITALITY_METHODS,
  type AssessmentModule,
  type CountedModule,
  type PelletFinding,
} from '@sarm/contracts';
import type { AgglutinationGrade, AgglutinationType } from './benchLogic';
import type { CounterCategory, KeyProblem } from './counterKeys';

/** Translation keys of the bench screens' labels, checked against the English texts. */

export const MODULE_KEYS = {
  vitality: 'assessments.modules.vitality',
  morphology: 'assessments.modules.morphology',
  round_cells: 'assessments.modules.round_cells',
  agglutination: 'assessments.modules.agglutination',
  mar: 'assessments.modules.mar',
  comments: 'assessments.modules.comments',
} as const satisfies Record<AssessmentModule, string>;

type Method =
  | (typeof VITALITY_METHODS)[number]
  | (typeof MORPHOLOGY_METHODS)[number]
  | (typeof ROUND_CELL_METHODS)[number]
  | (typeof MAR_METHODS)[number]
  | 'wet_preparation'
  | 'observation';

export const METHOD_KEYS = {
  eosin_nigrosin: 'assessments.methods.eosin_nigrosin',
  eosin: 'assessments.methods.eosin',
  hos: 'assessments.methods.hos',
  papanicolaou: 'assessments.methods.papanicolaou',
  diff_quik: 'assessments.methods.diff_quik',
  shorr: 'assessments.methods.shorr',
  peroxidase: 'assessments.methods.peroxidase',
  mar_igg: 'assessments.methods.mar_igg',
  mar_iga: 'assessments.methods.mar_iga',
  immunobead_igg: 'assessments.methods.immunobead_igg',
  immunobead_iga: 'assessments.methods.immunobead_iga',
  wet_preparation: 'assessments.methods.wet_preparation',
  observation: 'assessments.methods.observation',
} as const satisfies Record<Method, string>;

/** The methods offered for each counted module, in the contract's order. */
export const COUNTED_METHODS: Readonly<
  Record<CountedModule, readonly (keyof typeof METHOD_KEYS)[]>
> = {
  vitality: VITALITY_METHODS,
  morphology: MORPHOLOGY_METHODS,
  round_cells: ROUND_CELL_METHODS,
  mar: MAR_METHODS,
};

export const CATEGORY_KEYS = {
  live: 'assessments.categories.live',
  dead: 'assessments.categories.dead',
  normal: 'assessments.categories.normal',
  head: 'assessments.categories.head',
  midpiece: 'assessments.categories.midpiece',
  tail: 'assessments.categories.tail',
  erc: 'assessments.categories.erc',
  sperm: 'assessments.categories.sperm',
  peroxidase_positive: 'assessments.categories.peroxidase_positive',
  peroxidase_negative: 'assessments.categories.peroxidase_negative',
  bound: 'assessments.categories.bound',
  unbound: 'assessments.categories.unbound',
} as const satisfies Record<CounterCategory, string>;

const MEASURE_KEYS = {
  live: 'assessments.measures.live',
  normal: 'assessments.measures.normal',
  bound: 'assessments.measures.bound',
  leukocytes: 'assessments.measures.leukocytes',
  round_cells: 'assessments.measures.round_cells',
} as const;

const isMeasure = (measure: string): measure is keyof typeof MEASURE_KEYS =>
  Object.hasOwn(MEASURE_KEYS, measure);

/** The label of a measure `assessmentFigures` judges replicate agreement on; null if unknown. */
export const measureKey = (measure: string) => (isMeasure(measure) ? MEASURE_KEYS[measure] : null);

export const GRADE_KEYS = {
  0: 'assessments.agglutination.grades.0',
  1: 'assessments.agglutination.grades.1',
  2: 'assessments.agglutination.grades.2',
  3: 'assessments.agglutination.grades.3',
  4: 'assessments.agglutination.grades.4',
} as const satisfies Record<AgglutinationGrade, string>;

export const TYPE_KEYS = {
  A: 'assessments.agglutination.types.A',
  B: 'assessments.agglutination.types.B',
  C: 'assessments.agglutination.types.C',
  D: 'assessments.agglutination.types.D',
  E: 'assessments.agglutination.types.E',
} as const satisfies Record<AgglutinationType, string>;

export const PELLET_KEYS = {
  not_examined: 'assessments.comments.pellets.not_examined',
  no_sperm: 'assessments.comments.pellets.no_sperm',
  sperm_seen: 'assessments.comments.pellets.sperm_seen',
} as const satisfies Record<PelletFinding, string>;

export const KEY_PROBLEM_KEYS = {
  empty: 'assessments.keysDialog.problems.empty',
  not_single: 'assessments.keysDialog.problems.not_single',
  reserved: 'assessments.keysDialog.problems.reserved',
  duplicate: 'assessments.keysDialog.problems.duplicate',
} as const satisfies Record<KeyProblem, string>;

/** The headline figure of each module that has one. */
export const MEASURE_KEYS_BY_MODULE = {
  vitality: 'assessments.measures.live',
  morphology: 'assessments.measures.normal',
  mar: 'assessments.measures.bound',
} as const;

/** The headline figure's label of a module; null for those without one. */
export function headlineKey(module: AssessmentModule) {
  switch (module) {
    case 'vitality':
    case 'morphology':
    case 'mar':
      return MEASURE_KEYS_BY_MODULE[module];
    case 'round_cells':
    case 'agglutination':
    case 'comments':
      return null;
  }
}
