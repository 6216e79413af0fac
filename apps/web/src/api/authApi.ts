import type {
  CurrentUser,
  LoginResponse,
  UpdateProfileRequest,
  UpdateUserSettingsRequest,
  UserSettings,
} from '@sarm/contracts';
import { apiClient } from './apiClient';
import { loadAuthSchemas } from './authSchemasLoader';

// The schemas load on demand: this module is on the sign-in page's start-up path (issue 32).
const currentUserSchema = () => loadAuthSchemas().then((s) => s.CurrentUserSchema);
const loginResponseSchema = () => loadAuthSchemas().then((s) => s.LoginResponseSchema);
const userSettingsSchema = () => loadAuthSchemas().then((s) => s.UserSettingsSchema);

export interface RegisterInput {
  readonly displayName: string;
  readonly email: string;
  readonly password: string;
}

export function loginUser(email: string, password: string): Promise<LoginResponse> {
  return apiClient.requestLazyParsed('/sarm/auth/login-user', loginResponseSchema, {
    method: 'POST',
    body: { email, password },
    skipAuthRedirect: true,
  });
}

export async function registerUser(input: RegisterInput): Promise<void> {
  await apiClient.request('/sarm/auth/register-user', { method: 'POST', body: input });
}

export function fetchCurrentUser(): Promise<CurrentUser> {
  return apiClient.requestLazyParsed('/sarm/auth/get-me', currentUserSchema);
}

export async function logoutUser(): Promise<void> {
  // Ending a session that already expired must not bounce the user to the "expired" banner.
  await apiClient.request('/sarm/auth/logout', { method: 'POST', skipAuthRedirect: true });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await apiClient.request('/sarm/auth/forgot-password', { method: 'POST', body: { email } });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await apiClient.request('/sarm/auth/reset-password', {
    method: 'POST',
    body: { token, password },
    skipAuthRedirect: true,
  });
}

/** Saves profile fields and answers the updated user. */
export function updateProfile(changes: UpdateProfileRequest): Promise<CurrentUser> {
  return apiClient.requestLazyParsed('/sarm/auth/profile', currentUserSchema, {
    method: 'PUT',
    body: changes,
  });
}

/** Changes the own password; the server checks the current one (400 when it is wrong). */
export async function changePassword(change: {
  readonly oldPassword: string;
  readonly newPassword: string;
}): Promise<void> {
  await apiClient.request('/sarm/auth/change-password', { method: 'PUT', body: change });
}

export function fetchUserSettings(): Promise<UserSettings> {
  return apiClient.requestLazyParsed('/sarm/auth/settings', userSettingsSchema);
}

/** Saves any subset of the personal settings and answers all of them. */
export function saveUserSettings(settings: UpdateUserSettingsRequest): Promise<UserSettings> {
  return apiClient.requestLazyParsed('/sarm/auth/settings', userSettingsSchema, {
    method: 'PUT',
    body: settings,
  });
}
