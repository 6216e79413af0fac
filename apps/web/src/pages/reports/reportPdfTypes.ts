import type { TFunction } from 'i18next';

/**
 * Types shared by the report's pure modules (reportPdf, reportRecordPdf, reportVersionsLogic) and
 * the PDF writer. They live one floor below those modules so none of them imports another for a
 * type, which would tie them into an import circle.
 */

/** The translation function (react-i18next's `t`). */
export type Translate = TFunction;

/** Formats an ISO date for the reader (the page passes the browser's locale formatting). */
export type FormatDate = (iso: string) => string;

/** The day and the time of day of an ISO date, written apart on the signature line. */
export interface DateParts {
  readonly day: FormatDate;
  readonly time: FormatDate;
}

/** One block of the printed report, every text already formatted; pdfWriter.ts draws them. */
export type PdfBlock =
  | {
      readonly kind: 'letterhead';
      readonly name: string;
      readonly lines: readonly string[];
      /** PNG or JPEG data URL; empty for none. */
      readonly logo: string;
    }
  | { readonly kind: 'title'; readonly text: string; readonly subtitle: string }
  | { readonly kind: 'heading'; readonly text: string }
  | { readonly kind: 'rows'; readonly rows: readonly (readonly [string, string])[] }
  | {
      readonly kind: 'table';
      readonly head: readonly string[];
      readonly rows: readonly (readonly string[])[];
    }
  | {
      readonly kind: 'bars';
      readonly bars: readonly { readonly label: string; readonly percent: number }[];
    };
