import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/authContext';
import { decideGuard, type RouteRequirement } from './guardDecision';
import { LoadingUser } from './LoadingUser';
import { useGuardState } from './useGuardState';

/** Renders the nested routes when the requirement is met, otherwise follows the guard table. */
export function RouteGuard({ requirement }: { readonly requirement: RouteRequirement }) {
  const location = useLocation();
  const decision = decideGuard(useGuardState(), requirement);
  switch (decision.kind) {
    case 'allow':
      return <Outlet />;
    case 'loading':
      return <LoadingUser />;
    case 'redirect':
      // The login page sends the user back to where they were going.
      return (
        <Navigate
          to={decision.to}
          replace
          state={decision.to === '/login' ? { from: location } : undefined}
        />
      );
  }
}

/**
 * Login, register and forgot-password are for signed-out visitors only (spec 3 §2). Right after a
 * sign-in this is also what moves the user on, to the page the login screen chose.
 */
export function PublicOnlyRoute() {
  const { hasToken, user } = useGuardState();
  const { landingPath } = useAuth();
  return hasToken && user !== null ? (
    <Navigate to={landingPath ?? '/dashboard'} replace />
  ) : (
    <Outlet />
  );
}
