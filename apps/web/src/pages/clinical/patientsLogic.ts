import type { Patient } from '@sarm/contracts';
import { ApiRequestError } from '../../api/client';
import type { PatientFormValues } from './businessLogic';

export const EMPTY_PATIENT_FORM: PatientFormValues = {
  name: '',
  age: '',
  contactNumber: '',
  notes: '',
};

/** The edit form filled from a patient, or empty for a new one. */
export function patientFormValues(patient: Patient | null): PatientFormValues {
  if (patient === null) return EMPTY_PATIENT_FORM;
  return {
    name: patient.name,
    age: patient.age === null ? '' : String(patient.age),
    contactNumber: patient.contactNumber,
    notes: patient.notes,
  };
}

/** True when the API answered 404 (shown as 'Patient not found'). */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.status === 404;

/** '-' for an empty field. */
export const orDash = (value: string | number | null): string =>
  value === null || value === '' ? '-' : String(value);
