/** Anything with zod's `safeParse`; keeps the client and the session free of a direct zod dependency. */
export interface ResponseSchema<T> {
  readonly safeParse: (
    input: unknown,
  ) => { success: true; data: T } | { success: false; error: unknown };
}
