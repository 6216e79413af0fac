import type * as AuthSchemasModule from './authSchemas';

/** The schemas of ./authSchemas, fetched as their own chunk (with zod) on first use. */
export type AuthSchemas = typeof AuthSchemasModule;

let loading: Promise<AuthSchemas> | null = null;
let loaded: AuthSchemas | null = null;

/** Loads the start-up schemas once; a failed load is retried by the next call. */
export function loadAuthSchemas(): Promise<AuthSchemas> {
  loading ??= import('./authSchemas').then(
    (schemas) => {
      loaded = schemas;
      return schemas;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The schemas when `loadAuthSchemas()` has finished, else null (for synchronous start-up code). */
export function loadedAuthSchemas(): AuthSchemas | null {
  return loaded;
}
