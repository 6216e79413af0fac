import { PERMISSION_MODULES, PERMISSIONS, type Permission } from '@sarm/contracts';
import { badRequest } from '../http/errors.js';

const GRANTABLE = new Set<string>([
  ...PERMISSIONS.map((p) => p.code),
  ...PERMISSION_MODULES.map((module) => `${module}.*`),
]);

/** The catalogue as the API presents it: each permission's id is its code. */
export const catalogue = (): Permission[] => PERMISSIONS.map((p) => ({ id: p.code, ...p }));

/** Refuses codes outside the catalogue (module wildcards such as `sarm.*` are allowed); answers them de-duplicated. */
export function assertGrantable(codes: readonly string[]): string[] {
  const unknown = codes.find((code) => !GRANTABLE.has(code));
  if (unknown !== undefined) throw badRequest(`Unknown permission: ${unknown}`);
  return [...new Set(codes)].sort();
}
