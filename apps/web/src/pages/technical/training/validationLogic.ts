import type { DetectionValidation, Model } from '@sarm/contracts';

/**
 * What a model's validation figures section shows: the figures measured here, "not measured
 * here" for an imported detector, or nothing for a detector without them (trained before they
 * were kept, or with no frame held out); morphology models have their own evaluation.
 */
export type ValidationToShow =
  | { readonly kind: 'measured'; readonly validation: DetectionValidation }
  | { readonly kind: 'notMeasured' }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'none' };

/** Which validation figures the model's details show (see {@link ValidationToShow}). */
export function validationToShow(model: Model): ValidationToShow {
  if (model.type !== 'detection') return { kind: 'none' };
  if (model.source === 'imported') return { kind: 'notMeasured' };
  if (model.validation != null && model.status === 'trained')
    return { kind: 'measured', validation: model.validation };
  return model.status === 'trained' ? { kind: 'unavailable' } : { kind: 'none' };
}

/** The models table's F1 cell: the validation F1 (3 decimals), or why there is none. */
export function validationF1Cell(
  model: Model,
): { readonly kind: 'value'; readonly text: string } | { readonly kind: 'notMeasured' | 'none' } {
  const shown = validationToShow(model);
  if (shown.kind === 'notMeasured') return { kind: 'notMeasured' };
  const f1 = shown.kind === 'measured' ? shown.validation.f1 : null;
  return f1 === null ? { kind: 'none' } : { kind: 'value', text: f1.toFixed(3) };
}
