import type {
  CurrentUser,
  UpdateProfileRequest,
  UpdateUserSettingsRequest,
  UserSettings,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import { DEFAULT_USER_SETTINGS } from '../db/schema/index.js';
import type { UsersRepository } from '../repositories/users.repository.js';
import { buildAuthContext, type AuthContext } from './access.js';
import type { AuditService, RequestOrigin } from './audit.service.js';
import type { CurrentUserService } from './current-user.service.js';

/** A profile field left empty is stored as "not given". */
const emptyToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

/** The signed-in user's own profile and personal settings. */
export function createProfileService(deps: {
  users: UsersRepository;
  currentUser: CurrentUserService;
  audit: AuditService;
  clock: Clock;
}) {
  async function updateProfile(
    auth: AuthContext,
    changes: UpdateProfileRequest,
    origin: RequestOrigin,
  ): Promise<CurrentUser> {
    const updated = await deps.users.updateProfile(
      auth.user.id,
      {
        displayName: changes.displayName,
        phoneNumber: emptyToNull(changes.phoneNumber),
        jobTitle: emptyToNull(changes.jobTitle),
        department: emptyToNull(changes.department),
        organization: emptyToNull(changes.organization),
        profileCompleted: changes.profileCompleted,
      },
      deps.clock.now(),
    );
    const user = updated ?? auth.user;
    await deps.audit.record({
      type: 'user',
      severity: 'info',
      message: 'Profile updated',
      actor: { id: user.id, displayName: user.displayName, email: user.email },
      resource: { id: user.id, type: 'user' },
      origin,
    });
    return deps.currentUser.present(buildAuthContext(user, auth.roles));
  }

  function getSettings(auth: AuthContext): UserSettings {
    return { ...DEFAULT_USER_SETTINGS, ...auth.user.settings };
  }

  async function updateSettings(
    auth: AuthContext,
    changes: UpdateUserSettingsRequest,
  ): Promise<UserSettings> {
    const next: UserSettings = { ...getSettings(auth), ...changes };
    const updated = await deps.users.updateSettings(auth.user.id, next, deps.clock.now());
    return updated?.settings ?? next;
  }

  return { updateProfile, getSettings, updateSettings };
}
export type ProfileService = ReturnType<typeof createProfileService>;
