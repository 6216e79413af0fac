import type { Patient } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/client';
import { toPatientInput } from './businessLogic';
import { EMPTY_PATIENT_FORM, isNotFound, orDash, patientFormValues } from './patientsLogic';

const patient: Patient = {
  id: 'p1',
  name: 'Nguyen Van A',
  age: 34,
  contactNumber: '0901',
  contact_number: '0901',
  notes: 'note',
  projectId: null,
  project_id: null,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00Z',
  created_at: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('patient form values', () => {
  it('starts empty for a new patient', () => {
    expect(patientFormValues(null)).toBe(EMPTY_PATIENT_FORM);
    expect(toPatientInput(EMPTY_PATIENT_FORM)).toEqual({ error: 'nameRequired' });
  });

  it('round-trips an existing patient into the API body', () => {
    const values = patientFormValues(patient);
    expect(values).toEqual({
      name: 'Nguyen Van A',
      age: '34',
      contactNumber: '0901',
      notes: 'note',
    });
    expect(toPatientInput(values)).toEqual({
      body: { name: 'Nguyen Van A', age: 34, contactNumber: '0901', notes: 'note' },
    });
    expect(patientFormValues({ ...patient, age: null }).age).toBe('');
  });

  it('recognises a 404 and shows dashes for empty fields', () => {
    expect(isNotFound(new ApiRequestError('http', 'Patient not found', 404))).toBe(true);
    expect(isNotFound(new ApiRequestError('http', 'boom', 500))).toBe(false);
    expect(isNotFound(new Error('x'))).toBe(false);
    expect(orDash(null)).toBe('-');
    expect(orDash('')).toBe('-');
    expect(orDash(3)).toBe('3');
  });
});
