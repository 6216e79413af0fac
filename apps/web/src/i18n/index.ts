import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, es, fr, vi } from './translations';

export const resources = {
  en: { translation: en },
  vi: { translation: vi },
  fr: { translation: fr },
  es: { translation: es },
} as const;

// English until the signed-in user's settings say otherwise; the spec texts are the English values.
void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

export { i18n };
