import {
  ASSESSMENT_MODULES,
  interpretationText,
  suggestInterpretation,
  type ConcentrationReport,
  type CurrentAssessments,
  type INTERPRETATION_WORDS_EN,
  type InterpretationFigures,
  type InterpretationTerm,
  type MotilityReport,
  type ReportInterpretation,
  type SuggestedInterpretation,
} from '@sarm/contracts';
import type { TFunction } from 'i18next';
import { leukocyteConcentration } from './benchRows';

/**
 * The interpretation shown on a stored report: the WHO suggestion computed in the browser from
 * the version's figures, or the clinician's text with who wrote it and whether the figures have
 * moved since. Pure.
 */

export type InterpretationWords = typeof INTERPRETATION_WORDS_EN;

/** The suggestion's words in the reader's language (every term, input and caveat). */
export function interpretationWords(t: TFunction): InterpretationWords {
  return {
    terms: {
      normozoospermia: t('reports.interpretation.words.terms.normozoospermia'),
      azoospermia: t('reports.interpretation.words.terms.azoospermia'),
      cryptozoospermia: t('reports.interpretation.words.terms.cryptozoospermia'),
      hypospermia: t('reports.interpretation.words.terms.hypospermia'),
      oligozoospermia: t('reports.interpretation.words.terms.oligozoospermia'),
      asthenozoospermia: t('reports.interpretation.words.terms.asthenozoospermia'),
      teratozoospermia: t('reports.interpretation.words.terms.teratozoospermia'),
      necrozoospermia: t('reports.interpretation.words.terms.necrozoospermia'),
      leukocytospermia: t('reports.interpretation.words.terms.leukocytospermia'),
    },
    inputs: {
      sperm_number: t('reports.interpretation.words.inputs.sperm_number'),
      progressive_motility: t('reports.interpretation.words.inputs.progressive_motility'),
      morphology: t('reports.interpretation.words.inputs.morphology'),
      vitality: t('reports.interpretation.words.inputs.vitality'),
      leukocytes: t('reports.interpretation.words.inputs.leukocytes'),
      volume: t('reports.interpretation.words.inputs.volume'),
    },
    caveats: {
      azoospermia_needs_pellet: t('reports.interpretation.words.caveats.azoospermia_needs_pellet'),
    },
    notAssessed: t('reports.interpretation.words.notAssessed'),
    nothing: t('reports.interpretation.words.nothing'),
  };
}

/** What the interpretation reads from a report: CASA figures, bench figures and the volume. */
export function interpretationFigures(
  concentration: ConcentrationReport | null,
  motility: MotilityReport | null,
  assessments: CurrentAssessments,
  volumeMl: number | null,
): InterpretationFigures {
  const aggregated = concentration?.aggregated_results;
  const spermConcentration = aggregated?.mean_concentration_million_per_ml ?? null;
  const comments = assessments.comments?.input;
  return {
    volumeMl,
    concentrationMillionPerMl: spermConcentration,
    totalSpermMillion: aggregated?.total_sperm_number_million ?? null,
    progressivePercent: motility?.aggregated_results.progressive_percent ?? null,
    vitalityPercent: assessments.vitality?.figures.main?.percent ?? null,
    normalFormsPercent: assessments.morphology?.figures.main?.percent ?? null,
    leukocytesMillionPerMl: leukocyteConcentration(assessments, spermConcentration),
    pellet: comments?.module === 'comments' ? comments.pellet : null,
  };
}

/** The interpretation as the report shows it. */
export interface InterpretationView {
  readonly text: string;
  /** The clinician who wrote the text and when; null while it is the computed suggestion. */
  readonly edited: { readonly name: string; readonly at: string } | null;
  /** The clinician's text rests on other terms than the figures suggest now. */
  readonly termsChanged: boolean;
  readonly suggestion: SuggestedInterpretation;
  /** The suggestion in words (what "Use the suggestion" puts back). */
  readonly suggestedText: string;
  /** The suggested terms alone, e.g. "Oligozoospermia, Teratozoospermia". */
  readonly suggestedTerms: string;
}

const sameTerms = (a: readonly InterpretationTerm[], b: readonly InterpretationTerm[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The clinician's text when the version has one, else the suggestion from the figures. */
export function interpretationView(
  stored: ReportInterpretation | null,
  figures: InterpretationFigures,
  words: InterpretationWords,
): InterpretationView {
  const suggestion = suggestInterpretation(figures);
  const suggested = {
    suggestion,
    suggestedText: interpretationText(suggestion, words),
    suggestedTerms:
      suggestion.terms.length === 0
        ? words.nothing
        : suggestion.terms.map((term) => words.terms[term]).join(', '),
  };
  if (stored === null)
    return { text: suggested.suggestedText, edited: null, termsChanged: false, ...suggested };
  return {
    text: stored.text,
    edited: { name: stored.editedBy.name, at: stored.editedAt },
    termsChanged: !sameTerms(stored.basedOnTerms, suggestion.terms),
    ...suggested,
  };
}

/**
 * True when the sample's current bench records are not the ones the version holds (a module
 * added, removed, or replaced by a newer record).
 */
export function assessmentsChanged(
  version: CurrentAssessments,
  current: CurrentAssessments,
): boolean {
  return ASSESSMENT_MODULES.some((module) => version[module]?.id !== current[module]?.id);
}

/** The note under the interpretation: who edited it and when, or that it is the suggestion. */
export function interpretationNote(
  view: Pick<InterpretationView, 'edited'>,
  t: TFunction,
  formatDate: (iso: string) => string,
): string {
  return view.edited === null
    ? t('reports.interpretation.suggested')
    : t('reports.interpretation.editedBy', {
        name: view.edited.name,
        date: formatDate(view.edited.at),
      });
}
