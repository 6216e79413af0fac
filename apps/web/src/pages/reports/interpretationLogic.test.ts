import {
  INTERPRETATION_WORDS_EN,
  type ConcentrationReport,
  type MotilityReport,
} from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { benchRecord, fullBench } from './assessmentFixtures';
import {
  assessmentsChanged,
  interpretationFigures,
  interpretationNote,
  interpretationView,
  interpretationWords,
} from './interpretationLogic';
import type { Translate } from './reportPdf';

const echo = (key: string, options?: unknown) =>
  options === undefined ? key : `${key} ${JSON.stringify(options)}`;
const t = echo as unknown as Translate;

const concentration = {
  aggregated_results: {
    mean_concentration_million_per_ml: 10,
    overall_classification: 'warning',
    total_sperm_count: 50,
    total_sperm_number_million: 30,
  },
} as ConcentrationReport;
const motility = {
  aggregated_results: { progressive_percent: 35, total_motility_percent: 45 },
} as MotilityReport;

describe('interpretation of a stored report', () => {
  it('reads the CASA figures, the bench figures, the leukocytes and the pellet', () => {
    expect(interpretationFigures(concentration, motility, fullBench, 3)).toEqual({
      volumeMl: 3,
      concentrationMillionPerMl: 10,
      totalSpermMillion: 30,
      progressivePercent: 35,
      vitalityPercent: 40,
      normalFormsPercent: 3,
      leukocytesMillionPerMl: 0.4,
      pellet: 'not_examined',
    });
    expect(interpretationFigures(null, null, {}, null)).toMatchObject({
      concentrationMillionPerMl: null,
      vitalityPercent: null,
      leukocytesMillionPerMl: null,
      pellet: null,
    });
  });

  it('suggests the WHO terms in the reader language when no clinician wrote a text', () => {
    const figures = interpretationFigures(concentration, motility, fullBench, 3);
    const view = interpretationView(null, figures, interpretationWords(t));
    expect(view.edited).toBeNull();
    expect(view.termsChanged).toBe(false);
    expect(view.suggestion.terms).toEqual([
      'oligozoospermia',
      'teratozoospermia',
      'necrozoospermia',
    ]);
    expect(view.text).toBe(
      'reports.interpretation.words.terms.oligozoospermia, reports.interpretation.words.terms.teratozoospermia, reports.interpretation.words.terms.necrozoospermia.',
    );
    expect(view.text).toBe(view.suggestedText);
    expect(interpretationNote(view, t, (iso) => iso)).toBe('reports.interpretation.suggested');
  });

  it('names every term, input and caveat from the translations', () => {
    const words = interpretationWords(t);
    for (const kind of ['terms', 'inputs', 'caveats'] as const)
      expect(Object.keys(words[kind]).sort()).toEqual(
        Object.keys(INTERPRETATION_WORDS_EN[kind]).sort(),
      );
    expect(words.inputs.vitality).toBe('reports.interpretation.words.inputs.vitality');
  });

  it("shows the clinician's text with its author, and says when the suggested terms moved", () => {
    const figures = interpretationFigures(concentration, motility, fullBench, 3);
    const stored = {
      text: 'Severe oligoteratozoospermia.',
      editedBy: { id: 'u2', name: 'Dr Signer' },
      editedAt: '2026-03-02T10:00:00.000Z',
      basedOnTerms: ['teratozoospermia', 'oligozoospermia', 'necrozoospermia'] as const,
    };
    const same = interpretationView(
      { ...stored, basedOnTerms: [...stored.basedOnTerms] },
      figures,
      interpretationWords(t),
    );
    expect(same.text).toBe('Severe oligoteratozoospermia.');
    expect(same.termsChanged).toBe(false);
    expect(interpretationNote(same, t, (iso) => iso.slice(0, 10))).toBe(
      'reports.interpretation.editedBy {"name":"Dr Signer","date":"2026-03-02"}',
    );
    const moved = interpretationView(
      { ...stored, basedOnTerms: ['oligozoospermia'] },
      figures,
      interpretationWords(t),
    );
    expect(moved.termsChanged).toBe(true);
    expect(moved.suggestedTerms).toContain('teratozoospermia');
  });

  it('tells when the sample holds other bench records than the version', () => {
    expect(assessmentsChanged(fullBench, { ...fullBench })).toBe(false);
    expect(assessmentsChanged({}, {})).toBe(false);
    const recount = benchRecord('vit-2', {
      module: 'vitality',
      method: 'hos',
      replicates: [{ live: 150, dead: 50 }],
      notes: '',
    });
    expect(assessmentsChanged(fullBench, { ...fullBench, vitality: recount })).toBe(true);
    expect(assessmentsChanged({}, { vitality: recount })).toBe(true);
    expect(assessmentsChanged({ vitality: recount }, {})).toBe(true);
  });
});
