import type { AssessmentReplicatesResponse } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  benchPointRows,
  chosenTechnician,
  formatAgreementPercent,
  technicianKey,
} from './benchReplicatesLogic';

type Technician = AssessmentReplicatesResponse['technicians'][number];

const point = (id: string, countedAt: string, agree: boolean) => ({
  id,
  datasetId: `d-${id}`,
  datasetName: `Sample ${id}`,
  module: 'vitality' as const,
  countedAt,
  agreement: [{ measure: 'live', difference: agree ? 4 : 12, acceptableDifference: 10, agree }],
  agree,
});

const technician = (id: string | null, name: string): Technician => ({
  technician: { id, name },
  pairs: 2,
  agreeing: 1,
  agreementPercent: 50,
  points: [
    point('a', '2026-01-01T10:00:00.000Z', true),
    point('b', '2026-01-02T10:00:00.000Z', false),
  ],
});

describe('bench replicate rows', () => {
  it('lists a technician’s pairs newest first with each measure against its acceptable difference', () => {
    const rows = benchPointRows(technician('u1', 'A').points);
    expect(rows.map((row) => row.id)).toEqual(['b', 'a']);
    expect(rows[0]).toMatchObject({
      datasetName: 'Sample b',
      agree: false,
      measures: [{ measure: 'live', difference: 12, acceptable: 10, agree: false }],
    });
  });

  it('formats the share of agreeing pairs, and a dash without pairs', () => {
    expect(formatAgreementPercent(87.5)).toBe('87.5 %');
    expect(formatAgreementPercent(100)).toBe('100.0 %');
    expect(formatAgreementPercent(null)).toBe('–');
  });

  it('keys technicians by id, by name once the account is gone, and falls back to the first', () => {
    const list = [technician('u1', 'A'), technician(null, 'Former')];
    expect(technicianKey({ id: null, name: 'Former' })).toBe('name:Former');
    expect(technicianKey({ id: 'u1', name: 'A' })).toBe('u1');
    expect(chosenTechnician(list, 'name:Former')?.technician.name).toBe('Former');
    expect(chosenTechnician(list, 'gone')?.technician.name).toBe('A');
    expect(chosenTechnician([], null)).toBeUndefined();
  });
});
