/** Router state is `unknown` at runtime; these read the few fields the auth screens pass around. */

function field(state: unknown, name: string): unknown {
  if (typeof state !== 'object' || state === null) return undefined;
  const value: unknown = Reflect.get(state, name);
  return value;
}

/** Where a guard was sending the user before it asked them to sign in. */
export function readReturnPath(state: unknown): string | null {
  const from = field(state, 'from');
  const pathname = field(from, 'pathname');
  if (typeof pathname !== 'string' || pathname === '/login') return null;
  const search = field(from, 'search');
  return typeof search === 'string' ? `${pathname}${search}` : pathname;
}

export type LoginNotice = 'registered' | 'passwordReset';

export function readLoginNotice(state: unknown): LoginNotice | null {
  const notice = field(state, 'notice');
  return notice === 'registered' || notice === 'passwordReset' ? notice : null;
}
