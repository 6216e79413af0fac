import { createContext, useContext } from 'react';
import type { CurrentUser, LoginResponse } from '@sarm/contracts';
import type { RegisterInput } from '../api/authApi';

export interface AuthContextValue {
  /** Bearer token of the session, or null when signed out. */
  readonly token: string | null;
  /** The signed-in user once known (from the server or the fresh local cache). */
  readonly user: CurrentUser | null;
  /** Why the user could not be loaded, when it could not. */
  readonly userError: Error | null;
  /** Held permission codes, ready for `hasPermission`. */
  readonly permissionCodes: readonly string[];
  /** Checks the credentials with the server; does not start the session yet. */
  readonly authenticate: (email: string, password: string) => Promise<LoginResponse>;
  /**
   * Stores the session and where the signed-out routes should send the user now. The signed-out
   * routes do the navigation, so the login page and the "signed in already" redirect never race.
   */
  readonly startSession: (answer: LoginResponse, landingPath: string) => void;
  /** Where the user goes right after signing in; null once a signed-in screen has opened. */
  readonly landingPath: string | null;
  readonly clearLandingPath: () => void;
  readonly register: (input: RegisterInput) => Promise<void>;
  /** Ends the session on the server (best effort) and locally. */
  readonly logout: () => Promise<void>;
  /** Forgets the local session without calling the server (e.g. an inactive account). */
  readonly forgetSession: () => void;
  readonly refreshUser: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
