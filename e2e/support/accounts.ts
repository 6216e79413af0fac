/** The first administrator the server creates from ADMIN_EMAIL / ADMIN_PASSWORD at start-up. */
export const ADMIN_EMAIL = 'admin@sarm.test';
export const ADMIN_PASSWORD = 'e2e-Admin-Passw0rd';

let counter = 0;

/** A unique e-mail per call, so tests never collide on registration. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@sarm.test`;
}
