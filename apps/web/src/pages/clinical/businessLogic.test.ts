import type { AnalysisItem } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkReference,
  figure,
  filterResults,
  findResult,
  hasRunningAnalyses,
  resultRowKey,
  statusColor,
  shortAnalysisId,
  toPatientInput,
} from './businessLogic';

const item = (
  id: string,
  status: AnalysisItem['status'],
  patient: string | null,
): AnalysisItem => ({
  id,
  status,
  video_id: id,
  video_name: id,
  dataset_id: 'd',
  dataset_name: 'Sample A',
  patient_id: patient,
  patient_name: null,
  created_at: '2026-01-01T00:00:00Z',
  concentration_million_per_ml: null,
  total_motility_percent: null,
  progressive_percent: null,
  immotile_percent: null,
  average_velocity: null,
  total_sperm_count: null,
  tracks_measured: 0,
  morphometry: null,
});

describe('business logic', () => {
  const items = [
    item('a', 'completed', 'p1'),
    item('b', 'pending', 'p2'),
    item('c', 'completed', null),
  ];
  it('filters by tab and patient', () => {
    expect(filterResults(items, 'all', '').map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(filterResults(items, 'completed', '').map((i) => i.id)).toEqual(['a', 'c']);
    expect(filterResults(items, 'completed', 'p1').map((i) => i.id)).toEqual(['a']);
    expect(filterResults(items, 'in-progress', '')).toEqual([]);
  });
  it('formats ids and figures', () => {
    expect(shortAnalysisId('abcdef123')).toBe('abcdef');
    expect(figure(null)).toBe('-');
    expect(figure(12.345)).toBe('12.3');
  });
  it('checks the WHO 2010 reference', () => {
    expect(checkReference(14.9, 'concentrationMillionPerMl')).toBe('below');
    expect(checkReference(15, 'concentrationMillionPerMl')).toBe('normal');
    expect(checkReference(null, 'totalMotilityPercent')).toBeNull();
  });
  it('validates the patient form', () => {
    const base = { name: ' A ', age: '', contactNumber: ' 1 ', notes: '' };
    expect(toPatientInput(base)).toEqual({
      body: { name: 'A', age: null, contactNumber: '1', notes: '' },
    });
    expect(toPatientInput({ ...base, name: ' ' })).toEqual({ error: 'nameRequired' });
    expect(toPatientInput({ ...base, age: '3.5' })).toEqual({ error: 'ageInvalid' });
    expect(toPatientInput({ ...base, age: '40' })).toMatchObject({ body: { age: 40 } });
  });
});

describe('hasRunningAnalyses', () => {
  it('keeps refreshing while a submitted analysis is queued or running, not for untouched videos', () => {
    expect(hasRunningAnalyses([{ id: 'v1', video_id: 'v1', status: 'pending' }])).toBe(false);
    expect(hasRunningAnalyses([{ id: 'r1', video_id: 'v1', status: 'pending' }])).toBe(true);
    expect(hasRunningAnalyses([{ id: 'r1', video_id: 'v1', status: 'in-progress' }])).toBe(true);
    expect(hasRunningAnalyses([{ id: 'a1', video_id: 'v1', status: 'completed' }])).toBe(false);
  });
});

describe('result rows', () => {
  it('colours each status: completed success, running info, waiting warning, failed error', () => {
    expect(
      (['completed', 'in-progress', 'pending', 'failed'] as const).map((s) => statusColor(s)),
    ).toEqual(['success', 'info', 'warning', 'error']);
  });

  it('keys a row by its video, so a request that completes keeps its row', () => {
    const running = { ...item('request-1', 'in-progress', null), video_id: 'v1' };
    const done = { ...item('analysis-1', 'completed', null), video_id: 'v1' };
    expect(resultRowKey(running)).toBe(resultRowKey(done));
  });

  it('opens a row by analysis id (dashboard links) or by video id (row clicks)', () => {
    const done = { ...item('analysis-1', 'completed', null), video_id: 'v1' };
    expect(findResult([done], 'analysis-1')).toBe(done);
    expect(findResult([done], 'v1')).toBe(done);
    expect(findResult([done], 'other')).toBeNull();
    expect(findResult([done], null)).toBeNull();
  });
});
