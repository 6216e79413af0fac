import { describe, expect, it } from 'vitest';
import { en } from './translations';

const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/*.d.ts'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/** `const NAME = 'text'` declarations of a file, used to resolve `${NAME}` in keys. */
function stringConstants(source: string): Map<string, string> {
  const constants = new Map<string, string>();
  for (const match of source.matchAll(/\bconst\s+(\w+)\s*=\s*'([^'\n]*)'/g))
    constants.set(match[1] ?? '', match[2] ?? '');
  return constants;
}

/**
 * The keys of `t('...')` calls whose key is a literal, or a template literal whose `${NAME}` parts
 * are string constants of the same file. Keys built at run time are skipped.
 */
function literalKeys(source: string): string[] {
  const constants = stringConstants(source);
  const keys: string[] = [];
  for (const match of source.matchAll(/\bt\(\s*(?:'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`)/g)) {
    const literal = match[1] ?? match[2];
    if (literal !== undefined) {
      keys.push(literal);
      continue;
    }
    const resolved = (match[3] ?? '').replace(
      /\$\{(\w+)\}/g,
      (whole, name: string) => constants.get(name) ?? whole,
    );
    if (!resolved.includes('${')) keys.push(resolved);
  }
  return keys;
}

function hasText(resources: unknown, key: string): boolean {
  let node: unknown = resources;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

describe('translation keys used in the source', () => {
  it('finds literal keys, resolves constant prefixes and skips keys built at run time', () => {
    const source = [
      "const PREFIX = 'dashboard.projectDashboard';",
      't(\'common.back\'); i18n.t("common.cancel");',
      't(`${PREFIX}.email`); t(`business.status.${status}`); format(`x`);',
    ].join('\n');
    expect(literalKeys(source)).toEqual([
      'common.back',
      'common.cancel',
      'dashboard.projectDashboard.email',
    ]);
  });

  it('reads the application source', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
  });

  it('has an English text for every literal key passed to t()', () => {
    const missing = Object.entries(sources).flatMap(([file, source]) =>
      literalKeys(source)
        .filter((key) => !hasText(en, key))
        .map((key) => `${file}: ${key}`),
    );
    expect(missing).toEqual([]);
  });
});
