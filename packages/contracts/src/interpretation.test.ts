import { describe, expect, it } from 'vitest';
import {
  interpretationText,
  suggestInterpretation,
  vitalityBelowMotility,
  type InterpretationFigures,
} from './interpretation.js';

const NORMAL: InterpretationFigures = {
  volumeMl: 3,
  concentrationMillionPerMl: 40,
  totalSpermMillion: 120,
  progressivePercent: 45,
  vitalityPercent: 75,
  normalFormsPercent: 6,
  leukocytesMillionPerMl: 0.2,
  pellet: null,
};

describe('WHO interpretation', () => {
  it('calls a sample at every limit normozoospermia', () => {
    const atLimits = {
      ...NORMAL,
      totalSpermMillion: 39,
      progressivePercent: 30,
      normalFormsPercent: 4,
      vitalityPercent: 54,
      leukocytesMillionPerMl: 1,
      volumeMl: 1.4,
    };
    expect(suggestInterpretation(atLimits)).toEqual({
      terms: ['normozoospermia'],
      notAssessed: [],
      caveats: [],
    });
  });

  it.each([
    [{ totalSpermMillion: 38.9 }, ['oligozoospermia']],
    [{ progressivePercent: 29.9 }, ['asthenozoospermia']],
    [{ normalFormsPercent: 3.9 }, ['teratozoospermia']],
    [{ vitalityPercent: 53.9 }, ['normozoospermia', 'necrozoospermia']],
    [{ leukocytesMillionPerMl: 1.01 }, ['normozoospermia', 'leukocytospermia']],
    [{ volumeMl: 1.3 }, ['normozoospermia', 'hypospermia']],
    [
      { totalSpermMillion: 10, progressivePercent: 10, normalFormsPercent: 1 },
      ['oligozoospermia', 'asthenozoospermia', 'teratozoospermia'],
    ],
  ])('names the term of a parameter just below its limit (%o)', (change, terms) => {
    expect(suggestInterpretation({ ...NORMAL, ...change }).terms).toEqual(terms);
  });

  it('judges sperm number by concentration when the total is unknown', () => {
    const result = suggestInterpretation({
      ...NORMAL,
      volumeMl: null,
      totalSpermMillion: null,
      concentrationMillionPerMl: 15.9,
    });
    expect(result.terms).toEqual(['oligozoospermia']);
    expect(result.notAssessed).toEqual(['volume']);
  });

  it('does not call a sample normozoospermic when morphology was not assessed', () => {
    const result = suggestInterpretation({ ...NORMAL, normalFormsPercent: null });
    expect(result.terms).toEqual([]);
    expect(result.notAssessed).toEqual(['morphology']);
    expect(interpretationText(result)).toBe(
      'No WHO term applies to the parameters assessed. Not assessed: morphology.',
    );
  });

  it('calls no spermatozoa azoospermia with the pellet caveat, or cryptozoospermia when the pellet had some', () => {
    const none = { ...NORMAL, concentrationMillionPerMl: 0, totalSpermMillion: 0 };
    expect(suggestInterpretation(none)).toEqual({
      terms: ['azoospermia'],
      notAssessed: [],
      caveats: ['azoospermia_needs_pellet'],
    });
    expect(interpretationText(suggestInterpretation(none))).toContain('centrifuged pellet');
    expect(suggestInterpretation({ ...none, pellet: 'no_sperm' }).caveats).toEqual([]);
    expect(suggestInterpretation({ ...none, pellet: 'sperm_seen' }).terms).toEqual([
      'cryptozoospermia',
    ]);
  });

  it('flags a live share below total motility', () => {
    expect(vitalityBelowMotility(40, 50)).toBe(true);
    expect(vitalityBelowMotility(50, 50)).toBe(false);
    expect(vitalityBelowMotility(null, 50)).toBe(false);
  });
});
