import { PublicSettingsSchema, type PublicSettings } from '@sarm/contracts';
import { apiClient } from './apiClient';

export const PUBLIC_SETTINGS_QUERY_KEY = ['settings', 'public'] as const;

/** Registration switch, password minimum and site name, readable without a session. */
export function fetchPublicSettings(): Promise<PublicSettings> {
  return apiClient.requestParsed('/settings/public', PublicSettingsSchema);
}
