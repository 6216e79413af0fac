import type { UserSettings } from '@sarm/contracts';

export type LanguageCode = UserSettings['language'];

/** Languages offered in Settings, in display order (spec 3 §9). */
export const LANGUAGE_CODES = ['en', 'vi', 'fr', 'es'] as const satisfies readonly LanguageCode[];

export function isLanguageCode(value: string): value is LanguageCode {
  return LANGUAGE_CODES.some((code) => code === value);
}
