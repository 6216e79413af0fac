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
import { afterAll, beforeAll, expect } from 'vitest';
import { caller } from '../test/admin-helpers.js';
import { describePagedLists, type PagedList } from '../test/paging-suite.js';
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

/** The URL with its placeholders filled. */
const fill = (url: string) =>
  url.replace(':frameId', frameId).replace(':projectId', projectId).replace(':videoId', videoId);

describePagedLists(lists, COUNT, (url) => admin.call('GET', fill(url)));
