/*
 * The size limits and sample bounds as plain values, without zod: the browser's start-up code (the
 * sign-in form's maxLength) imports them without downloading zod (issue 32). limits.ts re-exports
 * them with the zod helpers built on them.
 */
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
