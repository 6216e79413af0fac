import {
  DatasetSettingsSchema,
  type CalibrationProfile,
  DEFAULT_DATASET_SETTINGS,
  type DatasetSettings,
  type HeadFindingSetting,
  type HeadPolarity,
  type Patient,
  type StoredReport,
  type Video,
} from '@sarm/contracts';

/** The sample form as typed: every number is a string until it is checked. */
export interface SampleForm {
  readonly name: string;
  readonly description: string;
  readonly patientId: string | null;
  readonly calibrationProfileId: string | null;
  /** `YYYY-MM-DDTHH:mm` in local time, as a datetime-local input holds it. */
  readonly collectedAt: string;
  readonly abstinenceDays: string;
  readonly semenVolumeMl: string;
  readonly collection: '' | 'complete' | 'incomplete';
  readonly minutesToAnalysis: string;
  readonly appearance: string;
  readonly liquefaction: string;
  readonly viscosity: string;
  readonly ph: string;
  readonly chamberName: string;
  readonly chamberDepthUm: string;
  readonly dilutionFactor: string;
  readonly umPerPixel: string;
  readonly headPolarity: HeadPolarity;
  readonly headFinding: HeadFindingSetting;
}

export type SampleFormField = keyof SampleForm;

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as a datetime-local input value (local time, minutes). */
export function toLocalDateTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as ISO 8601 (UTC); null for an empty or unreadable value. */
export function localDateTimeToIso(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The form of a new sample (collected now, WHO chamber defaults) or of an existing dataset. */
export function sampleForm(
  dataset: {
    readonly name: string;
    readonly description: string;
    readonly settings: DatasetSettings;
  } | null,
  now: Date,
): SampleForm {
  const s = dataset?.settings ?? DEFAULT_DATASET_SETTINGS;
  const collected = s.collected_at ?? null;
  return {
    name: dataset?.name ?? '',
    description: dataset?.description ?? '',
    patientId: s.patient_id ?? null,
    calibrationProfileId: s.calibration_profile_id ?? null,
    collectedAt:
      dataset === null
        ? toLocalDateTime(now)
        : collected === null
          ? ''
          : toLocalDateTime(new Date(collected)),
    abstinenceDays: text(s.abstinence_days),
    semenVolumeMl: text(s.semen_volume_ml),
    collection:
      s.collection_complete === true
        ? 'complete'
        : s.collection_complete === false
          ? 'incomplete'
          : '',
    minutesToAnalysis: text(s.minutes_to_analysis),
    appearance: text(s.appearance),
    liquefaction: text(s.liquefaction),
    viscosity: text(s.viscosity),
    ph: text(s.ph),
    chamberName: text(s.chamber_name),
    chamberDepthUm: text(s.chamber_depth_um),
    dilutionFactor: text(s.dilution_factor),
    umPerPixel: text(s.um_per_pixel),
    headPolarity: s.head_polarity ?? 'bright',
    headFinding: s.head_finding ?? 'blobs',
  };
}

/** Settings keys and the form field each comes from. */
const FIELD_OF: Record<string, SampleFormField> = {
  patient_id: 'patientId',
  calibration_profile_id: 'calibrationProfileId',
  collected_at: 'collectedAt',
  abstinence_days: 'abstinenceDays',
  semen_volume_ml: 'semenVolumeMl',
  collection_complete: 'collection',
  minutes_to_analysis: 'minutesToAnalysis',
  appearance: 'appearance',
  liquefaction: 'liquefaction',
  viscosity: 'viscosity',
  ph: 'ph',
  chamber_name: 'chamberName',
  chamber_depth_um: 'chamberDepthUm',
  dilution_factor: 'dilutionFactor',
  um_per_pixel: 'umPerPixel',
  head_polarity: 'headPolarity',
  head_finding: 'headFinding',
};

/** A typed number: null when empty, NaN when not a number (the contract then refuses it). */
function numberOf(value: string): number | null {
  const trimmed = value.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export type SampleFormResult =
  | { readonly ok: true; readonly settings: DatasetSettings }
  | { readonly ok: false; readonly errors: Partial<Record<SampleFormField, string>> };

/**
 * The settings the form stands for, checked by the same contract the server applies; errors are
 * the contract's messages keyed by form field. Empty optional fields become null (cleared).
 */
export function sampleSettings(form: SampleForm): SampleFormResult {
  const errors: Partial<Record<SampleFormField, string>> = {};
  const collectedAt = localDateTimeToIso(form.collectedAt);
  if (form.collectedAt.trim() !== '' && collectedAt === null)
    errors.collectedAt = 'Collection time must be a date and time';
  const candidate = {
    patient_id: form.patientId,
    calibration_profile_id: form.calibrationProfileId,
    collected_at: collectedAt,
    abstinence_days: numberOf(form.abstinenceDays),
    semen_volume_ml: numberOf(form.semenVolumeMl),
    collection_complete: form.collection === '' ? null : form.collection === 'complete',
    minutes_to_analysis: numberOf(form.minutesToAnalysis),
    appearance: orNull(form.appearance),
    liquefaction: orNull(form.liquefaction),
    viscosity: orNull(form.viscosity),
    ph: numberOf(form.ph),
    chamber_name: orNull(form.chamberName),
    chamber_depth_um: numberOf(form.chamberDepthUm),
    dilution_factor: numberOf(form.dilutionFactor),
    um_per_pixel: numberOf(form.umPerPixel),
    head_polarity: form.headPolarity,
    head_finding: form.headFinding,
  };
  const parsed = DatasetSettingsSchema.safeParse(candidate);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const field = typeof key === 'string' ? FIELD_OF[key] : undefined;
      if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
    }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, settings: parsed.data };
}

/** The form with a calibration profile picked: its scale and chamber fill the form's fields. */
export function withCalibrationProfile(
  form: SampleForm,
  profile: Pick<
    CalibrationProfile,
    'id' | 'um_per_pixel' | 'chamber_depth_um' | 'chamber_name'
  > | null,
): SampleForm {
  if (profile === null) return { ...form, calibrationProfileId: null };
  return {
    ...form,
    calibrationProfileId: profile.id,
    umPerPixel: String(profile.um_per_pixel),
    chamberDepthUm: String(profile.chamber_depth_um),
    chamberName: profile.chamber_name === '' ? form.chamberName : profile.chamber_name,
  };
}

/** What changed in the sample since a stored report was made, as settings keys. */
export type ReportSettingKey =
  'um_per_pixel' | 'chamber_depth_um' | 'dilution_factor' | 'semen_volume_ml';

/**
 * The calibration and volume settings of the dataset that differ from those the stored report was
 * made with: any of them means the figures on screen are out of date and a re-analysis is due.
 */
export function reportOutOfDate(
  report: Pick<StoredReport, 'concentration_report' | 'motility_report'>,
  settings: DatasetSettings,
): ReportSettingKey[] {
  const c = report.concentration_report;
  const m = report.motility_report;
  const changed: ReportSettingKey[] = [];
  const scale = c?.analysis_parameters.micron_per_pixel ?? m?.analysis_parameters.micron_per_pixel;
  if (scale !== undefined && scale !== settings.um_per_pixel) changed.push('um_per_pixel');
  if (c === null) return changed;
  const chamber = c.analysis_parameters.chamber_specifications;
  if (chamber.depth_um !== settings.chamber_depth_um) changed.push('chamber_depth_um');
  if (chamber.dilution_factor !== settings.dilution_factor) changed.push('dilution_factor');
  if ((c.analysis_parameters.semen_volume_ml ?? null) !== (settings.semen_volume_ml ?? null))
    changed.push('semen_volume_ml');
  return changed;
}

/** The videos of one patient; all of them for ''. */
export const videosOfPatient = <T extends Pick<Video, 'patientId'>>(
  videos: readonly T[],
  patientId: string,
): T[] =>
  patientId === '' ? [...videos] : videos.filter((video) => video.patientId === patientId);

/** Tags typed as a comma-separated list: trimmed, without empties or repeats. */
export function parseTags(input: string): string[] {
  return [
    ...new Set(
      input
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ];
}

/** Today's date (local) as YYYY-MM-DD, the default capture date. */
export const localDate = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** One option of the patient picker: a patient, or creating one with the typed name. */
export type PatientChoice =
  | { readonly kind: 'patient'; readonly id: string; readonly name: string }
  | { readonly kind: 'create'; readonly id: ''; readonly name: string };

/**
 * The patients whose name contains the typed text (case-insensitive), then, when creating is
 * allowed and no patient has exactly that name, an option to create one.
 */
export function patientChoices(
  patients: readonly Pick<Patient, 'id' | 'name'>[],
  typed: string,
  canCreate: boolean,
): PatientChoice[] {
  const needle = typed.trim().toLowerCase();
  const found: PatientChoice[] = patients
    .filter((patient) => patient.name.toLowerCase().includes(needle))
    .map((patient) => ({ kind: 'patient', id: patient.id, name: patient.name }));
  const exact = patients.some((patient) => patient.name.trim().toLowerCase() === needle);
  if (!canCreate || needle === '' || exact) return found;
  return [...found, { kind: 'create', id: '', name: typed.trim() }];
}

/** Sample rows of the details dialog, keyed by their `samples.*` label; unrecorded ones left out. */
export type SampleRowKey =
  | 'collectedAt'
  | 'abstinenceDays'
  | 'semenVolume'
  | 'collectionState'
  | 'minutesToAnalysis'
  | 'appearance'
  | 'liquefaction'
  | 'viscosity'
  | 'ph'
  | 'chamberName';

const known = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

export function sampleRows(settings: DatasetSettings): [SampleRowKey, string][] {
  const s = settings;
  const rows: [SampleRowKey, string | number | null | undefined][] = [
    ['collectedAt', known(s.collected_at) ? new Date(s.collected_at).toLocaleString() : null],
    ['abstinenceDays', s.abstinence_days],
    ['semenVolume', known(s.semen_volume_ml) ? `${s.semen_volume_ml} ml` : null],
    [
      'collectionState',
      known(s.collection_complete) ? (s.collection_complete ? 'complete' : 'incomplete') : null,
    ],
    ['minutesToAnalysis', s.minutes_to_analysis],
    ['appearance', s.appearance],
    ['liquefaction', s.liquefaction],
    ['viscosity', s.viscosity],
    ['ph', s.ph],
    ['chamberName', s.chamber_name],
  ];
  return rows.flatMap(([key, value]) => (known(value) ? [[key, String(value)]] : []));
}
