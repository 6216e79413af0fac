/** Reading untrusted JSON field by field, with errors that name the file and the field. */

type JsonObject = Readonly<Record<string, unknown>>;

/** A check of one value and how to describe what it must be. */
export interface Expectation<T> {
  readonly test: (value: unknown) => value is T;
  readonly description: string;
}

const expect = <T>(description: string, test: (value: unknown) => value is T): Expectation<T> => ({
  test,
  description,
});

export const aString = expect('a string', (v): v is string => typeof v === 'string');
export const aNumber = expect(
  'a number',
  (v): v is number => typeof v === 'number' && Number.isFinite(v),
);
export const aPositiveInteger = expect(
  'a positive integer',
  (v): v is number => Number.isInteger(v) && typeof v === 'number' && v > 0,
);
export const aStringList = expect(
  'a list of strings',
  (v): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string'),
);

/** The expectation or null. */
export function orNull<T>(e: Expectation<T>): Expectation<T | null> {
  return expect(`${e.description} or null`, (v): v is T | null => v === null || e.test(v));
}

/** One of the given values. */
export function oneOf<const T extends readonly (string | number)[]>(
  values: T,
): Expectation<T[number]> {
  return expect(values.map((v) => JSON.stringify(v)).join(' or '), (v): v is T[number] =>
    values.some((allowed) => allowed === v),
  );
}

/** Reads the fields of one JSON object; errors read "Invalid <file>: <path> must be <what>". */
export class JsonReader {
  private readonly object: JsonObject;

  constructor(
    value: unknown,
    private readonly file: string,
    private readonly path = '',
  ) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new Error(`Invalid ${file}: ${path === '' ? 'the content' : path} must be an object`);
    }
    this.object = value as JsonObject;
  }

  /** The field's value when it meets the expectation; throws otherwise. */
  field<T>(key: string, expectation: Expectation<T>): T {
    const value = this.object[key];
    if (!expectation.test(value)) {
      throw new Error(`Invalid ${this.file}: ${this.at(key)} must be ${expectation.description}`);
    }
    return value;
  }

  /** A reader of a nested object. */
  child(key: string): JsonReader {
    return new JsonReader(this.object[key], this.file, this.at(key));
  }

  /** The field's value, unchecked. */
  value(key: string): unknown {
    return this.object[key];
  }

  /** The object itself, unchecked. */
  raw(): JsonObject {
    return this.object;
  }

  private at(key: string): string {
    return this.path === '' ? key : `${this.path}.${key}`;
  }
}
