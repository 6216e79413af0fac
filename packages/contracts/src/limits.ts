import { z } from 'zod';

/**
 * Size limits of request fields (issue 16, hostile input). The server enforces them through the
 * request schemas; the forms show them as `maxLength` on their inputs. Lengths count UTF-16 code
 * units, as both `String.prototype.length` and the HTML `maxlength` attribute do.
 */
/** Names, titles, labels, display names. */
export const NAME_MAX = 200;
/** Multi-line descriptions. */
export const DESCRIPTION_MAX = 5000;
/** Notes, comments, recommendations, e-mail messages. */
export const NOTE_MAX = 10_000;
/** An e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 256;
/** Codes, tags, sources: short single-line texts. */
export const SHORT_TEXT_MAX = 100;
/** A telephone number. */
export const PHONE_MAX = 50;
/** An e-mail subject line. */
export const SUBJECT_MAX = 300;
export const URL_MAX = 2048;
/** Identifiers: UUIDs, role and permission codes. */
export const ID_MAX = 100;
/** Search terms of list filters. */
export const SEARCH_MAX = 200;
/** Tags of one video. */
export const TAGS_MAX = 50;
/** Roles given to one user or member at once. */
export const ROLE_LIST_MAX = 100;
/** Permission codes given to one role or user at once. */
export const PERMISSION_LIST_MAX = 500;

/* eslint-disable no-control-regex -- matching control characters is the point of these patterns */
/** No C0 control character and no DEL. */
const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u001F\u007F]*$/;
/** The same, but tab, line feed and carriage return, which multi-line texts may hold, are allowed. */
const WITHOUT_CONTROL_CHARACTERS_BUT_LINE_BREAKS =
  /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
/* eslint-enable no-control-regex */

export const tooLongMessage = (label: string, max: number) =>
  `${label} must be at most ${max} characters`;
export const controlCharactersMessage = (label: string) =>
  `${label} must not contain control characters`;

export interface TextOptions {
  /** Trim surrounding white space before checking (single-line default: true; multi-line: false). */
  readonly trim?: boolean;
  /** Refuse a missing or empty value with this message. */
  readonly required?: string;
}

function boundedText(
  label: string,
  max: number,
  allowed: RegExp,
  options: TextOptions,
  trimByDefault: boolean,
): z.ZodString {
  const base = options.required === undefined ? z.string() : z.string({ error: options.required });
  const trimmed = (options.trim ?? trimByDefault) ? base.trim() : base;
  const checked = trimmed
    .max(max, tooLongMessage(label, max))
    .regex(allowed, controlCharactersMessage(label));
  return options.required === undefined ? checked : checked.min(1, options.required);
}

/**
 * A single-line text (name, title, code, search term, password): at most `max` characters and no
 * control character at all. Trimmed unless `trim: false`.
 */
export function singleLineText(label: string, max: number, options: TextOptions = {}): z.ZodString {
  return boundedText(label, max, WITHOUT_CONTROL_CHARACTERS, options, true);
}

/**
 * A multi-line text (description, notes): at most `max` characters; tab, line feed and carriage
 * return are allowed, other control characters are not. Not trimmed unless `trim: true`.
 */
export function multiLineText(label: string, max: number, options: TextOptions = {}): z.ZodString {
  return boundedText(label, max, WITHOUT_CONTROL_CHARACTERS_BUT_LINE_BREAKS, options, false);
}

/** An identifier (UUID, role or permission code): non-empty, at most `ID_MAX` characters. */
export function idText(label = 'Id'): z.ZodString {
  return singleLineText(label, ID_MAX, { trim: false }).min(1, `${label} is required`);
}

/** One e-mail address: trimmed, at most `EMAIL_MAX` characters, no control characters. */
export function emailAddress(
  invalidMessage: string,
  options: { readonly label?: string; readonly required?: string } = {},
) {
  const label = options.label ?? 'Email';
  return singleLineText(
    label,
    EMAIL_MAX,
    options.required === undefined ? {} : { required: options.required },
  ).pipe(z.email(invalidMessage));
}

/**
 * Bounds of the sample and calibration numbers of a dataset (issue 15). Generous enough for any
 * real sample and microscope, tight enough to refuse nonsense before it reaches a report.
 */
export const SAMPLE_LIMITS = {
  semenVolumeMlMax: 50,
  abstinenceDaysMax: 365,
  /** One week: a sample analysed later than that is not a sample any more. */
  minutesToAnalysisMax: 10_080,
  phMin: 0,
  phMax: 14,
  chamberDepthUmMax: 1000,
  dilutionFactorMax: 1000,
  umPerPixelMax: 100,
} as const;
