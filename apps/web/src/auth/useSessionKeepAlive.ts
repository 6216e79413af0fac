import { useEffect, useRef } from 'react';
import { apiClient } from '../api/apiClient';
import { loadAuthSchemas } from '../api/authSchemasLoader';
import { readRefreshToken, readToken } from '../api/session';
import { refreshDelayMs, renewalStep, shouldRenew } from './tokenExpiry';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Keeps an active user's session alive: shortly before the token expires the refresh token is
 * exchanged for a fresh pair, provided the user clicked or typed since the last exchange.
 */
export function useSessionKeepAlive(
  token: string | null,
  onRenewed: (token: string, refreshToken: string) => void,
): void {
  const lastActivity = useRef(0);
  const lastRenewal = useRef(Date.now());

  useEffect(() => {
    const markActive = () => {
      lastActivity.current = Date.now();
    };
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, markActive, { passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, markActive);
    };
  }, []);

  useEffect(() => {
    if (token === null) return undefined;
    const delay = refreshDelayMs(token, Date.now());
    if (delay === null) return undefined;
    const timer = setTimeout(() => {
      if (!shouldRenew(lastActivity.current, lastRenewal.current)) return;
      const stored = {
        token: readToken(window.localStorage),
        refreshToken: readRefreshToken(window.localStorage),
      };
      const step = renewalStep(token, stored);
      if (step === 'none' || stored.token === null || stored.refreshToken === null) return;
      if (step === 'adopt') {
        onRenewed(stored.token, stored.refreshToken);
        return;
      }
      const refreshToken = stored.refreshToken;
      apiClient
        .requestLazyParsed(
          '/sarm/auth/refresh-token',
          () => loadAuthSchemas().then((schemas) => schemas.RefreshSessionResponseSchema),
          {
            method: 'POST',
            body: { refresh_token: refreshToken },
          },
        )
        .then((answer) => {
          lastRenewal.current = Date.now();
          onRenewed(answer.access_token, answer.refresh_token);
        })
        .catch(() => {
          // A refused renewal ends the session through the client's 401 handling; nothing else to do.
        });
    }, delay);
    return () => clearTimeout(timer);
  }, [token, onRenewed]);
}
