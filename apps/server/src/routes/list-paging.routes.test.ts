/**
 * Lists that grow with a laboratory's data answer one page at a time, with a limit the server
 * enforces: frame detections, notifications, tasks, patients, analysis rows and analysis requests.
 */
import { randomUUID } from 'node:crypto';
import {
  AnalysisListResponseSchema,
  AnalysisRequestListResponseSchema,
  FrameDetectionResponseSchema,
  NotificationListSchema,
  PatientListResponseSchema,
  TaskListResponseSchema,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../test/admin-helpers.js';
import { seedVideo } from '../test/business-helpers.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
let admin: Awaited<ReturnType<typeof caller>>;
let projectId: string;
let frameId: string;
let videoId: string;

const COUNT = 7;

beforeAll(async () => {
  server = await createTestServer({ workers: false });
  admin = await caller(server, { roles: ['system_admin'] });
  const { repositories, services } = server.context;
  const project = await repositories.projects.insertProject({ name: 'Paged', description: '' });
  projectId = project.id;
  await repositories.projects.addMember({
    projectId,
    userId: admin.user.id,
    accessLevel: 'admin',
  });
  const first = await seedVideo(server, projectId);
  for (let i = 1; i < COUNT; i++) await seedVideo(server, projectId);
  await repositories.videos.insertFrames([
    {
      videoId: first.video.id,
      frameNumber: 0,
      timeOffset: 0,
      width: 640,
      height: 480,
      storageKey: `videos/${first.video.id}/frames/f0.jpg`,
      size: 10,
      extractionSession: 'paged',
    },
  ]);
  const [frame] = await repositories.videos.allFrames(first.video.id);
  frameId = frame?.id ?? '';
  videoId = first.video.id;
  await repositories.detections.replaceForFrame(
    frameId,
    Array.from({ length: COUNT }, (_, i) => ({
      frameId,
      confidence: 0.9,
      x1: i * 20,
      y1: i * 10,
      x2: i * 20 + 15,
      y2: i * 10 + 15,
    })),
  );
  for (let i = 0; i < COUNT; i++) {
    await services.notifications.notify(admin.user.id, { title: `N${i}`, message: 'm' });
    await repositories.patients.insert({
      projectId,
      name: `Patient ${i}`,
      createdBy: admin.user.id,
    });
    await repositories.tasks.insert(
      {
        id: randomUUID(),
        taskType: 'paging.test',
        createdBy: admin.user.id,
        message: 'queued',
        now: server.clock.now(),
      },
      { ignoreExisting: false },
    );
    const submitted = await admin.call('POST', '/api/sarm/frames/submit-analysis', {
      videoId,
      frameIds: [frameId],
    });
    expect(submitted.statusCode, submitted.body).toBe(202);
  }
});
afterAll(async () => {
  await server.close();
});

interface PagedList {
  /** URL without paging parameters (may carry a query already). */
  readonly url: string;
  readonly max: number;
  readonly defaultLimit: number;
  /** Ids of one page's items and the total the answer reports. */
  readonly read: (body: unknown) => { ids: string[]; total: number };
}

const lists: Record<string, PagedList> = {
  'frame detections': {
    url: '/api/sarm/detection/get-sperm/:frameId',
    max: 5000,
    defaultLimit: 1000,
    read: (body) => {
      const parsed = FrameDetectionResponseSchema.parse(body);
      return { ids: parsed.detections.map((d) => d.id), total: parsed.detection_count };
    },
  },
  notifications: {
    url: '/api/notifications',
    max: 200,
    defaultLimit: 100,
    read: (body) => {
      const parsed = NotificationListSchema.parse(body);
      return { ids: parsed.notifications.map((n) => n.id), total: parsed.total };
    },
  },
  tasks: {
    url: '/api/tasks?task_type=paging.test',
    max: 200,
    defaultLimit: 50,
    read: (body) => {
      const parsed = TaskListResponseSchema.parse(body);
      return { ids: parsed.tasks.map((t) => t.id), total: parsed.total };
    },
  },
  patients: {
    url: '/api/business/patients?project_id=:projectId',
    max: 1000,
    defaultLimit: 1000,
    read: (body) => {
      const parsed = PatientListResponseSchema.parse(body);
      return { ids: parsed.patients.map((p) => p.id), total: parsed.total };
    },
  },
  'analysis rows': {
    url: '/api/business/analyses',
    max: 1000,
    defaultLimit: 1000,
    read: (body) => {
      const parsed = AnalysisListResponseSchema.parse(body);
      return { ids: parsed.analyses.map((a) => a.video_id), total: parsed.total };
    },
  },
  'analysis requests': {
    url: '/api/sarm/frames/analysis-requests?video_id=:videoId',
    max: 500,
    defaultLimit: 50,
    read: (body) => {
      const parsed = AnalysisRequestListResponseSchema.parse(body);
      return { ids: parsed.requests.map((r) => r.id), total: parsed.total };
    },
  },
};

const withQuery = (url: string, query: string) =>
  `${url.replace(':frameId', frameId).replace(':projectId', projectId).replace(':videoId', videoId)}${url.includes('?') ? '&' : '?'}${query}`;

async function page(list: PagedList, query: string) {
  const response = await admin.call('GET', withQuery(list.url, query));
  expect(response.statusCode, response.body).toBe(200);
  return list.read(response.json());
}

describe.each(Object.entries(lists))('paging of %s', (_name, list) => {
  it('answers everything on the default page when it fits, with the total', async () => {
    const { ids, total } = await page(list, '');
    expect(ids).toHaveLength(COUNT);
    expect(total).toBe(COUNT);
    expect(list.defaultLimit).toBeGreaterThan(COUNT);
  });

  it('answers 400 to a limit above the maximum, and accepts the maximum', async () => {
    const above = await admin.call('GET', withQuery(list.url, `limit=${list.max + 1}`));
    expect(above.statusCode).toBe(400);
    const at = await admin.call('GET', withQuery(list.url, `limit=${list.max}`));
    expect(at.statusCode).toBe(200);
    const negative = await admin.call('GET', withQuery(list.url, 'offset=-1'));
    expect(negative.statusCode).toBe(400);
  });

  it('walks every item once in pages of three, each reporting the full total', async () => {
    const { ids: all } = await page(list, '');
    const walked: string[] = [];
    for (let offset = 0; offset < COUNT + 3; offset += 3) {
      const { ids, total } = await page(list, `limit=3&offset=${offset}`);
      expect(total).toBe(COUNT);
      expect(ids.length).toBe(Math.max(0, Math.min(3, COUNT - offset)));
      walked.push(...ids);
    }
    expect(walked).toEqual(all);
    expect(new Set(walked).size).toBe(COUNT);
  });
});
