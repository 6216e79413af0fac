import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../i18n/languages';
import { createSavedLanguage } from './savedLanguage';

function setup(initial: string) {
  let language = initial;
  const changes: LanguageCode[] = [];
  const saved = createSavedLanguage(
    (next) => {
      changes.push(next);
      language = next;
    },
    () => language,
  );
  return { saved, changes, preview: (next: string) => (language = next) };
}

describe('savedLanguage', () => {
  it('switches to a newly seen saved language, once', () => {
    const { saved, changes } = setup('en');
    saved.apply('fr');
    saved.apply('fr');
    expect(changes).toEqual(['fr']);
  });

  it('keeps an unsaved preview when the same saved language arrives again', () => {
    const { saved, changes, preview } = setup('en');
    saved.apply('fr');
    preview('vi');
    saved.apply('fr');
    expect(changes).toEqual(['fr']);
  });

  it('applies the saved language at sign-in even when it was seen before', () => {
    const { saved, changes, preview } = setup('en');
    saved.apply('fr');
    preview('vi');
    saved.apply('fr', true);
    expect(changes).toEqual(['fr', 'fr']);
  });

  it('does not switch when the interface already shows the saved language', () => {
    const { saved, changes } = setup('es');
    saved.apply('es');
    expect(changes).toEqual([]);
  });
});
