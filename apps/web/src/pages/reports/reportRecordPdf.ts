import type { ReportLetterhead, ReportPatient, ReportSample, ReportVersion } from '@sarm/contracts';
import type { DateParts, FormatDate, Translate } from './reportPdfTypes';
import { signatureLine, signatureMeaningText } from './reportVersionsLogic';

/**
 * The record parts of a printed report (issue 15): who issues it, whose sample it is, how the
 * sample was collected, how it was measured, and who authorised it. Pure: the PDF and the screen
 * both print these rows.
 */

type Rows = (readonly [string, string])[];

/** The laboratory header: the name, then address, phone and accreditation lines. */
export function letterheadLines(letterhead: ReportLetterhead, t: Translate): string[] {
  const lines = letterhead.address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (letterhead.phone !== '') lines.push(`${t('reports.record.phone')}: ${letterhead.phone}`);
  if (letterhead.accreditation !== '') lines.push(letterhead.accreditation);
  return lines;
}

/**
 * The patient of the sample (name, record number, age; the patient records hold no date of
 * birth), or the patients linked to the analysed videos when the sample names none.
 */
export function patientIdentityRows(
  sample: ReportSample | undefined,
  linked: readonly ReportPatient[],
  t: Translate,
): Rows {
  const own = sample?.patient ?? null;
  const patients = own !== null ? [own] : linked.map(({ id, name, age }) => ({ id, name, age }));
  if (patients.length === 0) return [[t('reports.patient'), t('reports.noPatientLinked')]];
  return patients.flatMap((patient) => [
    [t('reports.patient'), patient.name] as const,
    [t('reports.record.patientId'), patient.id] as const,
    [t('reports.patientAge'), patient.age === null ? '-' : String(patient.age)] as const,
  ]);
}

const yesNo = (value: boolean, t: Translate) =>
  t(value ? 'reports.record.yes' : 'reports.record.no');

/** Collection time, abstinence, volume, completeness, delay; appearance and the rest if noted. */
export function sampleDetailRows(sample: ReportSample, t: Translate, formatDate: FormatDate): Rows {
  const notRecorded = t('reports.record.notRecorded');
  const rows: Rows = [
    [
      t('reports.record.collectedAt'),
      sample.collected_at === null ? notRecorded : formatDate(sample.collected_at),
    ],
    [
      t('reports.record.abstinence'),
      sample.abstinence_days === null
        ? notRecorded
        : t('reports.record.days', { count: sample.abstinence_days }),
    ],
    [
      t('reports.record.volume'),
      sample.semen_volume_ml === null ? notRecorded : `${sample.semen_volume_ml} ml`,
    ],
    [
      t('reports.record.collectionComplete'),
      sample.collection_complete === null ? notRecorded : yesNo(sample.collection_complete, t),
    ],
    [
      t('reports.record.minutesToAnalysis'),
      sample.minutes_to_analysis === null
        ? notRecorded
        : t('reports.record.minutes', { count: sample.minutes_to_analysis }),
    ],
  ];
  const optional: [string, string | number | null][] = [
    [t('reports.record.appearance'), sample.appearance],
    [t('reports.record.liquefaction'), sample.liquefaction],
    [t('reports.record.viscosity'), sample.viscosity],
    [t('reports.record.ph'), sample.ph],
  ];
  for (const [label, value] of optional)
    if (value !== null && value !== '') rows.push([label, String(value)]);
  return rows;
}

/** CASA with the software version, the calibration profile and scale, the chamber and its depth. */
export function methodRows(
  sample: ReportSample,
  software: ReportLetterhead['software'] | undefined,
  t: Translate,
): Rows {
  const profile = sample.calibration_profile;
  const chamber = [sample.chamber_name, `${sample.chamber_depth_um} µm`]
    .filter((part) => part !== null && part !== '')
    .join(', ');
  return [
    [t('reports.record.method'), t('reports.record.casa')],
    [
      t('reports.record.software'),
      software === undefined ? 'SARM' : `${software.name} ${software.version}`,
    ],
    [
      t('reports.record.calibration'),
      profile === null
        ? t('reports.record.noProfile')
        : [profile.name, profile.objective].filter((part) => part !== '').join(', '),
    ],
    [t('reports.micronPerPixel'), String(sample.um_per_pixel)],
    [t('reports.record.chamber'), chamber],
    [t('reports.dilution'), String(sample.dilution_factor)],
  ];
}

/**
 * "Authorised by" and when, or that the version is not signed yet; a signed version ends with
 * the signature line (signer, date, time and meaning).
 */
export function authorisationRows(
  version: ReportVersion,
  t: Translate,
  formatDate: FormatDate,
  parts?: DateParts,
): Rows {
  const rows: Rows = [
    [t('reports.versions.signedBy'), version.signedBy?.name ?? t('reports.versions.notSigned')],
    [
      t('reports.versions.signedAt'),
      version.signedAt === null ? '-' : formatDate(version.signedAt),
    ],
  ];
  const meaning = signatureMeaningText(version, t);
  if (meaning !== null) rows.push([t('reports.versions.meaning'), meaning]);
  rows.push([t('reports.versions.version'), String(version.version)]);
  const line = signatureLine(version, t, parts);
  if (line !== null) rows.push(['', line]);
  return rows;
}

/** Stand-ins for the page numbers in a translated "Page n of N", replaced by CSS counters. */
export const PAGE_MARK = '\u0001';
export const PAGES_MARK = '\u0002';

/**
 * The CSS `content` of a printed page's number: the translated text around CSS counters, e.g.
 * `"Page " counter(page) " of " counter(pages)`.
 */
export function pageCounterContent(template: string): string {
  const parts: string[] = [];
  template.split(PAGE_MARK).forEach((chunk, i) => {
    if (i > 0) parts.push('counter(page)');
    chunk.split(PAGES_MARK).forEach((piece, j) => {
      if (j > 0) parts.push('counter(pages)');
      if (piece !== '') parts.push(JSON.stringify(piece));
    });
  });
  return parts.join(' ');
}

/** who-report-<sample>-v<N>.fhir.json with the sample name made safe for a file name. */
export function fhirFileName(datasetName: string, version: number): string {
  const safe =
    datasetName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'dataset';
  return `who-report-${safe}-v${version}.fhir.json`;
}
