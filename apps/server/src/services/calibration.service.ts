import {
  CALIBRATION_PROFILE_NAME_TAKEN,
  CALIBRATION_PROFILE_NOT_FOUND,
  type CalibrationProfile,
  type CalibrationProfileInput,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import type { CalibrationProfileRow } from '../db/schema/index.js';
import { conflict, notFound } from '../http/errors.js';
import type { CalibrationProfilesRepository } from '../repositories/calibration-profiles.repository.js';
import type { AuthContext } from './access.js';
import type { AuditService } from './audit.service.js';

export function toCalibrationProfile(row: CalibrationProfileRow): CalibrationProfile {
  return {
    id: row.id,
    name: row.name,
    objective: row.objective,
    um_per_pixel: row.umPerPixel,
    frame_rate_fps: row.frameRateFps,
    chamber_name: row.chamberName,
    chamber_depth_um: row.chamberDepthUm,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The laboratory's microscope calibration profiles; every change is audited. */
export function createCalibrationService(deps: {
  profiles: CalibrationProfilesRepository;
  audit: AuditService;
  clock: Clock;
}) {
  async function list() {
    const profiles = (await deps.profiles.list()).map(toCalibrationProfile);
    return { profiles, total: profiles.length };
  }

  async function find(id: string): Promise<CalibrationProfileRow> {
    const row = await deps.profiles.findById(id);
    if (row === undefined) throw notFound(CALIBRATION_PROFILE_NOT_FOUND);
    return row;
  }

  async function checkNameFree(name: string, except: string | null) {
    const other = await deps.profiles.findByName(name);
    if (other !== undefined && other.id !== except) throw conflict(CALIBRATION_PROFILE_NAME_TAKEN);
  }

  const fields = (input: CalibrationProfileInput) => ({
    name: input.name,
    objective: input.objective,
    umPerPixel: input.um_per_pixel,
    frameRateFps: input.frame_rate_fps,
    chamberName: input.chamber_name,
    chamberDepthUm: input.chamber_depth_um,
  });

  async function record(auth: AuthContext, row: CalibrationProfileRow, what: string) {
    await deps.audit.record({
      type: 'system',
      severity: what === 'deleted' ? 'warning' : 'info',
      message: `Calibration profile "${row.name}" ${what} (${row.umPerPixel} µm/px, ${row.chamberDepthUm} µm chamber)`,
      actor: auth.user,
      resource: { id: row.id, type: 'calibration_profile' },
    });
  }

  async function create(auth: AuthContext, input: CalibrationProfileInput) {
    await checkNameFree(input.name, null);
    const now = deps.clock.now();
    const row = await deps.profiles.insert({
      ...fields(input),
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await record(auth, row, 'created');
    return toCalibrationProfile(row);
  }

  async function update(auth: AuthContext, id: string, input: CalibrationProfileInput) {
    await find(id);
    await checkNameFree(input.name, id);
    const row = await deps.profiles.update(id, { ...fields(input), updatedAt: deps.clock.now() });
    if (row === undefined) throw notFound(CALIBRATION_PROFILE_NOT_FOUND);
    await record(auth, row, 'updated');
    return toCalibrationProfile(row);
  }

  /** Samples keep the scale and chamber they copied; only the reference to the profile dangles. */
  async function remove(auth: AuthContext, id: string) {
    const row = await find(id);
    await deps.profiles.remove(id);
    await record(auth, row, 'deleted');
    return { success: true as const, message: 'Calibration profile deleted' };
  }

  return { list, find, create, update, remove };
}
export type CalibrationService = ReturnType<typeof createCalibrationService>;
