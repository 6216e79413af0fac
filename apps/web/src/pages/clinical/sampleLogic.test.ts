import { DEFAULT_DATASET_SETTINGS, type ConcentrationReport } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  localDate,
  localDateTimeToIso,
  parseTags,
  patientChoices,
  reportOutOfDate,
  sampleForm,
  sampleRows,
  sampleSettings,
  toLocalDateTime,
  videosOfPatient,
  withCalibrationProfile,
} from './sampleLogic';
import { whoRows } from '../reports/reportLogic';

const now = new Date(2026, 10, 24, 9, 5);

describe('sample form', () => {
  it('starts a new sample collected now with the WHO chamber defaults', () => {
    const form = sampleForm(null, now);
    expect(form).toMatchObject({
      collectedAt: '2026-11-24T09:05',
      chamberDepthUm: '20',
      dilutionFactor: '1',
      umPerPixel: '0.5',
      semenVolumeMl: '',
      collection: '',
      patientId: null,
    });
  });

  it('turns the typed form into settings, empty optional fields into null', () => {
    const form = {
      ...sampleForm(null, now),
      semenVolumeMl: '3,2',
      abstinenceDays: '3',
      collection: 'incomplete' as const,
      ph: '',
      appearance: '  grey ',
      patientId: 'p1',
    };
    const result = sampleSettings(form);
    expect(result).toEqual({
      ok: true,
      settings: {
        ...DEFAULT_DATASET_SETTINGS,
        patient_id: 'p1',
        calibration_profile_id: null,
        collected_at: new Date(2026, 10, 24, 9, 5).toISOString(),
        abstinence_days: 3,
        semen_volume_ml: 3.2,
        collection_complete: false,
        minutes_to_analysis: null,
        appearance: 'grey',
        liquefaction: null,
        viscosity: null,
        ph: null,
        chamber_name: null,
        head_polarity: 'bright',
        head_finding: 'blobs',
      },
    });
  });

  it('keeps the optics: polarity and head finding go to the settings and come back', () => {
    const settings = {
      ...DEFAULT_DATASET_SETTINGS,
      head_polarity: 'dark' as const,
      head_finding: 'peaks' as const,
    };
    const form = sampleForm({ name: 'Dense', description: '', settings }, now);
    expect(form).toMatchObject({ headPolarity: 'dark', headFinding: 'peaks' });
    const back = sampleSettings({ ...form, headPolarity: 'auto' });
    expect(back.ok && back.settings).toMatchObject({
      head_polarity: 'auto',
      head_finding: 'peaks',
    });
    expect(sampleForm(null, now)).toMatchObject({ headPolarity: 'bright', headFinding: 'blobs' });
  });

  it("answers the contract's messages by field for values out of their limits", () => {
    const result = sampleSettings({
      ...sampleForm(null, now),
      semenVolumeMl: '60',
      ph: '15',
      abstinenceDays: '1.5',
      umPerPixel: '',
      chamberDepthUm: 'deep',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        semenVolumeMl: 'Semen volume must be at most 50',
        ph: 'pH must be at most 14',
        abstinenceDays: 'Abstinence days must be a whole number',
        umPerPixel: 'µm per pixel must be a number',
        chamberDepthUm: 'Chamber depth must be a number',
      },
    });
  });

  it('fills the edit form from a dataset and back to the same settings', () => {
    const settings = {
      ...DEFAULT_DATASET_SETTINGS,
      patient_id: 'p9',
      collected_at: new Date(2026, 0, 2, 7, 30).toISOString(),
      semen_volume_ml: 2.5,
      collection_complete: true,
      ph: 7.4,
    };
    const form = sampleForm({ name: 'S', description: '', settings }, now);
    expect(form.collectedAt).toBe('2026-01-02T07:30');
    expect(form.collection).toBe('complete');
    const back = sampleSettings(form);
    expect(back.ok && back.settings).toMatchObject(settings);
  });

  it('converts datetime-local values to ISO and refuses nonsense', () => {
    expect(localDateTimeToIso('')).toBeNull();
    expect(localDateTimeToIso('not a date')).toBeNull();
    expect(toLocalDateTime(new Date(localDateTimeToIso('2026-03-04T05:06') ?? ''))).toBe(
      '2026-03-04T05:06',
    );
    expect(localDate(now)).toBe('2026-11-24');
  });

  it('lists only recorded sample fields for the details dialog', () => {
    expect(
      sampleRows({ ...DEFAULT_DATASET_SETTINGS, semen_volume_ml: 3, collection_complete: false }),
    ).toEqual([
      ['semenVolume', '3 ml'],
      ['collectionState', 'incomplete'],
    ]);
  });
});

describe('patient picker choices', () => {
  const patients = [
    { id: 'a', name: 'Nguyen Van A' },
    { id: 'b', name: 'Tran Thi B' },
  ];
  it('filters by name and offers to create a patient with the typed name', () => {
    expect(patientChoices(patients, 'nguyen', true)).toEqual([
      { kind: 'patient', id: 'a', name: 'Nguyen Van A' },
      { kind: 'create', id: '', name: 'nguyen' },
    ]);
    expect(patientChoices(patients, 'tran thi b', true)).toEqual([
      { kind: 'patient', id: 'b', name: 'Tran Thi B' },
    ]);
    expect(patientChoices(patients, 'Le C', false)).toEqual([]);
    expect(patientChoices(patients, '', true)).toHaveLength(2);
  });
});

describe('upload and video list helpers', () => {
  it('splits tags on commas without empties or repeats', () => {
    expect(parseTags(' a, b ,,a, c ')).toEqual(['a', 'b', 'c']);
    expect(parseTags('')).toEqual([]);
  });

  it('filters videos by patient, all for none chosen', () => {
    const videos = [
      { id: '0', patientId: 'p1' },
      { id: '1', patientId: null },
      { id: '2', patientId: 'p2' },
    ];
    expect(videosOfPatient(videos, 'p1').map((v) => v.id)).toEqual(['0']);
    expect(videosOfPatient(videos, '')).toHaveLength(3);
  });
});

describe('report out of date', () => {
  const concentration = {
    aggregated_results: {
      mean_concentration_million_per_ml: 20,
      overall_classification: 'normal',
      total_sperm_count: 10,
    },
    analysis_parameters: {
      who_standard: 'WHO',
      required_video_count: 5,
      chamber_specifications: { depth_um: 20, dilution_factor: 1 },
      formula: '',
      micron_per_pixel: 0.5,
      semen_volume_ml: 3,
    },
    video_summaries: [],
    errors: [],
  } satisfies ConcentrationReport;
  const report = { concentration_report: concentration, motility_report: null };

  it('names the calibration and volume settings that changed since the report', () => {
    const same = { ...DEFAULT_DATASET_SETTINGS, semen_volume_ml: 3 };
    expect(reportOutOfDate(report, same)).toEqual([]);
    expect(reportOutOfDate(report, { ...same, um_per_pixel: 0.6, semen_volume_ml: 3.5 })).toEqual([
      'um_per_pixel',
      'semen_volume_ml',
    ]);
    expect(reportOutOfDate(report, { ...same, dilution_factor: 2 })).toEqual(['dilution_factor']);
  });
});

describe('WHO table total sperm number', () => {
  const withTotal = (total: number | null) => ({
    aggregated_results: {
      mean_concentration_million_per_ml: 20,
      overall_classification: 'normal' as const,
      total_sperm_count: 10,
      total_sperm_number_million: total,
    },
    analysis_parameters: {
      who_standard: 'WHO',
      required_video_count: 5,
      chamber_specifications: { depth_um: 20, dilution_factor: 1 },
      formula: '',
      micron_per_pixel: 0.5,
    },
    video_summaries: [],
    errors: [],
  });
  const row = (total: number | null) =>
    whoRows(withTotal(total), null).find((r) => r.key === 'totalCount');

  it('shows the total against 39 million, Not measured without volume', () => {
    expect(row(64)).toMatchObject({ value: 64, reference: 39, status: 'normal' });
    expect(row(30)).toMatchObject({ value: 30, status: 'error' });
    expect(row(null)).toMatchObject({ value: null, status: 'unknown' });
  });
});

describe('calibration profile on a sample', () => {
  it("fills the form's scale and chamber from the picked profile, and clears the pick", () => {
    const form = sampleForm(null, now);
    const picked = withCalibrationProfile(form, {
      id: 'cp1',
      um_per_pixel: 0.73,
      chamber_depth_um: 10,
      chamber_name: 'Makler',
    });
    expect(picked).toMatchObject({
      calibrationProfileId: 'cp1',
      umPerPixel: '0.73',
      chamberDepthUm: '10',
      chamberName: 'Makler',
    });
    const checked = sampleSettings(picked);
    expect(checked.ok && checked.settings.calibration_profile_id).toBe('cp1');
    expect(withCalibrationProfile(picked, null).calibrationProfileId).toBeNull();
  });
});
