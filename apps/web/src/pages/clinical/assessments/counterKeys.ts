import type { CountedModule } from '@sarm/contracts';

/**
 * The keys of the bench tally counter: one key per category of each counted module, as on the
 * laboratory's multi-key counter. Undo and the morphology commit keys are fixed so that a
 * technician moving between benches always finds them in the same place.
 */

/** The categories of each counted module, in the order their keys sit on the counter. */
export const COUNTER_CATEGORIES = {
  vitality: ['live', 'dead'],
  morphology: ['normal', 'head', 'midpiece', 'tail', 'erc'],
  round_cells: ['sperm', 'peroxidase_positive', 'peroxidase_negative'],
  mar: ['bound', 'unbound'],
} as const satisfies Record<CountedModule, readonly string[]>;

export type CounterCategory = (typeof COUNTER_CATEGORIES)[CountedModule][number];

/** One category's key (a `KeyboardEvent.key`, normalised). */
export interface CounterKeyBinding {
  readonly category: CounterCategory;
  readonly key: string;
}

/** The keys of one module's categories, in counter order. */
export type CounterKeyMap = readonly CounterKeyBinding[];

/** The counter's default keys: the digits of a laboratory multi-key counter, in category order. */
const DEFAULT_KEYS: readonly string[] = ['1', '2', '3', '4', '5'];

/** The categories of a module in counter order. */
export const categoriesOf = (module: CountedModule): readonly CounterCategory[] =>
  COUNTER_CATEGORIES[module];

/**
 * Default keys: vitality live 1, dead 2; morphology normal 1, head 2, midpiece 3, tail 4, erc 5;
 * round cells sperm 1, peroxidase-positive 2, peroxidase-negative 3; MAR bound 1, unbound 2.
 */
export const defaultKeyMap = (module: CountedModule): CounterKeyMap =>
  categoriesOf(module).map((category, index) => ({ category, key: DEFAULT_KEYS[index] ?? '' }));

export const UNDO_KEY = 'Backspace';
/** Morphology: records the pending cell with the defects toggled on it. */
export const COMMIT_KEYS: readonly string[] = ['Enter', ' '];
/** Keys a category may not take, because the counter already gives them a meaning. */
const RESERVED_KEYS: readonly string[] = [UNDO_KEY, ...COMMIT_KEYS];

/**
 * A `KeyboardEvent.key` as the counter compares it: letters in lower case (Caps Lock and Shift
 * must not change which category a key counts), old browsers' 'Spacebar' as ' '.
 */
export function normalizeKey(key: string): string {
  if (key === 'Spacebar') return ' ';
  return key.length === 1 ? key.toLowerCase() : key;
}

/** A key as printed on screen beside its category. */
export function keyLabel(key: string): string {
  if (key === ' ') return 'Space';
  return key.length === 1 ? key.toUpperCase() : key;
}

/** The key of a category in a key map ('' when the map lacks it). */
export const keyOf = (keys: CounterKeyMap, category: CounterCategory): string =>
  keys.find((binding) => binding.category === category)?.key ?? '';

/** The category a key counts, if any. */
export function categoryOfKey(keys: CounterKeyMap, key: string): CounterCategory | null {
  const pressed = normalizeKey(key);
  return keys.find((binding) => normalizeKey(binding.key) === pressed)?.category ?? null;
}

export type KeyProblem = 'empty' | 'not_single' | 'reserved' | 'duplicate';

/** What is wrong with one category's key. */
export interface KeyMapProblem {
  readonly category: CounterCategory;
  readonly problem: KeyProblem;
}

function problemOf(key: string, others: readonly string[]): KeyProblem | null {
  const normal = normalizeKey(key);
  if (normal.length === 0) return 'empty';
  if (RESERVED_KEYS.includes(normal)) return 'reserved';
  if (normal.length !== 1) return 'not_single';
  if (others.some((other) => normalizeKey(other) === normal)) return 'duplicate';
  return null;
}

/**
 * Problems of a key map, one per faulty category: every key must be one character, not the undo
 * or commit key, and no two categories may share a key (one press must count one thing).
 */
export function validateKeyMap(keys: CounterKeyMap): KeyMapProblem[] {
  return keys.flatMap(({ category, key }, index) => {
    const others = keys.filter((_, other) => other !== index).map((binding) => binding.key);
    const problem = problemOf(key, others);
    return problem === null ? [] : [{ category, problem }];
  });
}

/** The map with one category's key changed. */
export const withKey = (keys: CounterKeyMap, category: CounterCategory, key: string) =>
  keys.map((binding) => (binding.category === category ? { category, key } : binding));

/** The part of `Storage` the key maps use (a fake in tests). */
export type KeyStorage = Pick<Storage, 'getItem' | 'setItem'>;

const storageKey = (module: CountedModule) => `sarm.benchCounter.keys.${module}`;

/** The stored key map of a module when it is whole and valid; the defaults otherwise. */
export function loadKeyMap(module: CountedModule, storage: KeyStorage | null): CounterKeyMap {
  const defaults = defaultKeyMap(module);
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(storage?.getItem(storageKey(module)) ?? 'null');
  } catch {
    return defaults;
  }
  if (typeof parsed !== 'object' || parsed === null) return defaults;
  const stored = categoriesOf(module).map((category) => {
    const key: unknown = Object.getOwnPropertyDescriptor(parsed, category)?.value;
    return { category, key: typeof key === 'string' ? key : '' };
  });
  return validateKeyMap(stored).length === 0 ? stored : defaults;
}

/**
 * Saves a module's keys in this browser's localStorage. The keys are a preference of the bench
 * computer and its keyboard, not of the user or the laboratory, so they are not sent to the server.
 * Storage may be unavailable (private mode, quota): the keys then last for the page only.
 */
export function saveKeyMap(
  module: CountedModule,
  keys: CounterKeyMap,
  storage: KeyStorage | null,
): void {
  const stored = Object.fromEntries(keys.map(({ category, key }) => [category, key]));
  try {
    storage?.setItem(storageKey(module), JSON.stringify(stored));
  } catch {
    // Nothing to do: the keys stay in use for this page.
  }
}

/** localStorage when the browser allows it (reading it may throw where storage is disabled). */
export function browserKeyStorage(): KeyStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
