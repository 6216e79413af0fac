import type { en } from './translations';

// Makes `t('some.key')` a compile-time checked key of the English resources.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
