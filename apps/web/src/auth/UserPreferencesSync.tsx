import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '../api/session';
import { useColorMode } from '../theme/colorModeContext';
import { useAuth } from './authContext';

/**
 * Applies the signed-in user's saved theme when this browser has no theme of its own yet (a sign-in
 * through the form always applies it: see `startSession`), and keeps `<html lang>` in step. Runs
 * only when the saved value changes, so a preview in Settings is not undone by a background refresh.
 * The saved language is applied where user data arrives, before screens render (`savedLanguage`).
 */
export function UserPreferencesSync() {
  const { i18n } = useTranslation();
  const { setMode } = useColorMode();
  const { user } = useAuth();
  const darkMode = user?.settings.darkMode ?? null;

  useEffect(() => {
    if (darkMode !== null && window.localStorage.getItem(STORAGE_KEYS.theme) === null)
      setMode(darkMode ? 'dark' : 'light');
  }, [darkMode, setMode]);

  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);

  return null;
}
