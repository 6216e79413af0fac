import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginResponse } from '@sarm/contracts';
import {
  fetchCurrentUser,
  loginUser,
  logoutUser,
  registerUser,
  type RegisterInput,
} from '../api/authApi';
import { loadedAuthSchemas } from '../api/authSchemasLoader';
import {
  STORAGE_KEYS,
  clearSession,
  readCachedUser,
  readToken,
  saveCachedUser,
  saveRefreshToken,
  saveToken,
} from '../api/session';
import { useColorMode } from '../theme/colorModeContext';
import { AuthContext, type AuthContextValue } from './authContext';
import { savedLanguage } from './savedLanguage';
import { signInPreferences } from './signInPreferences';
import { useSessionKeepAlive } from './useSessionKeepAlive';

export const ME_QUERY_KEY = ['auth', 'me'] as const;

/** The server copy of the user is refreshed when older than this, even with a fresh local cache. */
const USER_STALE_MS = 60_000;

async function loadCurrentUser(): Promise<CurrentUser> {
  const user = await fetchCurrentUser();
  saveCachedUser(window.localStorage, user, Date.now());
  savedLanguage.apply(user.settings.language);
  return user;
}

/** The user cached in this browser, trusted once the schemas are loaded (main.tsx, with a token). */
function readStartupCachedUser() {
  return readCachedUser(
    window.localStorage,
    Date.now(),
    loadedAuthSchemas()?.CurrentUserSchema ?? null,
  );
}

export function AuthProvider({ children }: { readonly children: ReactNode }) {
  const queryClient = useQueryClient();
  const { setMode } = useColorMode();
  const [token, setToken] = useState(() => readToken(window.localStorage));
  const [landingPath, setLandingPath] = useState<string | null>(null);

  const meQuery = useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: loadCurrentUser,
    enabled: token !== null,
    staleTime: USER_STALE_MS,
    // The cached copy lets guarded pages render at once after a reload; it is refetched when stale.
    initialData: () => readStartupCachedUser()?.user,
    initialDataUpdatedAt: () => readStartupCachedUser()?.savedAtMs,
  });

  const replaceToken = useCallback((next: string, nextRefreshToken: string) => {
    saveToken(window.localStorage, next);
    saveRefreshToken(window.localStorage, nextRefreshToken);
    setToken(next);
  }, []);
  useSessionKeepAlive(token, replaceToken);

  // Tabs share one session: follow a renewal or a sign-out made in another tab.
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.token) return;
      if (event.newValue !== null) {
        setToken(event.newValue);
        // It may be another account signed in there: read who this is again.
        void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      } else {
        setToken(null);
        setLandingPath(null);
        queryClient.clear();
      }
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, [queryClient]);

  const forgetSession = useCallback(() => {
    clearSession(window.localStorage);
    setToken(null);
    setLandingPath(null);
    queryClient.clear();
  }, [queryClient]);

  const authenticate = useCallback(
    (email: string, password: string) => loginUser(email, password),
    [],
  );

  const startSession = useCallback(
    (answer: LoginResponse, nextPath: string) => {
      saveToken(window.localStorage, answer.access_token);
      saveRefreshToken(window.localStorage, answer.refresh_token);
      saveCachedUser(window.localStorage, answer.user, Date.now());
      // Saved settings follow the user to any browser: a sign-in applies the server's theme,
      // language and default project.
      savedLanguage.apply(answer.user.settings.language, true);
      const preferences = signInPreferences(answer.user);
      setMode(preferences.colorMode);
      if (preferences.currentProjectId !== null)
        window.localStorage.setItem(STORAGE_KEYS.currentProjectId, preferences.currentProjectId);
      queryClient.setQueryData(ME_QUERY_KEY, answer.user);
      setLandingPath(nextPath);
      setToken(answer.access_token);
    },
    [queryClient, setMode],
  );

  const register = useCallback(async (input: RegisterInput) => {
    await registerUser(input);
  }, []);

  const logout = useCallback(async () => {
    try {
      await logoutUser();
    } catch {
      // The local session ends regardless; a server that cannot be reached must not trap the user.
    }
    forgetSession();
  }, [forgetSession]);

  const clearLandingPath = useCallback(() => setLandingPath(null), []);

  const refreshUser = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }, [queryClient]);

  const user = token === null ? null : (meQuery.data ?? null);
  const value = useMemo<AuthContextValue>(
    () => ({
      token,
      user,
      userError: token === null ? null : meQuery.error,
      permissionCodes: user === null ? [] : user.permissions.map((p) => p.code),
      authenticate,
      startSession,
      landingPath,
      clearLandingPath,
      register,
      logout,
      forgetSession,
      refreshUser,
    }),
    [
      token,
      user,
      meQuery.error,
      authenticate,
      startSession,
      landingPath,
      clearLandingPath,
      register,
      logout,
      forgetSession,
      refreshUser,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
