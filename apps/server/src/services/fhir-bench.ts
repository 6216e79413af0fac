import {
  concentrationFromRatio,
  LOINC_SYSTEM,
  SARM_CASA_CODE_SYSTEM,
  WHO_2021_LIMITS,
  WHO_UPPER_THRESHOLDS,
  type AssessmentRecord,
  type CountedPercent,
  type CurrentAssessments,
  type FhirObservation,
  type MorphologyDefect,
} from '@sarm/contracts';
import {
  OBSERVATION_CATEGORY,
  quantity,
  whoJudgement,
  type FhirReference,
  type ResultDefinition,
} from './fhir-parts.js';

/**
 * The bench assessments of a report version as FHIR Observations (issue 31), one per figure
 * present, each with its method, the cells assessed, its 95 % interval and the technician who
 * counted it as performer.
 *
 * LOINC codes (published, "/100 spermatozoa in Semen" and "[#/volume] in Semen" families):
 * 10613-8 Spermatozoa Viable, 10622-9 Spermatozoa Normal, 10602-1 / 10603-9 / 10604-7 Abnormal
 * Head / Midpiece / Tail, 10585-8 Round cells [#/volume], 10579-1 Leukocytes [#/volume],
 * 10617-9 / 10615-3 Motile w IgG / IgA by Mixed antiglobulin reaction, 10616-1 / 10614-6 by
 * Immunobead. No LOINC code measures exactly these, so they use SARM's local code system:
 * excess residual cytoplasm (LOINC's cytoplasmic droplet, 10608-8, is a normal feature in WHO's
 * terms, not this defect), the teratozoospermia index, the sperm deformity index, and the
 * agglutination grade and type (LOINC 10605-4 is a percentage agglutinated, which WHO does not
 * ask for).
 */

const local = (code: string, display: string) => ({ system: SARM_CASA_CODE_SYSTEM, code, display });
const loinc = (code: string, display: string) => ({ system: LOINC_SYSTEM, code, display });
const percent = { unit: '%', ucum: '%' } as const;
const millionPerMl = { unit: 'million/mL', ucum: '10*6/mL' } as const;

export const FHIR_BENCH_RESULTS = {
  vitality: {
    key: 'vitality',
    coding: loinc('10613-8', 'Spermatozoa Viable/100 spermatozoa in Semen'),
    ...percent,
    lowerLimit: WHO_2021_LIMITS.vitalityPercent,
  },
  normalForms: {
    key: 'normal-forms',
    coding: loinc('10622-9', 'Spermatozoa Normal/100 spermatozoa in Semen'),
    ...percent,
    lowerLimit: WHO_2021_LIMITS.normalFormsPercent,
  },
  tzi: {
    key: 'tzi',
    coding: local('teratozoospermia-index', 'Teratozoospermia index (defects per abnormal cell)'),
    unit: 'defects/abnormal spermatozoon',
    ucum: '1',
  },
  sdi: {
    key: 'sdi',
    coding: local('sperm-deformity-index', 'Sperm deformity index (defects per spermatozoon)'),
    unit: 'defects/spermatozoon',
    ucum: '1',
  },
  roundCells: {
    key: 'round-cells',
    coding: loinc('10585-8', 'Round cells [#/volume] in Semen'),
    ...millionPerMl,
  },
  leukocytes: {
    key: 'leukocytes',
    coding: loinc('10579-1', 'Leukocytes [#/volume] in Semen'),
    ...millionPerMl,
    upperLimit: WHO_UPPER_THRESHOLDS.peroxidaseLeukocytesMillionPerMl,
  },
  agglutination: {
    key: 'agglutination',
    coding: local('agglutination', 'Agglutination of spermatozoa (WHO grade and type)'),
    unit: '',
    ucum: '1',
  },
} as const satisfies Record<string, ResultDefinition>;

export const FHIR_DEFECT_RESULTS = {
  head: {
    key: 'defect-head',
    coding: loinc('10602-1', 'Spermatozoa Abnormal Head/100 spermatozoa in Semen'),
    ...percent,
  },
  midpiece: {
    key: 'defect-midpiece',
    coding: loinc('10603-9', 'Spermatozoa Abnormal Midpiece/100 spermatozoa in Semen'),
    ...percent,
  },
  tail: {
    key: 'defect-tail',
    coding: loinc('10604-7', 'Spermatozoa Abnormal Tail/100 spermatozoa in Semen'),
    ...percent,
  },
  erc: {
    key: 'defect-erc',
    coding: local('excess-residual-cytoplasm', 'Spermatozoa with excess residual cytoplasm'),
    ...percent,
  },
} as const satisfies Record<MorphologyDefect, ResultDefinition>;

const boundLimit = {
  ...percent,
  upperLimit: WHO_UPPER_THRESHOLDS.boundMotilePercent,
  upperInclusive: true,
} as const;
export const FHIR_MAR_RESULTS = {
  mar_igg: {
    key: 'mar-igg',
    coding: loinc(
      '10617-9',
      'Spermatozoa Motile w IgG/100 spermatozoa in Semen by Mixed antiglobulin reaction',
    ),
    ...boundLimit,
  },
  mar_iga: {
    key: 'mar-iga',
    coding: loinc(
      '10615-3',
      'Spermatozoa Motile w IgA/100 spermatozoa in Semen by Mixed antiglobulin reaction',
    ),
    ...boundLimit,
  },
  immunobead_igg: {
    key: 'immunobead-igg',
    coding: loinc('10616-1', 'Spermatozoa Motile w IgG/100 spermatozoa in Semen by Immunobead'),
    ...boundLimit,
  },
  immunobead_iga: {
    key: 'immunobead-iga',
    coding: loinc('10614-6', 'Spermatozoa Motile w IgA/100 spermatozoa in Semen by Immunobead'),
    ...boundLimit,
  },
} as const satisfies Record<string, ResultDefinition>;

/** The methods as the observation's `method.text` words them. */
export const FHIR_METHOD_WORDS: Record<AssessmentRecord['input']['method'], string> = {
  eosin_nigrosin: 'Eosin-nigrosin stain',
  eosin: 'Eosin stain (wet preparation)',
  hos: 'Hypo-osmotic swelling (HOS) test',
  papanicolaou: 'Papanicolaou stain',
  diff_quik: 'Diff-Quik stain',
  shorr: 'Shorr stain',
  peroxidase: 'Peroxidase (ortho-toluidine) stain',
  mar_igg: 'Mixed antiglobulin reaction (IgG)',
  mar_iga: 'Mixed antiglobulin reaction (IgA)',
  immunobead_igg: 'Immunobead test (IgG)',
  immunobead_iga: 'Immunobead test (IgA)',
  wet_preparation: 'Wet preparation',
  observation: 'Observation',
};

const GRADE_WORDS = ['none seen', 'isolated', 'moderate', 'large', 'gross'] as const;
const TYPE_WORDS = {
  A: 'head-to-head',
  B: 'tail-to-tail',
  C: 'tail-tip-to-tail-tip',
  D: 'mixed',
  E: 'tangle',
} as const;

/** What every Observation of the bundle shares; `technician` gives a counter's Practitioner. */
export interface BenchObservationContext {
  readonly status: FhirObservation['status'];
  readonly subject: FhirReference | undefined;
  readonly effective: string | undefined;
  readonly issued: string;
  readonly newId: () => string;
  readonly technician: (counter: AssessmentRecord['countedBy']) => FhirReference;
}

const CELLS_ASSESSED = { coding: [local('cells-assessed', 'Cells assessed')] };
const round = (value: number) => Number(value.toFixed(2));

/** The part of an Observation every bench figure has. */
function benchBase(
  record: AssessmentRecord,
  definition: ResultDefinition,
  context: BenchObservationContext,
): FhirObservation {
  const source =
    record.source === 'model_confirmed' && record.input.module === 'morphology'
      ? `Classes proposed by the model ${record.input.model_assisted?.model_name ?? ''}, confirmed or corrected by the technician.`
      : null;
  return {
    resourceType: 'Observation',
    id: context.newId(),
    status: context.status,
    category: [OBSERVATION_CATEGORY],
    code: { coding: [definition.coding], text: definition.coding.display },
    ...(context.subject === undefined ? {} : { subject: context.subject }),
    ...(context.effective === undefined ? {} : { effectiveDateTime: context.effective }),
    issued: context.issued,
    performer: [context.technician(record.countedBy)],
    method: { text: FHIR_METHOD_WORDS[record.input.method] },
    ...(source === null ? {} : { note: [{ text: source }] }),
  };
}

/** A percentage counted on cells: value, WHO flag, cells assessed and the 95 % interval. */
function countedObservation(
  record: AssessmentRecord,
  definition: ResultDefinition,
  counted: CountedPercent,
  context: BenchObservationContext,
): FhirObservation {
  const base = benchBase(record, definition, context);
  const interval = `95 % CI ${round(counted.ci95[0])}–${round(counted.ci95[1])} % (Wilson), ${counted.assessed} cells assessed.`;
  return {
    ...base,
    valueQuantity: quantity(counted.percent, definition),
    ...whoJudgement(counted.percent, definition),
    component: [{ code: CELLS_ASSESSED, valueInteger: counted.assessed }],
    note: [{ text: interval }, ...(base.note ?? [])],
  };
}

function morphologyObservations(
  record: AssessmentRecord,
  context: BenchObservationContext,
): FhirObservation[] {
  const { figures } = record;
  const observations: FhirObservation[] = [];
  if (figures.main !== null)
    observations.push(
      countedObservation(record, FHIR_BENCH_RESULTS.normalForms, figures.main, context),
    );
  for (const [defect, definition] of Object.entries(FHIR_DEFECT_RESULTS)) {
    const counted = figures.defects?.[defect];
    if (counted !== undefined)
      observations.push(countedObservation(record, definition, counted, context));
  }
  const indices: [number | null, ResultDefinition][] = [
    [figures.tzi, FHIR_BENCH_RESULTS.tzi],
    [figures.sdi, FHIR_BENCH_RESULTS.sdi],
  ];
  for (const [value, definition] of indices)
    if (value !== null)
      observations.push({
        ...benchBase(record, definition, context),
        valueQuantity: quantity(value, definition),
      });
  return observations;
}

/** Round cells and leukocytes as concentrations from their ratio to the sperm counted. */
function roundCellObservations(
  record: AssessmentRecord,
  spermConcentration: number | null,
  context: BenchObservationContext,
): FhirObservation[] {
  const { figures } = record;
  const sperm = figures.sperm_counted ?? 0;
  const derived: [number | null, ResultDefinition, string][] = [
    [figures.round_cells_counted, FHIR_BENCH_RESULTS.roundCells, 'round cells'],
    [figures.leukocytes_counted, FHIR_BENCH_RESULTS.leukocytes, 'peroxidase-positive cells'],
  ];
  return derived.flatMap(([cells, definition, what]) => {
    const concentration = concentrationFromRatio(cells ?? 0, sperm, spermConcentration);
    if (cells === null || concentration === null) return [];
    const base = benchBase(record, definition, context);
    return [
      {
        ...base,
        valueQuantity: quantity(concentration.millionPerMl, definition),
        ...whoJudgement(concentration.millionPerMl, definition),
        component: [{ code: CELLS_ASSESSED, valueInteger: sperm }],
        note: [
          {
            text: `${cells} ${what} counted against ${sperm} spermatozoa in the same fields; 95 % CI ${round(concentration.ci95[0])}–${round(concentration.ci95[1])} million/mL (Poisson, counted cells only).`,
          },
          ...(base.note ?? []),
        ],
      },
    ];
  });
}

function agglutinationObservation(
  record: AssessmentRecord,
  context: BenchObservationContext,
): FhirObservation[] {
  if (record.input.module !== 'agglutination') return [];
  const { grade, type } = record.input;
  const definition = FHIR_BENCH_RESULTS.agglutination;
  const gradeText = `Grade ${grade} (${GRADE_WORDS[grade]})`;
  return [
    {
      ...benchBase(record, definition, context),
      valueCodeableConcept: {
        coding: [local(`agglutination-grade-${grade}`, gradeText)],
        text: type === null ? gradeText : `${gradeText}, type ${type} (${TYPE_WORDS[type]})`,
      },
      ...(type === null
        ? {}
        : {
            component: [
              {
                code: { coding: [local('agglutination-type', 'Agglutination type')] },
                valueString: `${type} (${TYPE_WORDS[type]})`,
              },
            ],
          }),
    },
  ];
}

/**
 * One Observation per bench figure of the version's assessments. The round cell and leukocyte
 * concentrations need the version's sperm concentration and are left out without it.
 */
export function benchObservations(
  assessments: CurrentAssessments,
  spermConcentrationMillionPerMl: number | null,
  context: BenchObservationContext,
): FhirObservation[] {
  const { vitality, morphology, round_cells: roundCells, agglutination, mar } = assessments;
  const observations: FhirObservation[] = [];
  if (vitality !== undefined && vitality.figures.main !== null)
    observations.push(
      countedObservation(vitality, FHIR_BENCH_RESULTS.vitality, vitality.figures.main, context),
    );
  if (morphology !== undefined) observations.push(...morphologyObservations(morphology, context));
  if (roundCells !== undefined)
    observations.push(
      ...roundCellObservations(roundCells, spermConcentrationMillionPerMl, context),
    );
  if (agglutination !== undefined)
    observations.push(...agglutinationObservation(agglutination, context));
  if (mar !== undefined && mar.figures.main !== null && mar.input.module === 'mar')
    observations.push(
      countedObservation(mar, FHIR_MAR_RESULTS[mar.input.method], mar.figures.main, context),
    );
  return observations;
}
