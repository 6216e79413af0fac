/**
 * More lists that grow with a laboratory's data answer one page at a time, with a limit the server
 * enforces: a dataset's videos, its data labels, a frame's crops, saved reports, quality control
 * records and report versions; a training status carries only the newest log lines.
 */
import {
  CropListResponseSchema,
  DataLabelListResponseSchema,
  ManualCountListResponseSchema,
  QcSeriesListResponseSchema,
  ReportTemplateListSchema,
  ReportVersionsResponseSchema,
  SavedReportListSchema,
  TrainingStatusSchema,
  VideoListResponseSchema,
} from '@sarm/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetReportVersions, manualCounts, models, qcSeries } from '../db/schema/index.js';
import { caller } from '../test/admin-helpers.js';
import { describePagedLists, type PagedList } from '../test/paging-suite.js';
import { seedVideo } from '../test/business-helpers.js';
import { createTestServer, type TestServer } from '../test/test-server.js';
import { createDetectionModel } from '../test/training-helpers.js';

let server: TestServer;
let admin: Awaited<ReturnType<typeof caller>>;
let projectId: string;
let datasetId: string;
let frameId: string;

const COUNT = 7;

beforeAll(async () => {
  server = await createTestServer({ workers: false });
  admin = await caller(server, { roles: ['system_admin'] });
  const { repositories } = server.context;
  const { db } = server.database;
  const project = await repositories.projects.insertProject({ name: 'Paged', description: '' });
  projectId = project.id;
  await repositories.projects.addMember({ projectId, userId: admin.user.id, accessLevel: 'admin' });
  const first = await seedVideo(server, projectId);
  datasetId = first.dataset.id;
  for (let i = 1; i < COUNT; i++)
    await repositories.videos.insert({
      datasetId,
      name: `Video ${i}`,
      fileName: 'original.mp4',
      originalFilename: 'sample.mp4',
      originalKey: `videos/${datasetId}/${i}.mp4`,
      processingStatus: 'completed',
    });
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
  // Boxes on one row: the position order then rests on x alone, and ties on nothing.
  await repositories.detections.replaceForFrame(
    frameId,
    Array.from({ length: COUNT }, (_, i) => ({
      frameId,
      confidence: 0.9,
      x1: i * 40,
      y1: 100,
      x2: i * 40 + 15,
      y2: 115,
    })),
  );
  const templates = ReportTemplateListSchema.parse(
    (await admin.call('GET', '/api/sarm/reports/templates')).json(),
  ).templates;
  const template = templates[0];
  if (template === undefined) throw new Error('No report template');
  const sameTime = new Date(Date.UTC(2026, 0, 1));
  for (let i = 0; i < COUNT; i++) {
    const saved = await admin.call('POST', '/api/sarm/reports/saved', {
      title: `Report ${i}`,
      templateId: template.id,
      settings: template.defaults,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const label = await admin.call('POST', '/api/sarm/annotation/create-label', {
      name: `Label ${i}`,
      description: '',
      dataset_id: datasetId,
      label_type: i % 2 === 0 ? 'detection' : 'morphology',
    });
    expect(label.statusCode, label.body).toBe(201);
    // Same creation time for all: only the id orders them, so pages must tie-break.
    await db.insert(manualCounts).values({
      datasetId,
      concentrationMillionPerMl: 10 + i,
      method: 'neubauer',
      countedBy: 'Tech',
      measuredSource: 'latest_analyses',
      measuredAt: sameTime,
      createdAt: sameTime,
    });
    await db.insert(qcSeries).values({
      datasetId,
      name: 'Same name',
      analyte: 'concentration',
      createdBy: admin.user.id,
    });
    await db.insert(datasetReportVersions).values({
      datasetId,
      version: i + 1,
      payload: {},
      createdBy: admin.user.id,
    });
  }
});
afterAll(async () => {
  await server.close();
});

const lists: Record<string, PagedList> = {
  "a dataset's videos": {
    url: '/api/business/videos/dataset/:datasetId',
    max: 1000,
    defaultLimit: 1000,
    read: (body) => {
      const parsed = VideoListResponseSchema.parse(body);
      return { ids: parsed.videos.map((v) => v.id), total: parsed.total };
    },
  },
  'saved reports': {
    url: '/api/sarm/reports/saved',
    max: 500,
    defaultLimit: 500,
    read: (body) => {
      const parsed = SavedReportListSchema.parse(body);
      return { ids: parsed.reports.map((r) => r.id), total: parsed.total };
    },
  },
  "a dataset's data labels": {
    url: '/api/sarm/annotation/datasets/:datasetId/data-labels',
    max: 1000,
    defaultLimit: 1000,
    read: (body) => {
      const parsed = DataLabelListResponseSchema.parse(body);
      return { ids: parsed.data_labels.map((l) => l.id), total: parsed.total };
    },
  },
  "a dataset's labels with their counts": {
    url: '/api/sarm/annotation/list-labels/:datasetId',
    max: 1000,
    defaultLimit: 1000,
    read: (body) => {
      const parsed = DataLabelListResponseSchema.parse(body);
      return { ids: parsed.data_labels.map((l) => l.id), total: parsed.total };
    },
  },
  "a frame's crops": {
    url: '/api/technical/frames/:frameId/crops',
    max: 5000,
    defaultLimit: 1000,
    read: (body) => {
      const parsed = CropListResponseSchema.parse(body);
      return { ids: parsed.crops.map((c) => c.detection_id), total: parsed.total };
    },
  },
  'manual counts': {
    url: '/api/sarm/qc/manual-counts?project_id=:projectId',
    max: 1000,
    defaultLimit: 1000,
    read: (body) => ({
      ids: ManualCountListResponseSchema.parse(body).manual_counts.map((c) => c.id),
    }),
  },
  'QC series': {
    url: '/api/sarm/qc/series?project_id=:projectId',
    max: 1000,
    defaultLimit: 1000,
    read: (body) => ({ ids: QcSeriesListResponseSchema.parse(body).series.map((s) => s.id) }),
  },
  'report versions': {
    url: '/api/sarm/report/versions/:datasetId',
    max: 500,
    defaultLimit: 500,
    read: (body) => ({
      ids: ReportVersionsResponseSchema.parse(body).versions.map((v) => String(v.version)),
    }),
  },
};

/** The URL with its placeholders filled. */
const fill = (url: string) =>
  url
    .replace(':frameId', frameId)
    .replace(':projectId', projectId)
    .replace(':datasetId', datasetId);

describePagedLists(lists, COUNT, (url) => admin.call('GET', fill(url)));

describe('report versions on a later page', () => {
  it('still tell whether the latest version may be signed', async () => {
    const first = ReportVersionsResponseSchema.parse(
      (await admin.call('GET', `${fill(list('report versions').url)}?limit=2`)).json(),
    );
    const later = ReportVersionsResponseSchema.parse(
      (await admin.call('GET', `${fill(list('report versions').url)}?limit=2&offset=4`)).json(),
    );
    expect(first.versions.map((v) => v.version)).toEqual([COUNT, COUNT - 1]);
    expect(first.canSign).toBe(true);
    expect(later.canSign).toBe(first.canSign);
  });
});

function list(name: string): PagedList {
  const found = lists[name];
  if (found === undefined) throw new Error(`No list ${name}`);
  return found;
}

describe('training status logs', () => {
  it('carries the newest 200 lines by default, log_limit more or fewer, 400 above 1000', async () => {
    const model = await createDetectionModel(admin, datasetId, 'Logged');
    const logs = Array.from({ length: 1200 }, (_, i) => `[00:00:00] line ${i}`);
    await server.database.db
      .update(models)
      .set({
        status: 'trained',
        training: {
          epochs: 1,
          started_at: new Date(0).toISOString(),
          loss: [1],
          accuracy: [0.5],
          val_loss: [null],
          val_accuracy: [null],
          epoch_seconds: [1],
          logs,
          best_epoch: 1,
          samples: null,
          batch_fraction: 1,
          data_label_id: null,
          dataset_id: datasetId,
          seed: 1,
        },
      })
      .where(eq(models.id, model.id));
    const url = `/api/technical/models/${model.id}/training-status`;
    const status = async (query: string) => {
      const response = await admin.call('GET', `${url}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return TrainingStatusSchema.parse(response.json());
    };
    expect((await status('')).logs).toEqual(logs.slice(-200));
    expect((await status('?log_limit=5')).logs).toEqual(logs.slice(-5));
    expect((await status('?log_limit=1000')).logs).toEqual(logs.slice(-1000));
    expect((await admin.call('GET', `${url}?log_limit=1001`)).statusCode).toBe(400);
    expect((await admin.call('GET', `${url}?log_limit=0`)).statusCode).toBe(400);
  });
});
