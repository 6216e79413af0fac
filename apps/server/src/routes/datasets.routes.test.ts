import {
  DatasetListResponseSchema,
  DatasetSchema,
  UserProjectListResponseSchema,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../test/admin-helpers.js';
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

async function datasetManager() {
  const who = await caller(server);
  await grantCustomRole(server, who.user.id, ['finetune.manage_dataset']);
  return who;
}

describe('datasets', () => {
  it('creates (camelCase and snake_case), lists, filters, updates and deletes', async () => {
    const manager = await datasetManager();
    const project = await projectWithMember(server, manager.user.id);
    const created = await manager.call('POST', '/api/sarm/dataset/create-dataset', {
      name: ' Semen batch 1 ',
      description: 'First batch',
      type: 'combined',
      projectId: project.id,
    });
    expect(created.statusCode).toBe(201);
    const dataset = DatasetSchema.parse(created.json());
    expect(dataset).toMatchObject({
      name: 'Semen batch 1',
      type: 'combined',
      status: 'draft',
      project_id: project.id,
      projectId: project.id,
      project_name: 'Clinic A',
      settings: { chamber_depth_um: 20, dilution_factor: 1, um_per_pixel: 0.5 },
      stats: { totalVideos: 0, videos_count: 0 },
    });
    const snake = await manager.call('POST', '/api/sarm/dataset/create-dataset', {
      name: 'Morphology set',
      type: 'morphology',
      project_id: project.id,
      settings: { dilution_factor: 2 },
    });
    expect(snake.statusCode).toBe(201);
    expect(DatasetSchema.parse(snake.json()).settings.dilution_factor).toBe(2);

    const all = DatasetListResponseSchema.parse(
      (await manager.call('GET', `/api/sarm/dataset/get-datasets?project_id=${project.id}`)).json(),
    );
    expect(all.total).toBe(2);
    const filtered = DatasetListResponseSchema.parse(
      (await manager.call('GET', '/api/sarm/dataset/get-datasets?type=morphology&limit=5')).json(),
    );
    expect(filtered.datasets.map((d) => d.name)).toEqual(['Morphology set']);

    const updated = await manager.call('PUT', `/api/sarm/dataset/update-dataset/${dataset.id}`, {
      status: 'in-progress',
      metadata: { source: 'lab' },
    });
    expect(updated.statusCode).toBe(200);
    expect(DatasetSchema.parse(updated.json())).toMatchObject({
      status: 'in-progress',
      metadata: { source: 'lab' },
      name: 'Semen batch 1',
    });

    const detail = await manager.call(
      'GET',
      `/api/sarm/dataset/get-dataset/${dataset.id}?include_videos=true`,
    );
    expect(DatasetSchema.parse(detail.json()).videos).toEqual([]);

    const projects = UserProjectListResponseSchema.parse(
      (await manager.call('GET', '/api/sarm/project')).json(),
    );
    expect(projects.projects.find((p) => p.id === project.id)?.stats).toEqual({
      datasets_count: 2,
      videos_count: 0,
    });
    const withData = await manager.call(
      'GET',
      `/api/sarm/project/get-project/${project.id}?include_datasets=true&include_videos=true`,
    );
    expect(withData.statusCode).toBe(200);
    expect(withData.json<{ project: { datasets: unknown[] } }>().project.datasets).toHaveLength(2);
    const byQuery = await manager.call('GET', `/api/sarm/project/get-project?id=${project.id}`);
    expect(byQuery.statusCode).toBe(200);

    const deleted = await manager.call('DELETE', `/api/sarm/dataset/delete-dataset/${dataset.id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Dataset deleted' });
    expect(
      (await manager.call('GET', `/api/sarm/dataset/get-dataset/${dataset.id}`)).statusCode,
    ).toBe(404);
  });

  it('hides datasets of projects the user is not a member of; managers of projects see all', async () => {
    const member = await datasetManager();
    const outsider = await datasetManager();
    const project = await projectWithMember(server, member.user.id, 'Private clinic');
    const dataset = DatasetSchema.parse(
      (
        await member.call('POST', '/api/sarm/dataset/create-dataset', {
          name: 'Hidden',
          projectId: project.id,
        })
      ).json(),
    );
    expect(
      (await outsider.call('GET', `/api/sarm/dataset/get-dataset/${dataset.id}`)).statusCode,
    ).toBe(404);
    const listed = DatasetListResponseSchema.parse(
      (await outsider.call('GET', '/api/sarm/dataset/get-datasets')).json(),
    );
    expect(listed.datasets.some((d) => d.id === dataset.id)).toBe(false);
    expect(
      (
        await outsider.call('POST', '/api/sarm/dataset/create-dataset', {
          name: 'x',
          projectId: project.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await outsider.call('GET', `/api/sarm/project/get-project/${project.id}`)).statusCode,
    ).toBe(404);
    const admin = await caller(server, { roles: ['system_admin'] });
    expect(
      (await admin.call('GET', `/api/sarm/dataset/get-dataset/${dataset.id}`)).statusCode,
    ).toBe(200);
  });

  it('refuses invalid bodies, unknown ids and callers without the permission', async () => {
    const manager = await datasetManager();
    const project = await projectWithMember(server, manager.user.id);
    const noName = await manager.call('POST', '/api/sarm/dataset/create-dataset', {
      name: ' ',
      projectId: project.id,
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json<{ message: string }>().message).toBe('Dataset name is required');
    const noProject = await manager.call('POST', '/api/sarm/dataset/create-dataset', { name: 'x' });
    expect(noProject.json()).toEqual({ statusCode: 400, message: 'Please select a project' });
    const badType = await manager.call('POST', '/api/sarm/dataset/create-dataset', {
      name: 'x',
      projectId: project.id,
      type: 'other',
    });
    expect(badType.statusCode).toBe(400);
    expect(
      (await manager.call('PUT', '/api/sarm/dataset/update-dataset/nope', {})).statusCode,
    ).toBe(404);
    const uploader = await caller(server);
    await grantCustomRole(server, uploader.user.id, ['sarm.upload_video']);
    expect(
      (
        await uploader.call('POST', '/api/sarm/dataset/create-dataset', {
          name: 'x',
          projectId: project.id,
        })
      ).statusCode,
    ).toBe(403);
    expect((await uploader.call('GET', '/api/sarm/dataset/get-datasets')).statusCode).toBe(200);
  });
});
