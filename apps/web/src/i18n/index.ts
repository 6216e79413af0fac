import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enBase from './locales/en.json';

/**
 * The languages other than English are fetched when first chosen, each as its own chunk: the
 * sign-in page then downloads one language instead of four (English without the technical screens'
 * texts, see loadTechnicalTexts). i18next switches only once the texts
 * have arrived, so a screen never shows keys.
 */
function loadLanguage(language: string): Promise<ResourceKey | null> {
  switch (language) {
    case 'vi':
      return import('./bundles/vi').then((m) => m.vi);
    case 'fr':
      return import('./bundles/fr').then((m) => m.fr);
    case 'es':
      return import('./bundles/es').then((m) => m.es);
    default:
      return Promise.resolve(null);
  }
}

const lazyLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    loadLanguage(language).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

const SETTLE_TIMEOUT_MS = 5000;
let languageSettled: Promise<void> = Promise.resolve();
i18n.on('languageChanging', (language: string) => {
  languageSettled = new Promise((resolve) => {
    const finish = () => {
      i18n.off('languageChanged', done);
      resolve();
    };
    const done = (changed: string) => {
      if (changed === language) finish();
    };
    i18n.on('languageChanged', done);
    // A change superseded by a later one never reports; the later one is waited for instead.
    setTimeout(finish, SETTLE_TIMEOUT_MS);
  });
});

/**
 * Adds the technical screens' English texts (the other languages' chunks carry theirs). The
 * technical pages' chunk loads them beside itself, so the sign-in page does not download them.
 */
export async function loadTechnicalTexts(): Promise<void> {
  const { enTechnical } = await import('./bundles/enTechnical');
  i18n.addResourceBundle('en', 'translation', { technical: enTechnical }, true, false);
}

/**
 * Resolves once the language last asked for is in use (its texts fetched). Screens drawn after it
 * start in the right language instead of switching under the user.
 */
export function whenLanguageSettled(): Promise<void> {
  return languageSettled;
}

// English until the signed-in user's settings say otherwise; the spec texts are the English values.
void i18n
  .use(lazyLanguages)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: enBase } },
    partialBundledLanguages: true,
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });

export { i18n };
