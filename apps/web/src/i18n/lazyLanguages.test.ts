import { describe, expect, it } from 'vitest';
import { i18n, loadTechnicalTexts, whenLanguageSettled } from './index';

describe('languages fetched on demand', () => {
  it('starts without the technical screens English texts and adds them on demand', async () => {
    expect(i18n.t('common.retry')).toBe('Retry');
    expect(i18n.exists('technical.home.picker.dataset')).toBe(false);
    await loadTechnicalTexts();
    expect(i18n.t('technical.home.picker.dataset')).toBe('Dataset');
    expect(i18n.t('common.retry')).toBe('Retry');
  });

  it('starts with English only and switches to French once its texts have arrived', async () => {
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(false);

    const change = i18n.changeLanguage('fr');
    const settled = whenLanguageSettled();
    await settled;
    await change;
    expect(i18n.language).toBe('fr');
    expect(i18n.t('common.retry')).toBe('Réessayer');
    expect(i18n.t('technical.home.picker.dataset')).toBe('Jeu de données');
  });

  it('answers at once when no change is pending', async () => {
    await i18n.changeLanguage('en');
    await expect(whenLanguageSettled()).resolves.toBeUndefined();
    expect(i18n.t('common.retry')).toBe('Retry');
  });
});
