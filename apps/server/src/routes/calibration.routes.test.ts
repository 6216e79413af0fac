import {
  CalibrationProfileListResponseSchema,
  CalibrationProfileSchema,
  DatasetSchema,
  umPerPixelFromTicks,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCaller, audited, caller } from '../test/admin-helpers.js';
import { projectWithMember } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ workers: false });
});
afterAll(async () => {
  await server.close();
});

const profile = {
  name: 'Olympus CX43 · 20× phase',
  objective: '20× Ph1',
  um_per_pixel: 0.58,
  frame_rate_fps: 50,
  chamber_name: 'Leja 20',
  chamber_depth_um: 20,
};

describe('calibration profiles', () => {
  it('are managed by a lab manager (system.manage_calibration), listed by name and audited', async () => {
    const manager = await caller(server);
    await grantCustomRole(server, manager.user.id, ['system.manage_calibration']);
    const created = await manager.call('POST', '/api/sarm/calibration-profiles', profile);
    expect(created.statusCode).toBe(201);
    const saved = CalibrationProfileSchema.parse(created.json());
    expect(saved).toMatchObject(profile);
    expect(
      await audited(
        server,
        'Calibration profile "Olympus CX43 · 20× phase" created (0.58 µm/px, 20 µm chamber)',
      ),
    ).toBe(true);

    const minimal = await manager.call('POST', '/api/sarm/calibration-profiles', {
      name: 'A bench scope',
      um_per_pixel: 1.2,
    });
    expect(CalibrationProfileSchema.parse(minimal.json())).toMatchObject({
      objective: '',
      frame_rate_fps: null,
      chamber_name: '',
      chamber_depth_um: 20,
    });
    const list = CalibrationProfileListResponseSchema.parse(
      (await manager.call('GET', '/api/sarm/calibration-profiles')).json(),
    );
    expect(list.profiles.map((p) => p.name)).toEqual(['A bench scope', profile.name]);

    const updated = await manager.call('PUT', `/api/sarm/calibration-profiles/${saved.id}`, {
      ...profile,
      um_per_pixel: 0.6,
    });
    expect(CalibrationProfileSchema.parse(updated.json()).um_per_pixel).toBe(0.6);
    const taken = await manager.call('PUT', `/api/sarm/calibration-profiles/${saved.id}`, {
      ...profile,
      name: 'A bench scope',
    });
    expect(taken.statusCode).toBe(409);

    const removed = await manager.call('DELETE', `/api/sarm/calibration-profiles/${saved.id}`);
    expect(removed.json()).toEqual({ success: true, message: 'Calibration profile deleted' });
    expect(
      (await manager.call('DELETE', `/api/sarm/calibration-profiles/${saved.id}`)).statusCode,
    ).toBe(404);
    expect(await audited(server, /^Calibration profile "Olympus CX43 · 20× phase" deleted/)).toBe(
      true,
    );
  });

  it('refuses invalid values, and changes by anyone without the permission', async () => {
    const admin = await adminCaller(server);
    const bad = await admin.call('POST', '/api/sarm/calibration-profiles', {
      ...profile,
      name: 'Bad',
      um_per_pixel: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('µm per pixel must be more than 0');
    const technician = await caller(server, { roles: ['lab_technician'] });
    expect(
      (await technician.call('POST', '/api/sarm/calibration-profiles', { ...profile, name: 'T' }))
        .statusCode,
    ).toBe(403);
    expect((await technician.call('GET', '/api/sarm/calibration-profiles')).statusCode).toBe(200);
  });

  it('gives a sample that picks one its scale and chamber; the sample may override them', async () => {
    const admin = await adminCaller(server);
    const picked = CalibrationProfileSchema.parse(
      (
        await admin.call('POST', '/api/sarm/calibration-profiles', {
          ...profile,
          name: 'Picked scope',
          um_per_pixel: 0.73,
          chamber_depth_um: 10,
        })
      ).json(),
    );
    const technician = await caller(server, { roles: ['lab_technician'] });
    const project = await projectWithMember(server, technician.user.id);
    const created = await technician.call('POST', '/api/sarm/dataset/create-dataset', {
      name: 'Calibrated sample',
      projectId: project.id,
      settings: { calibration_profile_id: picked.id },
    });
    expect(created.statusCode).toBe(201);
    const dataset = DatasetSchema.parse(created.json());
    expect(dataset.settings).toMatchObject({
      calibration_profile_id: picked.id,
      um_per_pixel: 0.73,
      chamber_depth_um: 10,
      chamber_name: 'Leja 20',
    });
    const own = await technician.call('PUT', `/api/sarm/dataset/update-dataset/${dataset.id}`, {
      settings: { calibration_profile_id: picked.id, um_per_pixel: 0.7 },
    });
    expect(DatasetSchema.parse(own.json()).settings.um_per_pixel).toBe(0.7);
    const unknown = await technician.call('PUT', `/api/sarm/dataset/update-dataset/${dataset.id}`, {
      settings: { calibration_profile_id: 'no-such-profile' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('Calibration profile not found');
  });

  it('computes µm per pixel from two micrometer ticks', () => {
    expect(umPerPixelFromTicks({ x: 10, y: 10 }, { x: 13, y: 14 }, 10)).toBe(2);
    expect(umPerPixelFromTicks({ x: 0, y: 0 }, { x: 0, y: 0 }, 10)).toBeNull();
    expect(umPerPixelFromTicks({ x: 0, y: 0 }, { x: 100, y: 0 }, 0)).toBeNull();
  });
});
