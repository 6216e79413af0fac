import { describe, expect, it } from 'vitest';
import {
  categoryOfKey,
  defaultKeyMap,
  keyLabel,
  loadKeyMap,
  saveKeyMap,
  validateKeyMap,
  withKey,
  type KeyStorage,
} from './counterKeys';

const vitalityKeys = (live: string, dead: string) => [
  { category: 'live' as const, key: live },
  { category: 'dead' as const, key: dead },
];

function fakeStorage(initial: Record<string, string> = {}): KeyStorage & {
  items: Map<string, string>;
} {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('counter keys', () => {
  it('gives every default key map no problem', () => {
    for (const module of ['vitality', 'morphology', 'round_cells', 'mar'] as const)
      expect(validateKeyMap(defaultKeyMap(module))).toEqual([]);
  });

  it('gives the documented default keys', () => {
    expect(defaultKeyMap('morphology')).toEqual([
      { category: 'normal', key: '1' },
      { category: 'head', key: '2' },
      { category: 'midpiece', key: '3' },
      { category: 'tail', key: '4' },
      { category: 'erc', key: '5' },
    ]);
    expect(defaultKeyMap('round_cells').map((binding) => binding.category)).toEqual([
      'sperm',
      'peroxidase_positive',
      'peroxidase_negative',
    ]);
  });

  it('flags both categories that share a key, ignoring letter case', () => {
    expect(validateKeyMap(vitalityKeys('a', 'A'))).toEqual([
      { category: 'live', problem: 'duplicate' },
      { category: 'dead', problem: 'duplicate' },
    ]);
  });

  it('flags empty keys, words and the undo and commit keys', () => {
    expect(
      validateKeyMap([
        { category: 'sperm', key: '' },
        { category: 'peroxidase_positive', key: 'Backspace' },
        { category: 'peroxidase_negative', key: 'ab' },
      ]),
    ).toEqual([
      { category: 'sperm', problem: 'empty' },
      { category: 'peroxidase_positive', problem: 'reserved' },
      { category: 'peroxidase_negative', problem: 'not_single' },
    ]);
    expect(
      validateKeyMap([
        { category: 'bound', key: ' ' },
        { category: 'unbound', key: 'Enter' },
      ]),
    ).toEqual([
      { category: 'bound', problem: 'reserved' },
      { category: 'unbound', problem: 'reserved' },
    ]);
  });

  it('finds the category of a key regardless of Shift or Caps Lock', () => {
    const keys = withKey(withKey(defaultKeyMap('mar'), 'bound', 'b'), 'unbound', 'u');
    expect(categoryOfKey(keys, 'B')).toBe('bound');
    expect(categoryOfKey(keys, '1')).toBeNull();
  });

  it('labels keys for the screen', () => {
    expect(keyLabel(' ')).toBe('Space');
    expect(keyLabel('a')).toBe('A');
    expect(keyLabel('Enter')).toBe('Enter');
  });

  it('saves keys per module and loads them back', () => {
    const storage = fakeStorage();
    saveKeyMap('vitality', vitalityKeys('l', 'd'), storage);
    expect(storage.items.get('sarm.benchCounter.keys.vitality')).toBe('{"live":"l","dead":"d"}');
    expect(loadKeyMap('vitality', storage)).toEqual(vitalityKeys('l', 'd'));
    expect(loadKeyMap('mar', storage)).toEqual(defaultKeyMap('mar'));
  });

  it('falls back to the defaults for stored keys that are broken, partial or invalid', () => {
    const key = 'sarm.benchCounter.keys.vitality';
    expect(loadKeyMap('vitality', fakeStorage({ [key]: '{not json' }))).toEqual(
      defaultKeyMap('vitality'),
    );
    expect(loadKeyMap('vitality', fakeStorage({ [key]: '{"live":"l"}' }))).toEqual(
      defaultKeyMap('vitality'),
    );
    expect(loadKeyMap('vitality', fakeStorage({ [key]: '{"live":"l","dead":"l"}' }))).toEqual(
      defaultKeyMap('vitality'),
    );
    expect(loadKeyMap('vitality', null)).toEqual(defaultKeyMap('vitality'));
  });

  it('survives a storage that throws on write', () => {
    const storage: KeyStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(() => saveKeyMap('mar', defaultKeyMap('mar'), storage)).not.toThrow();
  });
});
