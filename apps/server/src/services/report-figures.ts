import {
  concentrationFromRatio,
  CurrentAssessmentsSchema,
  ReportInterpretationSchema,
  type ConcentrationReport,
  type CurrentAssessments,
  type InterpretationFigures,
  type MotilityReport,
  type ReportInterpretation,
  type ReportSample,
} from '@sarm/contracts';
import type { StoredReportPayload } from './analysis-reports.js';
import { storedSample } from './report-sample.js';

/**
 * Reading a stored report version's payload for what the WHO interpretation needs. Pure: the
 * FHIR export (its conclusion) and the revise route (the suggestion an edited text was based on)
 * read the same figures the same way.
 */

/** The parts of a version the figures come from. */
export interface ReportFiguresSource {
  readonly sample: Pick<ReportSample, 'semen_volume_ml'> | null;
  readonly concentration_report?: {
    readonly aggregated_results: Pick<
      ConcentrationReport['aggregated_results'],
      'mean_concentration_million_per_ml' | 'total_sperm_number_million'
    >;
  } | null;
  readonly motility_report?: {
    readonly aggregated_results: Pick<MotilityReport['aggregated_results'], 'progressive_percent'>;
  } | null;
  readonly assessments: CurrentAssessments;
}

/** The version's assessments; versions saved before assessments existed hold none. */
export function storedAssessments(payload: StoredReportPayload): CurrentAssessments {
  const parsed = CurrentAssessmentsSchema.safeParse(payload.assessments ?? {});
  return parsed.success ? parsed.data : {};
}

/** The clinician's interpretation of the version; null while only the suggestion exists. */
export function storedInterpretation(payload: StoredReportPayload): ReportInterpretation | null {
  const parsed = ReportInterpretationSchema.safeParse(payload.interpretation);
  return parsed.success ? parsed.data : null;
}

/** The figures of a version, null where it measured nothing. */
export function interpretationFiguresOf(source: ReportFiguresSource): InterpretationFigures {
  const concentration = source.concentration_report?.aggregated_results;
  const { vitality, morphology, round_cells: roundCells, comments } = source.assessments;
  const concentrationMillionPerMl = concentration?.mean_concentration_million_per_ml ?? null;
  const leukocytes =
    roundCells === undefined
      ? null
      : concentrationFromRatio(
          roundCells.figures.leukocytes_counted ?? 0,
          roundCells.figures.sperm_counted ?? 0,
          concentrationMillionPerMl,
        );
  return {
    volumeMl: source.sample?.semen_volume_ml ?? null,
    concentrationMillionPerMl,
    totalSpermMillion: concentration?.total_sperm_number_million ?? null,
    progressivePercent: source.motility_report?.aggregated_results.progressive_percent ?? null,
    vitalityPercent: vitality?.figures.main?.percent ?? null,
    normalFormsPercent: morphology?.figures.main?.percent ?? null,
    leukocytesMillionPerMl: leukocytes?.millionPerMl ?? null,
    pellet: comments?.input.module === 'comments' ? comments.input.pellet : null,
  };
}

/** The figures of a stored version's payload as saved (sample and assessments frozen in it). */
export function payloadFigures(payload: StoredReportPayload): InterpretationFigures {
  return interpretationFiguresOf({
    sample: storedSample(payload) ?? null,
    concentration_report: payload.concentration_report ?? null,
    motility_report: payload.motility_report ?? null,
    assessments: storedAssessments(payload),
  });
}
