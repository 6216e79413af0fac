import { SYSTEM_ADMIN_ROLE, hasAnyPermission, type CurrentUser } from '@sarm/contracts';
import { hasWorkflowAccess, type Workflow } from './workflow';

/** What a route needs beyond being signed in. */
export type RouteRequirement =
  | { readonly kind: 'signedIn' }
  /** Any of the permissions (legacy short names or codes); `orRole` lets a role code stand in. */
  | { readonly kind: 'permission'; readonly anyOf: readonly string[]; readonly orRole?: string }
  | { readonly kind: 'workflow'; readonly workflow: Workflow };

export interface GuardState {
  readonly hasToken: boolean;
  readonly user: CurrentUser | null;
  /** The server refused the session because the account is inactive. */
  readonly accountInactive: boolean;
}

export type GuardDecision =
  | { readonly kind: 'allow' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'redirect'; readonly to: '/login' | '/account-inactive' | '/unauthorized' };

/** The route guard table of spec 3 §2, in its order: sign-in, user data, active account, access. */
export function decideGuard(state: GuardState, requirement: RouteRequirement): GuardDecision {
  if (!state.hasToken) return { kind: 'redirect', to: '/login' };
  if (state.accountInactive) return { kind: 'redirect', to: '/account-inactive' };
  const { user } = state;
  if (user === null) return { kind: 'loading' };
  if (!user.isActive) return { kind: 'redirect', to: '/account-inactive' };
  return meetsRequirement(user, requirement)
    ? { kind: 'allow' }
    : { kind: 'redirect', to: '/unauthorized' };
}

export function meetsRequirement(user: CurrentUser, requirement: RouteRequirement): boolean {
  switch (requirement.kind) {
    case 'signedIn':
      return true;
    case 'permission': {
      const held = user.permissions.map((p) => p.code);
      const { orRole } = requirement;
      return (
        hasAnyPermission(held, requirement.anyOf) ||
        (orRole !== undefined && user.roles.some((role) => role.code === orRole))
      );
    }
    case 'workflow':
      return hasWorkflowAccess(user.access, requirement.workflow);
  }
}

/** Administration routes and what they need (spec 3 §2 route guard table). */
export const ADMIN_ROUTE_REQUIREMENTS = {
  users: { kind: 'permission', anyOf: ['manage_users'], orRole: SYSTEM_ADMIN_ROLE },
  roles: { kind: 'permission', anyOf: ['manage_roles'] },
  permissions: { kind: 'permission', anyOf: ['manage_roles'] },
  projects: { kind: 'permission', anyOf: ['manage_projects'] },
  logs: { kind: 'permission', anyOf: ['view_system_logs'] },
  settings: { kind: 'permission', anyOf: ['manage_system_settings'] },
} as const satisfies Record<string, RouteRequirement>;

export type AdminSection = keyof typeof ADMIN_ROUTE_REQUIREMENTS;
