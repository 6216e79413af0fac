import { useAuth } from '../auth/authContext';
import { ApiRequestError } from '../api/client';
import type { GuardState } from './guardDecision';

/** The parts of the session the route guards decide on. */
export function useGuardState(): GuardState {
  const { token, user, userError } = useAuth();
  return {
    hasToken: token !== null,
    user,
    accountInactive: userError instanceof ApiRequestError && userError.code === 'ACCOUNT_INACTIVE',
  };
}
