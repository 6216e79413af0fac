import { useAuth } from '../../../auth/authContext';
import { meetsRequirement } from '../../../routing/guardDecision';

/** True when the signed-in user holds any of the permissions (codes or legacy short names). */
export function useCan(anyOf: readonly string[], orRole?: string): boolean {
  const { user } = useAuth();
  return user !== null && meetsRequirement(user, { kind: 'permission', anyOf, orRole });
}
