/** Renew this long before the access token runs out, so a slow request still carries a valid token. */
export const REFRESH_MARGIN_MS = 60_000;
/** Never schedule renewals closer together than this. */
export const MIN_REFRESH_DELAY_MS = 5_000;

function decodeBase64Url(part: string): string | null {
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    return atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  } catch {
    return null;
  }
}

/** The `exp` claim of a JWT in milliseconds, or null for anything that is not a readable JWT. */
export function tokenExpiryMs(token: string): number | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  const json = decodeBase64Url(payload);
  if (json === null) return null;
  try {
    const claims: unknown = JSON.parse(json);
    if (
      typeof claims !== 'object' ||
      claims === null ||
      !('exp' in claims) ||
      typeof claims.exp !== 'number'
    )
      return null;
    return claims.exp * 1000;
  } catch {
    return null;
  }
}

/** Milliseconds until the token should be renewed; null when its lifetime is unknown. */
export function refreshDelayMs(token: string, nowMs: number): number | null {
  const expiry = tokenExpiryMs(token);
  if (expiry === null) return null;
  return Math.max(MIN_REFRESH_DELAY_MS, expiry - REFRESH_MARGIN_MS - nowMs);
}

/**
 * The server's session is sliding: a token is renewed only when the user did something since the
 * last renewal, so an idle browser still times out after the configured session length.
 */
export function shouldRenew(lastActivityMs: number, lastRenewalMs: number): boolean {
  return lastActivityMs > lastRenewalMs;
}

/**
 * What a tab does when its renewal is due. Tabs share one session in local storage and a refresh
 * token works once (reusing it ends the session), so a tab whose token was already renewed by
 * another tab adopts the stored pair instead of refreshing again.
 */
export function renewalStep(
  tabToken: string,
  stored: { readonly token: string | null; readonly refreshToken: string | null },
): 'refresh' | 'adopt' | 'none' {
  if (stored.token === null || stored.refreshToken === null) return 'none';
  return stored.token === tabToken ? 'refresh' : 'adopt';
}
