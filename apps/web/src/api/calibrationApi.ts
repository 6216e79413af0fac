import {
  CalibrationProfileListResponseSchema,
  CalibrationProfileSchema,
  OkResponseSchema,
  type CalibrationProfile,
  type CalibrationProfileInput,
} from '@sarm/contracts';
import { apiClient } from './apiClient';

export const calibrationKeys = { profiles: ['sarm', 'calibration-profiles'] as const };

export async function fetchCalibrationProfiles(): Promise<CalibrationProfile[]> {
  return (
    await apiClient.requestParsed(
      '/sarm/calibration-profiles',
      CalibrationProfileListResponseSchema,
    )
  ).profiles;
}

/** Creates a profile (`id` null) or replaces one. */
export const saveCalibrationProfile = (id: string | null, body: CalibrationProfileInput) =>
  apiClient.requestParsed(
    id === null
      ? '/sarm/calibration-profiles'
      : `/sarm/calibration-profiles/${encodeURIComponent(id)}`,
    CalibrationProfileSchema,
    { method: id === null ? 'POST' : 'PUT', body },
  );

export const deleteCalibrationProfile = (id: string) =>
  apiClient.requestParsed(
    `/sarm/calibration-profiles/${encodeURIComponent(id)}`,
    OkResponseSchema,
    { method: 'DELETE' },
  );
