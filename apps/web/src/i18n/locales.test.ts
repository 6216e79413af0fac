import { describe, expect, it } from 'vitest';
import { en, es, fr, vi } from './translations';

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') {
    out.set(prefix, value);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix.length > 0 ? `${prefix}.${key}` : key))
        out.set(k, v);
    }
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

/** Texts longer than this (placeholders removed) that equal the English are untranslated copies. */
const COPY_MIN_LENGTH = 12;

/** Texts that really are spelled the same as in English (French cognates, units). */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  vi: [],
  fr: [
    'Administration',
    'Classification',
    'Concentration',
    'Notifications',
    'Concentration (M/ml)',
    'Concentration ≥ 16 M/ml',
  ],
  // WHO nomenclature terms that Spanish spells as English does.
  es: ['Normozoospermia', 'Oligozoospermia', 'Teratozoospermia', 'Necrozoospermia'],
};

describe('locales', () => {
  const english = flatten(en);
  it('has no empty English text', () => {
    const empty = [...english].filter(([, text]) => text.trim().length === 0).map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each([
    ['vi', vi],
    ['fr', fr],
    ['es', es],
  ])('%s has every English key, no extra key, and the same placeholders', (_code, locale) => {
    const other = flatten(locale);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      const translated = other.get(key) ?? '';
      expect(translated.trim().length, key).toBeGreaterThan(0);
      expect(placeholders(translated), key).toEqual(placeholders(text));
    }
  });

  it.each([
    ['vi', vi],
    ['fr', fr],
    ['es', es],
  ])('%s translates every longer English text rather than copying it', (code, locale) => {
    const other = flatten(locale);
    const allowed = new Set(SAME_AS_ENGLISH[code]);
    const copies = [...english]
      .filter(([key, text]) => {
        const words = text.replace(/{{\s*\w+\s*}}/g, '').trim();
        return words.length > COPY_MIN_LENGTH && other.get(key) === text && !allowed.has(text);
      })
      .map(([key]) => key);
    expect(copies).toEqual([]);
  });

  it('keeps the spec texts word for word in English', () => {
    expect(english.get('validation.nameRequired')).toBe('Name is required');
    expect(english.get('validation.passwordsMismatch')).toBe('Passwords do not match');
    expect(english.get('forgot.success')).toBe('Password reset email sent! Check your inbox.');
    expect(english.get('login.registered')).toBe('Registration successful! Please log in.');
    expect(english.get('settings.saved')).toBe('Settings saved successfully!');
    expect(english.get('profile.profileUpdated')).toBe('Profile updated successfully!');
    expect(english.get('profile.passwordUpdated')).toBe('Password updated successfully!');
    expect(english.get('profile.passwordTooShort')).toBe(
      'Password should be at least {{min}} characters',
    );
  });
});
