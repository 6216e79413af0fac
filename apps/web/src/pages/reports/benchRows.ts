import {
  cellsCounted,
  concentrationFromRatio,
  WHO_2021_LIMITS,
  WHO_UPPER_THRESHOLDS,
  type AssessmentInput,
  type AssessmentRecord,
  type CurrentAssessments,
  type MorphologyDefect,
  type PelletFinding,
} from '@sarm/contracts';

/**
 * The report rows of the bench assessments (vitality, morphology and its detail, round cells,
 * leukocytes, MAR, agglutination, comments), with how each figure was obtained, how many cells it
 * rests on and who counted it. Pure data: reportRowText.ts turns the rows into words.
 */

export type WhoStatus = 'normal' | 'warning' | 'error' | 'above' | 'unknown' | 'none';

export type Interval = readonly [number, number];

/** Every method a bench record may name, printed "Manual count, <method>". */
export type AssessmentMethod = AssessmentInput['method'];

/** How a figure was obtained: the video analysis, or a bench record's source and method. */
export type RowMethod =
  | { readonly kind: 'casa' }
  | {
      readonly kind: 'manual_count' | 'model_confirmed' | 'manual_entry';
      readonly method: AssessmentMethod;
    };

/** What a figure rests on: cells (or tracks) assessed, or cells counted against spermatozoa. */
export type RowCells =
  | { readonly kind: 'cells'; readonly count: number }
  | { readonly kind: 'tracks'; readonly count: number }
  | { readonly kind: 'against_sperm'; readonly counted: number; readonly sperm: number };

/** The limit a figure is judged against: WHO lower limits (≥) and upper thresholds. */
export interface RowReference {
  readonly comparator: '>=' | '<=' | '<';
  readonly value: number;
}

export type RowValue =
  | {
      readonly kind: 'number';
      readonly value: number | null;
      readonly ci: Interval | null;
      readonly digits: number;
      /** Why there is no value: not assessed, or no sperm concentration to derive it from. */
      readonly missing: 'notMeasured' | 'needsConcentration';
    }
  | {
      readonly kind: 'agglutination';
      readonly grade: 0 | 1 | 2 | 3 | 4;
      readonly type: 'A' | 'B' | 'C' | 'D' | 'E' | null;
    }
  | { readonly kind: 'pellet'; readonly finding: PelletFinding }
  | { readonly kind: 'text'; readonly text: string };

export type BenchRowKey =
  | 'vitality'
  | 'normalForms'
  | 'defect_head'
  | 'defect_midpiece'
  | 'defect_tail'
  | 'defect_erc'
  | 'tzi'
  | 'sdi'
  | 'roundCells'
  | 'leukocytes'
  | 'mar'
  | 'agglutination'
  | 'pellet'
  | 'comments';

export type CasaRowKey = 'concentration' | 'totalCount' | 'progressive' | 'totalMotility';

/** Who counted a manual figure, and when. */
export interface RowCounter {
  readonly name: string;
  readonly at: string;
}

/** Where a row's figure comes from, printed beside it. */
export interface RowProvenance {
  readonly method: RowMethod | null;
  readonly cells: RowCells | null;
  readonly countedBy: RowCounter | null;
}

/** One line of the report's results table, on screen and in the PDF. */
export interface ReportTableRow extends RowProvenance {
  readonly key: CasaRowKey | BenchRowKey;
  readonly value: RowValue;
  readonly reference: RowReference | null;
  readonly status: WhoStatus;
}

export const NO_PROVENANCE: RowProvenance = { method: null, cells: null, countedBy: null };

/** Method, cells counted and counter of a bench record. */
export function recordProvenance(record: AssessmentRecord): RowProvenance {
  const cells = cellsCounted(record.input);
  return {
    method: { kind: record.source, method: record.input.method },
    cells: cells > 0 ? { kind: 'cells', count: cells } : null,
    countedBy: { name: record.countedBy.name, at: record.countedAt },
  };
}

const numberValue = (
  value: number | null,
  ci: Interval | null,
  digits = 1,
  missing: 'notMeasured' | 'needsConcentration' = 'notMeasured',
): RowValue => ({ kind: 'number', value, ci, digits, missing });

const atLeastStatus = (value: number | null, limit: number): WhoStatus =>
  value === null ? 'unknown' : value >= limit ? 'normal' : 'error';

/**
 * A counted percentage row (vitality, normal forms) judged against a WHO lower limit; "Not
 * measured" when the module has no record. The value comes from the bench record only.
 */
function countedRow(
  key: 'vitality' | 'normalForms',
  record: AssessmentRecord | undefined,
  limit: number,
): ReportTableRow {
  const main = record?.figures.main ?? null;
  return {
    key,
    value: numberValue(main?.percent ?? null, main?.ci95 ?? null),
    reference: { comparator: '>=', value: limit },
    status: atLeastStatus(main?.percent ?? null, limit),
    ...(record === undefined ? NO_PROVENANCE : recordProvenance(record)),
    ...(main === null ? {} : { cells: { kind: 'cells', count: main.assessed } }),
  };
}

/** Vitality (% live) from the bench record, never from motility. */
export const vitalityRow = (assessments: CurrentAssessments) =>
  countedRow('vitality', assessments.vitality, WHO_2021_LIMITS.vitalityPercent);

/** Normal forms (%) from the morphology differential. */
export const normalFormsRow = (assessments: CurrentAssessments) =>
  countedRow('normalForms', assessments.morphology, WHO_2021_LIMITS.normalFormsPercent);

const DEFECT_KEYS: Record<MorphologyDefect, BenchRowKey> = {
  head: 'defect_head',
  midpiece: 'defect_midpiece',
  tail: 'defect_tail',
  erc: 'defect_erc',
};

function morphologyDetailRows(record: AssessmentRecord): ReportTableRow[] {
  const provenance = recordProvenance(record);
  const { defects, tzi, sdi } = record.figures;
  const rows: ReportTableRow[] = Object.entries(DEFECT_KEYS).flatMap(([defect, key]) => {
    const share = defects?.[defect];
    if (share === undefined) return [];
    return [
      {
        key,
        value: numberValue(share.percent, share.ci95),
        reference: null,
        status: 'none',
        ...provenance,
      },
    ];
  });
  rows.push(
    {
      key: 'tzi',
      value: numberValue(tzi, null, 2),
      reference: null,
      status: 'none',
      ...provenance,
    },
    {
      key: 'sdi',
      value: numberValue(sdi, null, 2),
      reference: null,
      status: 'none',
      ...provenance,
    },
  );
  return rows;
}

/**
 * Round cells and peroxidase-positive leukocytes as concentrations: counted against spermatozoa
 * in the same fields and scaled by the report's mean sperm concentration (WHO).
 */
function roundCellRows(
  record: AssessmentRecord,
  spermConcentration: number | null,
): ReportTableRow[] {
  const { round_cells_counted: round, leukocytes_counted: leukocytes } = record.figures;
  const sperm = record.figures.sperm_counted ?? 0;
  const provenance = recordProvenance(record);
  const derived = (cells: number | null) =>
    cells === null ? null : concentrationFromRatio(cells, sperm, spermConcentration);
  const roundConcentration = derived(round);
  const leukocyteConcentration = derived(leukocytes);
  const against = (counted: number | null): RowCells | null =>
    counted === null ? null : { kind: 'against_sperm', counted, sperm };
  const limit = WHO_UPPER_THRESHOLDS.peroxidaseLeukocytesMillionPerMl;
  const leukocyteValue = leukocyteConcentration?.millionPerMl ?? null;
  return [
    {
      key: 'roundCells',
      value: numberValue(
        roundConcentration?.millionPerMl ?? null,
        roundConcentration?.ci95 ?? null,
        2,
        'needsConcentration',
      ),
      reference: null,
      status: 'none',
      ...provenance,
      cells: against(round),
    },
    {
      key: 'leukocytes',
      value: numberValue(
        leukocyteValue,
        leukocyteConcentration?.ci95 ?? null,
        2,
        'needsConcentration',
      ),
      reference: { comparator: '<=', value: limit },
      status: leukocyteValue === null ? 'unknown' : leukocyteValue > limit ? 'above' : 'normal',
      ...provenance,
      cells: against(leukocytes),
    },
  ];
}

function marRow(record: AssessmentRecord): ReportTableRow {
  const main = record.figures.main;
  const limit = WHO_UPPER_THRESHOLDS.boundMotilePercent;
  return {
    key: 'mar',
    value: numberValue(main?.percent ?? null, main?.ci95 ?? null),
    reference: { comparator: '<', value: limit },
    status: main === null ? 'unknown' : main.percent >= limit ? 'above' : 'normal',
    ...recordProvenance(record),
  };
}

/** Agglutination, then the comments' pellet finding and notes (rows only for what was entered). */
function observationRows(assessments: CurrentAssessments): ReportTableRow[] {
  const rows: ReportTableRow[] = [];
  const agglutination = assessments.agglutination;
  if (agglutination?.input.module === 'agglutination')
    rows.push({
      key: 'agglutination',
      value: {
        kind: 'agglutination',
        grade: agglutination.input.grade,
        type: agglutination.input.type,
      },
      reference: null,
      status: 'none',
      ...recordProvenance(agglutination),
    });
  const comments = assessments.comments;
  if (comments?.input.module === 'comments') {
    const provenance = recordProvenance(comments);
    rows.push({
      key: 'pellet',
      value: { kind: 'pellet', finding: comments.input.pellet },
      reference: null,
      status: 'none',
      ...provenance,
    });
    if (comments.input.notes.trim() !== '')
      rows.push({
        key: 'comments',
        value: { kind: 'text', text: comments.input.notes.trim() },
        reference: null,
        status: 'none',
        ...provenance,
      });
  }
  return rows;
}

/**
 * The rows below the WHO limits table: morphology detail (defect classes, TZI, SDI), round cells
 * and leukocytes, MAR, agglutination and comments, each only when its module was assessed.
 */
export function benchDetailRows(
  assessments: CurrentAssessments,
  spermConcentration: number | null,
): ReportTableRow[] {
  const rows: ReportTableRow[] = [];
  if (assessments.morphology !== undefined)
    rows.push(...morphologyDetailRows(assessments.morphology));
  if (assessments.round_cells !== undefined)
    rows.push(...roundCellRows(assessments.round_cells, spermConcentration));
  if (assessments.mar !== undefined) rows.push(marRow(assessments.mar));
  rows.push(...observationRows(assessments));
  return rows;
}

/** The peroxidase-positive leukocyte concentration, null without the count or a concentration. */
export function leukocyteConcentration(
  assessments: CurrentAssessments,
  spermConcentration: number | null,
): number | null {
  const figures = assessments.round_cells?.figures;
  const leukocytes = figures?.leukocytes_counted ?? null;
  const sperm = figures?.sperm_counted ?? null;
  if (leukocytes === null || sperm === null) return null;
  return concentrationFromRatio(leukocytes, sperm, spermConcentration)?.millionPerMl ?? null;
}
