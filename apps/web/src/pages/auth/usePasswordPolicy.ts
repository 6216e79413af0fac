import { useQuery } from '@tanstack/react-query';
import { PUBLIC_SETTINGS_QUERY_KEY, fetchPublicSettings } from '../../api/publicSettingsApi';
import { MIN_PASSWORD_LENGTH } from './validation';

export interface PasswordPolicy {
  /** The spec's 6, raised to the administrator's minimum when that is higher (the server enforces it). */
  readonly minLength: number;
  readonly allowRegistration: boolean;
}

export function usePasswordPolicy(): PasswordPolicy {
  const { data } = useQuery({
    queryKey: PUBLIC_SETTINGS_QUERY_KEY,
    queryFn: fetchPublicSettings,
    staleTime: 300_000,
  });
  return {
    minLength: Math.max(MIN_PASSWORD_LENGTH, data?.passwordMinLength ?? 0),
    // Until the answer arrives the form stays usable; the server refuses when registration is closed.
    allowRegistration: data?.allowRegistration ?? true,
  };
}
