import { UCUM_SYSTEM, type FhirObservation } from '@sarm/contracts';

/** Pieces shared by the CASA and the bench Observations of the FHIR export. */

export type FhirQuantity = NonNullable<FhirObservation['valueQuantity']>;
export type FhirReference = FhirObservation['performer'][number];
type FhirInterpretation = NonNullable<FhirObservation['interpretation']>[number];
type FhirRange = NonNullable<FhirObservation['referenceRange']>[number];

/** What a result is called and in which unit it is reported. */
export interface ResultDefinition {
  readonly key: string;
  readonly coding: { readonly system: string; readonly code: string; readonly display: string };
  readonly unit: string;
  readonly ucum: string;
  /** WHO lower reference limit (5th centile): below is flagged L. */
  readonly lowerLimit?: number;
  /** WHO upper threshold: above (or at, when `upperInclusive`) is flagged H. */
  readonly upperLimit?: number;
  readonly upperInclusive?: boolean;
}

export const OBSERVATION_CATEGORY = {
  coding: [
    {
      system: 'http://terminology.hl7.org/CodeSystem/observation-category',
      code: 'laboratory',
      display: 'Laboratory',
    },
  ],
};

const INTERPRETATION_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const FLAG_DISPLAY = { L: 'Low', H: 'High', N: 'Normal' } as const;

export const quantity = (value: number, definition: ResultDefinition): FhirQuantity => ({
  value,
  unit: definition.unit,
  system: UCUM_SYSTEM,
  code: definition.ucum,
});

/** The WHO flag of a value against the definition's limits (none without a limit). */
export function whoFlag(value: number, definition: ResultDefinition): 'L' | 'H' | 'N' | null {
  const { lowerLimit, upperLimit } = definition;
  if (lowerLimit === undefined && upperLimit === undefined) return null;
  if (lowerLimit !== undefined && value < lowerLimit) return 'L';
  if (upperLimit !== undefined) {
    const above = definition.upperInclusive === true ? value >= upperLimit : value > upperLimit;
    if (above) return 'H';
  }
  return 'N';
}

/** `interpretation` and `referenceRange` of a value, empty when WHO sets no limit for it. */
export function whoJudgement(
  value: number,
  definition: ResultDefinition,
): { interpretation?: FhirInterpretation[]; referenceRange?: FhirRange[] } {
  const flag = whoFlag(value, definition);
  if (flag === null) return {};
  const { lowerLimit, upperLimit } = definition;
  return {
    interpretation: [
      { coding: [{ system: INTERPRETATION_SYSTEM, code: flag, display: FLAG_DISPLAY[flag] }] },
    ],
    referenceRange: [
      {
        ...(lowerLimit === undefined ? {} : { low: quantity(lowerLimit, definition) }),
        ...(upperLimit === undefined ? {} : { high: quantity(upperLimit, definition) }),
        text:
          upperLimit === undefined
            ? 'WHO 2021 lower reference limit'
            : definition.upperInclusive === true
              ? 'WHO threshold: values at or above it are flagged'
              : 'WHO threshold: values above it are flagged',
      },
    ],
  };
}
