import { z } from 'zod';
import type { PelletFinding } from './assessments.js';
import { WHO_2021_LIMITS, WHO_UPPER_THRESHOLDS } from './who.js';

/**
 * The interpretation of a semen analysis in WHO nomenclature (WHO 2010 Appendix 1, kept in 2021),
 * computed from the results and offered to the clinician as a suggestion to edit before signing.
 */

export const INTERPRETATION_TERMS = [
  'normozoospermia',
  'azoospermia',
  'cryptozoospermia',
  'hypospermia',
  'oligozoospermia',
  'asthenozoospermia',
  'teratozoospermia',
  'necrozoospermia',
  'leukocytospermia',
] as const;
export type InterpretationTerm = (typeof INTERPRETATION_TERMS)[number];

/** Parameters the interpretation needs and that were not measured. */
export const INTERPRETATION_INPUTS = [
  'sperm_number',
  'progressive_motility',
  'morphology',
  'vitality',
  'leukocytes',
  'volume',
] as const;
export type InterpretationInput = (typeof INTERPRETATION_INPUTS)[number];

export const INTERPRETATION_CAVEATS = ['azoospermia_needs_pellet'] as const;
export type InterpretationCaveat = (typeof INTERPRETATION_CAVEATS)[number];

/** The results an interpretation reads; null where a parameter was not measured. */
export interface InterpretationFigures {
  readonly volumeMl: number | null;
  readonly concentrationMillionPerMl: number | null;
  readonly totalSpermMillion: number | null;
  readonly progressivePercent: number | null;
  readonly vitalityPercent: number | null;
  readonly normalFormsPercent: number | null;
  readonly leukocytesMillionPerMl: number | null;
  readonly pellet: PelletFinding | null;
}

export interface SuggestedInterpretation {
  readonly terms: InterpretationTerm[];
  readonly notAssessed: InterpretationInput[];
  readonly caveats: InterpretationCaveat[];
}

/**
 * WHO's terms from the figures. No spermatozoon in the fresh preparation (concentration 0) is
 * azoospermia, or cryptozoospermia when the centrifuged pellet showed some; azoospermia carries
 * the caveat that it needs a pellet examined. Otherwise each parameter below its limit names its
 * term (sperm number: the total when the volume is known, else the concentration), and
 * normozoospermia needs number, progressive motility and morphology all measured and within.
 */
export function suggestInterpretation(figures: InterpretationFigures): SuggestedInterpretation {
  const terms: InterpretationTerm[] = [];
  const notAssessed: InterpretationInput[] = [];
  const caveats: InterpretationCaveat[] = [];
  const below = (value: number | null, limit: number, input: InterpretationInput) => {
    if (value === null) {
      notAssessed.push(input);
      return false;
    }
    return value < limit;
  };
  if (figures.volumeMl !== null && figures.volumeMl < WHO_2021_LIMITS.semenVolumeMl)
    terms.push('hypospermia');
  if (figures.volumeMl === null) notAssessed.push('volume');
  if (figures.concentrationMillionPerMl === 0) {
    if (figures.pellet === 'sperm_seen') terms.push('cryptozoospermia');
    else {
      terms.push('azoospermia');
      if (figures.pellet !== 'no_sperm') caveats.push('azoospermia_needs_pellet');
    }
    return { terms, notAssessed, caveats };
  }
  const number =
    figures.totalSpermMillion !== null
      ? below(figures.totalSpermMillion, WHO_2021_LIMITS.totalSpermMillion, 'sperm_number')
      : below(
          figures.concentrationMillionPerMl,
          WHO_2021_LIMITS.concentrationMillionPerMl,
          'sperm_number',
        );
  const motility = below(
    figures.progressivePercent,
    WHO_2021_LIMITS.progressiveMotilityPercent,
    'progressive_motility',
  );
  const morphology = below(
    figures.normalFormsPercent,
    WHO_2021_LIMITS.normalFormsPercent,
    'morphology',
  );
  if (number) terms.push('oligozoospermia');
  if (motility) terms.push('asthenozoospermia');
  if (morphology) terms.push('teratozoospermia');
  if (below(figures.vitalityPercent, WHO_2021_LIMITS.vitalityPercent, 'vitality'))
    terms.push('necrozoospermia');
  if (figures.leukocytesMillionPerMl === null) notAssessed.push('leukocytes');
  else if (figures.leukocytesMillionPerMl > WHO_UPPER_THRESHOLDS.peroxidaseLeukocytesMillionPerMl)
    terms.push('leukocytospermia');
  const allMeasured = ['sperm_number', 'progressive_motility', 'morphology'].every(
    (input) => !notAssessed.includes(input as InterpretationInput),
  );
  if (allMeasured && !number && !motility && !morphology) terms.unshift('normozoospermia');
  return { terms, notAssessed, caveats };
}

/** English words of the suggestion, as the FHIR export and a fresh report print them. */
export const INTERPRETATION_WORDS_EN: {
  readonly terms: Record<InterpretationTerm, string>;
  readonly inputs: Record<InterpretationInput, string>;
  readonly caveats: Record<InterpretationCaveat, string>;
  readonly notAssessed: string;
  readonly nothing: string;
} = {
  terms: {
    normozoospermia: 'Normozoospermia',
    azoospermia: 'Azoospermia',
    cryptozoospermia: 'Cryptozoospermia',
    hypospermia: 'Hypospermia',
    oligozoospermia: 'Oligozoospermia',
    asthenozoospermia: 'Asthenozoospermia',
    teratozoospermia: 'Teratozoospermia',
    necrozoospermia: 'Necrozoospermia',
    leukocytospermia: 'Leukocytospermia',
  },
  inputs: {
    sperm_number: 'sperm number',
    progressive_motility: 'progressive motility',
    morphology: 'morphology',
    vitality: 'vitality',
    leukocytes: 'peroxidase-positive leukocytes',
    volume: 'semen volume',
  },
  caveats: {
    azoospermia_needs_pellet:
      'WHO: azoospermia can be reported only after a centrifuged pellet has been examined and found free of spermatozoa.',
  },
  notAssessed: 'Not assessed',
  nothing: 'No WHO term applies to the parameters assessed.',
};

/** The suggestion as one paragraph: terms, then what was not assessed, then caveats. */
export function interpretationText(
  suggestion: SuggestedInterpretation,
  words: typeof INTERPRETATION_WORDS_EN = INTERPRETATION_WORDS_EN,
): string {
  const parts: string[] = [];
  const named = suggestion.terms.map((term) => words.terms[term]);
  parts.push(named.length > 0 ? `${named.join(', ')}.` : words.nothing);
  if (suggestion.notAssessed.length > 0)
    parts.push(
      `${words.notAssessed}: ${suggestion.notAssessed.map((input) => words.inputs[input]).join(', ')}.`,
    );
  parts.push(...suggestion.caveats.map((caveat) => words.caveats[caveat]));
  return parts.join(' ');
}

/**
 * WHO's consistency check: live spermatozoa cannot be fewer than motile ones, so a live share
 * below total motility points to an error in one of the two assessments.
 */
export function vitalityBelowMotility(
  vitalityPercent: number | null,
  totalMotilityPercent: number | null,
): boolean {
  return (
    vitalityPercent !== null &&
    totalMotilityPercent !== null &&
    vitalityPercent < totalMotilityPercent
  );
}

/** The interpretation a report version carries once a clinician wrote or edited it. */
export const ReportInterpretationSchema = z.object({
  text: z.string(),
  editedBy: z.object({ id: z.string().nullable(), name: z.string() }),
  editedAt: z.string(),
  /** The suggestion's terms when the text was written, to tell when the figures moved since. */
  basedOnTerms: z.array(z.enum(INTERPRETATION_TERMS)),
});
export type ReportInterpretation = z.infer<typeof ReportInterpretationSchema>;
