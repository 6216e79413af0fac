import { WHO_2010_LIMITS, type AnalysisItem, type PatientInput } from '@sarm/contracts';

export const RESULT_TABS = ['all', 'completed', 'in-progress', 'pending'] as const;
export type ResultTab = (typeof RESULT_TABS)[number];

/** Items of one tab and one patient ('' = all patients). */
export function filterResults(
  items: readonly AnalysisItem[],
  tab: ResultTab,
  patientId: string,
): AnalysisItem[] {
  return items.filter(
    (item) =>
      (tab === 'all' || item.status === tab) && (patientId === '' || item.patient_id === patientId),
  );
}

/** While any result is still waiting or running, the list is refreshed this often (ms). */
export const RUNNING_REFRESH_MS = 3000;

/**
 * Whether a submitted analysis is queued or running, so the list should keep refreshing. A video that
 * was never submitted is also 'pending', but its item carries the video's own id and never changes
 * by itself.
 */
export const hasRunningAnalyses = (
  items: readonly { readonly id: string; readonly video_id: string; readonly status: string }[],
) =>
  items.some(
    (item) =>
      item.status === 'in-progress' || (item.status === 'pending' && item.id !== item.video_id),
  );

export const shortAnalysisId = (id: string) => id.slice(0, 6);

export type StatusColor = 'success' | 'info' | 'warning' | 'error';

/** Chip colour of a result status: completed green, running blue, waiting amber, failed red. */
export function statusColor(status: AnalysisItem['status']): StatusColor {
  switch (status) {
    case 'completed':
      return 'success';
    case 'in-progress':
      return 'info';
    case 'pending':
      return 'warning';
    case 'failed':
      return 'error';
  }
}

/**
 * The stable key of a results row: the server lists one row per video, and the row's `id` changes
 * from the request's to the analysis's when the analysis completes, so rows are keyed by video.
 */
export const resultRowKey = (item: Pick<AnalysisItem, 'video_id'>) => item.video_id;

/** The row a link opens: `?id=` may name the analysis (dashboard links) or the video (row key). */
export function findResult(
  items: readonly AnalysisItem[],
  openId: string | null,
): AnalysisItem | null {
  if (openId === null) return null;
  return items.find((i) => i.id === openId) ?? items.find((i) => i.video_id === openId) ?? null;
}

/** '12.3' or '-' when unknown. */
export const figure = (value: number | null, digits = 1) =>
  value === null ? '-' : value.toFixed(digits);

export type ReferenceCheck = 'normal' | 'below';

/** WHO 2010 reference of the details dialog: below the lower limit is 'Below Reference'. */
export function checkReference(
  value: number | null,
  limit: keyof typeof WHO_2010_LIMITS,
): ReferenceCheck | null {
  if (value === null) return null;
  return value < WHO_2010_LIMITS[limit] ? 'below' : 'normal';
}

export interface PatientFormValues {
  readonly name: string;
  readonly age: string;
  readonly contactNumber: string;
  readonly notes: string;
}

export type PatientFormError = 'nameRequired' | 'ageInvalid';

/** The form as the API body, or the first error. */
export function toPatientInput(
  values: PatientFormValues,
): { body: PatientInput } | { error: PatientFormError } {
  const name = values.name.trim();
  if (name === '') return { error: 'nameRequired' };
  const ageText = values.age.trim();
  const age = ageText === '' ? null : Number(ageText);
  if (age !== null && (!Number.isInteger(age) || age < 0 || age > 150))
    return { error: 'ageInvalid' };
  return {
    body: { name, age, contactNumber: values.contactNumber.trim(), notes: values.notes },
  };
}
