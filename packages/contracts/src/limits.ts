import { z } from 'zod';
import { EMAIL_MAX, ID_MAX } from './limit-values.js';

export * from './limit-values.js';

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
