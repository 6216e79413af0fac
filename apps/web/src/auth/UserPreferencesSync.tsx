import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '../api/session';
import { useColorMode } from '../theme/colorModeContext';
import { useAuth } from './authContext';

/**
 * Applies the signed-in user's saved language, and their saved theme when this browser has no theme
 * of its own yet. Runs only when the saved value changes, so a preview in Settings is not undone by
 * a background refresh.
 */
export function UserPreferencesSync() {
  const { i18n } = useTranslation();
  const { setMode } = useColorMode();
  const { user } = useAuth();
  const language = user?.settings.language ?? null;
  const darkMode = user?.settings.darkMode ?? null;

  useEffect(() => {
    if (language !== null) void i18n.changeLanguage(language);
  }, [language, i18n]);

  useEffect(() => {
    if (darkMode !== null && window.localStorage.getItem(STORAGE_KEYS.theme) === null)
      setMode(darkMode ? 'dark' : 'light');
  }, [darkMode, setMode]);

  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);

  return null;
}
