import {
  DEFAULT_SYSTEM_SETTINGS,
  SystemSettingsSchema,
  type PublicSettings,
  type SystemSettings,
  type UpdateSystemSettingsRequest,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import type { SystemSettingsRepository } from '../repositories/system-settings.repository.js';

const SECTIONS = [
  'general',
  'security',
  'storage',
  'notifications',
  'setup',
] as const satisfies readonly (keyof SystemSettings)[];
const BYTES_PER_MEGABYTE = 1024 * 1024;

/** System settings: defaults from the specification, overridden by what administrators saved. */
export function createSystemSettingsService(deps: {
  repository: SystemSettingsRepository;
  clock: Clock;
}) {
  /** Stored values merged over the defaults; a section that no longer validates falls back to its defaults. */
  async function get(): Promise<SystemSettings> {
    const stored = await deps.repository.readAll();
    const merged = {
      general: { ...DEFAULT_SYSTEM_SETTINGS.general, ...stored.get('general') },
      security: { ...DEFAULT_SYSTEM_SETTINGS.security, ...stored.get('security') },
      storage: { ...DEFAULT_SYSTEM_SETTINGS.storage, ...stored.get('storage') },
      notifications: { ...DEFAULT_SYSTEM_SETTINGS.notifications, ...stored.get('notifications') },
      setup: { ...DEFAULT_SYSTEM_SETTINGS.setup, ...stored.get('setup') },
    };
    const parsed = SystemSettingsSchema.safeParse(merged);
    if (parsed.success) return parsed.data;
    const sectionwise = { ...DEFAULT_SYSTEM_SETTINGS };
    for (const section of SECTIONS) {
      const one = SystemSettingsSchema.shape[section].safeParse(merged[section]);
      if (one.success) Object.assign(sectionwise, { [section]: one.data });
    }
    return sectionwise;
  }

  /** Saves the given sections (each merged over its current values) and answers the new settings. */
  async function update(
    changes: UpdateSystemSettingsRequest,
    updatedBy: string | null,
  ): Promise<SystemSettings> {
    const current = await get();
    const next = SystemSettingsSchema.parse({
      general: { ...current.general, ...changes.general },
      security: { ...current.security, ...changes.security },
      storage: { ...current.storage, ...changes.storage },
      notifications: { ...current.notifications, ...changes.notifications },
      setup: { ...current.setup, ...changes.setup },
    });
    const now = deps.clock.now();
    for (const section of SECTIONS) {
      if (changes[section] !== undefined)
        await deps.repository.write(section, { ...next[section] }, updatedBy, now);
    }
    return next;
  }

  async function getPublic(): Promise<PublicSettings> {
    const settings = await get();
    return {
      allowRegistration: settings.security.allowRegistration,
      passwordMinLength: settings.security.passwordMinLength,
      siteName: settings.general.siteName,
    };
  }

  async function maxUploadBytes(): Promise<number> {
    return (await get()).general.maxUploadSize * BYTES_PER_MEGABYTE;
  }

  return { get, update, getPublic, maxUploadBytes };
}
export type SystemSettingsService = ReturnType<typeof createSystemSettingsService>;
