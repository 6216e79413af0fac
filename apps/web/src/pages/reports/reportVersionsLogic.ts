import type { ReportVersion } from '@sarm/contracts';
import type { DateParts, FormatDate, PdfBlock, Translate } from './reportPdfTypes';

// Re-exported from the shared floor below, where reportPdf and reportRecordPdf read them too.
export type { DateParts, FormatDate } from './reportPdfTypes';

/** Label/value rows, as the sample card and the PDF print them. */
type Rows = (readonly [string, string])[];

export const isAmended = (version: Pick<ReportVersion, 'amends'>) => version.amends !== null;

/**
 * A new run needs a reason once any version is signed: every later version amends the newest
 * signed one (the server refuses it without a reason).
 */
export const needsAmendReason = (versions: readonly Pick<ReportVersion, 'signed'>[]) =>
  versions.some((version) => version.signed);

/** The version number in a `?version=` search parameter; undefined for the latest or nonsense. */
export function parseVersionParam(value: string | null): number | undefined {
  if (value === null || !/^\d{1,7}$/.test(value)) return undefined;
  const version = Number(value);
  return version >= 1 ? version : undefined;
}

/** "Amended report" for an amending version, else the plain title. */
export function reportTitle(version: ReportVersion, plain: string, t: Translate): string {
  return isAmended(version) ? `${plain} · ${t('reports.versions.amendedReport')}` : plain;
}

/** The record of a version: number, amendment and reason, author, signer and date. */
export function recordRows(version: ReportVersion, t: Translate, formatDate: FormatDate): Rows {
  const rows: Rows = [
    [t('reports.versions.version'), String(version.version)],
    [
      t('reports.versions.created'),
      `${formatDate(version.createdAt)} · ${version.createdBy?.name ?? t('reports.versions.unknownAuthor')}`,
    ],
  ];
  if (version.amends !== null)
    rows.push(
      [
        t('reports.versions.amendedReport'),
        t('reports.versions.amendsVersion', { version: version.amends }),
      ],
      [t('reports.versions.reason'), version.reason ?? '-'],
    );
  rows.push(
    [t('reports.versions.signedBy'), version.signedBy?.name ?? t('reports.versions.notSigned')],
    [
      t('reports.versions.signedAt'),
      version.signedAt === null ? '-' : formatDate(version.signedAt),
    ],
  );
  const meaning = signatureMeaningText(version, t);
  if (meaning !== null) rows.push([t('reports.versions.meaning'), meaning]);
  return rows;
}

/** "Reviewed and released"; null when unsigned or signed before the meaning was asked. */
export function signatureMeaningText(
  version: Pick<ReportVersion, 'signed' | 'signatureMeaning'>,
  t: Translate,
): string | null {
  if (!version.signed || version.signatureMeaning === null) return null;
  return t(`reports.versions.meanings.${version.signatureMeaning}`);
}

export const LOCALE_DATE_PARTS: DateParts = {
  day: (iso) => new Date(iso).toLocaleDateString(),
  time: (iso) => new Date(iso).toLocaleTimeString(),
};

/**
 * "Signed by X on <date> at <time> — Reviewed and released" (without the meaning for versions
 * signed before it was asked); null for an unsigned version.
 */
export function signatureLine(
  version: ReportVersion,
  t: Translate,
  parts: DateParts = LOCALE_DATE_PARTS,
): string | null {
  if (version.signedBy === null || version.signedAt === null) return null;
  const values = {
    name: version.signedBy.name,
    date: parts.day(version.signedAt),
    time: parts.time(version.signedAt),
  };
  const meaning = signatureMeaningText(version, t);
  return meaning === null
    ? t('reports.versions.signatureLinePlain', values)
    : t('reports.versions.signatureLine', { ...values, meaning });
}

/** The PDF's record section: headed "Amended report" when the version amends a signed one. */
export function recordBlocks(
  version: ReportVersion,
  t: Translate,
  formatDate: FormatDate,
): PdfBlock[] {
  return [
    {
      kind: 'heading',
      text: isAmended(version)
        ? t('reports.versions.amendedNotice', {
            version: version.version,
            amends: version.amends,
          })
        : t('reports.versions.recordTitle'),
    },
    { kind: 'rows', rows: recordRows(version, t, formatDate) },
  ];
}

/** One line of the version selector: "Version 3 · date · by". */
export function versionOptionLabel(
  version: ReportVersion,
  t: Translate,
  formatDate: FormatDate,
): string {
  const parts = [
    t('reports.versions.versionN', { version: version.version }),
    formatDate(version.createdAt),
    version.createdBy?.name ?? t('reports.versions.unknownAuthor'),
  ];
  if (version.signed) parts.push(t('reports.versions.signed'));
  if (isAmended(version)) parts.push(t('reports.versions.amendedChip'));
  return parts.join(' · ');
}
