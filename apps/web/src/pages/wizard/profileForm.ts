import type { CurrentUser, UpdateProfileRequest } from '@sarm/contracts';

/** Profile form of spec 3 §3. */
export interface ProfileForm {
  readonly displayName: string;
  readonly phoneNumber: string;
  readonly jobTitle: string;
  readonly department: string;
  readonly organization: string;
}

export const PROFILE_WIZARD_STEPS = [
  'wizard.stepBasic',
  'wizard.stepProfessional',
  'wizard.stepConfirmation',
] as const;

export function profileFormFrom(user: CurrentUser | null): ProfileForm {
  return {
    displayName: user?.displayName ?? '',
    phoneNumber: user?.profile.phoneNumber ?? '',
    jobTitle: user?.profile.jobTitle ?? '',
    department: user?.profile.department ?? '',
    organization: user?.profile.organization ?? '',
  };
}

function optional(value: string): string | null {
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : null;
}

/**
 * The request that completes the profile. Empty optional fields are sent as null; an empty name is
 * left out so the current display name stays (the wizard marks fields required but does not enforce).
 */
export function completeProfileRequest(form: ProfileForm): UpdateProfileRequest {
  const displayName = form.displayName.trim();
  return {
    ...(displayName.length > 0 ? { displayName } : {}),
    phoneNumber: optional(form.phoneNumber),
    jobTitle: optional(form.jobTitle),
    department: optional(form.department),
    organization: optional(form.organization),
    profileCompleted: true,
  };
}
