import { loadedAuthSchemas } from '../api/authSchemasLoader';
import { readCachedUser, readToken } from '../api/session';
import { i18n } from '../i18n';
import type { LanguageCode } from '../i18n/languages';

/**
 * Follows the signed-in user's saved language. It is applied when user data arrives (sign-in, the
 * server copy, the local cache at start-up), before the screens render with it: a screen that
 * renders first and only then sees the language change would keep showing the old language.
 */
export function createSavedLanguage(
  change: (language: LanguageCode) => void,
  current: () => string,
) {
  let lastSaved: LanguageCode | null = null;
  return {
    /**
     * Applies `saved` when it differs from the saved language seen last, so an unsaved preview in
     * Settings survives a background refresh; `force` (a sign-in) applies it regardless.
     */
    apply(saved: LanguageCode, force = false): void {
      if (!force && saved === lastSaved) return;
      lastSaved = saved;
      if (current() !== saved) change(saved);
    },
  };
}

export const savedLanguage = createSavedLanguage(
  (language) => void i18n.changeLanguage(language),
  () => i18n.language,
);

/**
 * At start-up: opens the app in the language of the user cached in this browser, if any. The cache
 * is only trusted once the auth schemas are loaded (main.tsx loads them first when a token exists).
 */
export function applyCachedUserLanguage(): void {
  if (readToken(window.localStorage) === null) return;
  const cached = readCachedUser(
    window.localStorage,
    Date.now(),
    loadedAuthSchemas()?.CurrentUserSchema ?? null,
  );
  if (cached !== null) savedLanguage.apply(cached.user.settings.language);
}
