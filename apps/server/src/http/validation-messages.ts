import { z } from 'zod';

/** `displayName` → `Display name`. */
export function humaniseField(key: PropertyKey | undefined): string {
  if (typeof key !== 'string' || key === '') return 'Value';
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Server-wide zod messages for missing values ("Email is required", as the screens word them).
 * Messages given in a schema still win; everything else keeps zod's default text.
 */
export function installValidationMessages(): void {
  z.config({
    customError: (issue) => {
      const missing =
        (issue.code === 'invalid_type' && issue.input === undefined) ||
        (issue.code === 'too_small' && issue.origin === 'string' && issue.input === '');
      if (!missing) return undefined;
      const path = issue.path ?? [];
      if (path.length === 0) return 'Request body is required';
      return `${humaniseField(path.at(-1))} is required`;
    },
  });
}
