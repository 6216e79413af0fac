import { describe, expect, it } from 'vitest';
import { makeUser, permissions } from '../testing/makeUser';
import {
  ADMIN_ROUTE_REQUIREMENTS,
  decideGuard,
  type GuardState,
  type RouteRequirement,
} from './guardDecision';

const signedIn: RouteRequirement = { kind: 'signedIn' };
const state = (overrides: Partial<GuardState>): GuardState => ({
  hasToken: true,
  user: makeUser(),
  accountInactive: false,
  ...overrides,
});

describe('decideGuard', () => {
  it('sends visitors without a token to the login page', () => {
    expect(decideGuard(state({ hasToken: false, user: null }), signedIn)).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('waits for the user while only the token is known', () => {
    expect(decideGuard(state({ user: null }), signedIn)).toEqual({ kind: 'loading' });
  });

  it('sends inactive accounts to /account-inactive, also when the server refused the session', () => {
    expect(decideGuard(state({ user: makeUser({ isActive: false }) }), signedIn)).toEqual({
      kind: 'redirect',
      to: '/account-inactive',
    });
    expect(decideGuard(state({ user: null, accountInactive: true }), signedIn)).toEqual({
      kind: 'redirect',
      to: '/account-inactive',
    });
  });

  it('checks the active flag before permissions', () => {
    const user = makeUser({ isActive: false, permissions: permissions('system.*') });
    expect(decideGuard(state({ user }), ADMIN_ROUTE_REQUIREMENTS.users)).toEqual({
      kind: 'redirect',
      to: '/account-inactive',
    });
  });

  it('lets a holder of system.manage_users open /admin/users and refuses a user without it', () => {
    const admin = makeUser({ permissions: permissions('system.manage_users') });
    expect(decideGuard(state({ user: admin }), ADMIN_ROUTE_REQUIREMENTS.users)).toEqual({
      kind: 'allow',
    });
    expect(decideGuard(state({ user: makeUser() }), ADMIN_ROUTE_REQUIREMENTS.users)).toEqual({
      kind: 'redirect',
      to: '/unauthorized',
    });
  });

  it('accepts the system_admin role for user management only', () => {
    const roleOnly = makeUser({
      roles: [{ id: 'r1', code: 'system_admin', name: 'System Administrator', isSystem: true }],
    });
    expect(decideGuard(state({ user: roleOnly }), ADMIN_ROUTE_REQUIREMENTS.users)).toEqual({
      kind: 'allow',
    });
    expect(decideGuard(state({ user: roleOnly }), ADMIN_ROUTE_REQUIREMENTS.logs)).toEqual({
      kind: 'redirect',
      to: '/unauthorized',
    });
  });

  it('maps each admin section to its legacy permission', () => {
    const user = makeUser({ permissions: permissions('system.manage_roles', 'system.view_logs') });
    const sections = ['users', 'roles', 'permissions', 'projects', 'logs', 'settings'] as const;
    const allowed = sections.filter(
      (section) => decideGuard(state({ user }), ADMIN_ROUTE_REQUIREMENTS[section]).kind === 'allow',
    );
    expect(allowed).toEqual(['roles', 'permissions', 'logs']);
  });

  it('guards workflows by the server-computed access', () => {
    const business = makeUser({ access: { business: true, technical: false, admin: false } });
    expect(
      decideGuard(state({ user: business }), { kind: 'workflow', workflow: 'business' }),
    ).toEqual({ kind: 'allow' });
    expect(
      decideGuard(state({ user: business }), { kind: 'workflow', workflow: 'technical' }),
    ).toEqual({ kind: 'redirect', to: '/unauthorized' });
  });
});
