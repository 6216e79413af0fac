import {
  SystemSettingsSchema,
  type SystemSettings,
  type UpdateSystemSettingsRequest,
} from '@sarm/contracts';
import { apiClient } from './apiClient';

export const SYSTEM_SETTINGS_KEY = ['admin', 'settings'] as const;

export function fetchSystemSettings(): Promise<SystemSettings> {
  return apiClient.requestParsed('/admin/settings', SystemSettingsSchema);
}

export function saveSystemSettings(changes: UpdateSystemSettingsRequest): Promise<SystemSettings> {
  return apiClient.requestParsed('/admin/settings', SystemSettingsSchema, {
    method: 'PUT',
    body: changes,
  });
}
