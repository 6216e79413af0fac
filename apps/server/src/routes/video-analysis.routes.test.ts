import { resolveSettings } from '@sarm/casa';
import { analyzeVideo } from '@sarm/casa/node';
import { VideoAnalysisResponseSchema } from '@sarm/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { videoAnalyses } from '../db/schema/index.js';
import { caller } from '../test/admin-helpers.js';
import { seedSimulatedVideos } from '../test/analysis-helpers.js';
import { projectWithMember } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';
import { expectVideoUncertainty } from '../test/uncertainty-assertions.js';

let server: TestServer;
let analyst: Awaited<ReturnType<typeof caller>>;
let video: { id: string; file: string };
let datasetId: string;

beforeAll(async () => {
  server = await createTestServer({ workers: true });
  analyst = await caller(server);
  await grantCustomRole(server, analyst.user.id, [
    'sarm.generate_report',
    'sarm.upload_video',
    'sarm.view_motility',
  ]);
  const project = await projectWithMember(server, analyst.user.id);
  const dataset = await server.context.repositories.datasets.insert({
    projectId: project.id,
    name: 'Per-video set',
  });
  datasetId = dataset.id;
  const [seeded] = await seedSimulatedVideos(server, analyst.headers, datasetId, 1, 7);
  if (seeded === undefined) throw new Error('no video');
  video = seeded;
}, 120_000);
afterAll(async () => {
  await server.close();
});

describe('GET /sarm/analysis/{videoId}', () => {
  it('answers the video with analysis null before it was ever analysed', async () => {
    const response = await analyst.call('GET', `/api/sarm/analysis/${video.id}`);
    expect(response.statusCode).toBe(200);
    const body = VideoAnalysisResponseSchema.parse(response.json());
    expect(body.analysis).toBeNull();
    expect(body.video).toMatchObject({
      id: video.id,
      datasetId,
      width: 160,
      height: 120,
      fps: 20,
      frames: 40,
    });
  });

  it('answers the tracks and kinematics the engine computed after cal-motility, on both paths', async () => {
    const run = await analyst.call('POST', '/api/sarm/calculation/cal-motility', {
      video_ids: [video.id],
      force_reanalysis: false,
      save_results: false,
    });
    expect(run.statusCode).toBe(200);
    const response = await analyst.call('GET', `/api/sarm/analysis/${video.id}`);
    expect(response.statusCode).toBe(200);
    const body = VideoAnalysisResponseSchema.parse(response.json());
    const settings = resolveSettings({ umPerPixel: 0.5, chamberDepthUm: 20, dilution: 1 });
    const direct = await analyzeVideo(video.file, settings);
    const analysis = body.analysis;
    if (analysis === null) throw new Error('analysis expected');
    expect(analysis.tracks.length).toBeGreaterThan(0);
    expect(analysis.tracks.map((t) => [t.id, t.category, t.points.length])).toEqual(
      direct.tracks.map((t) => [t.id, t.category, t.points.length]),
    );
    expect(analysis.tracks[0]?.vcl).toBeCloseTo(direct.tracks[0]?.vcl ?? NaN, 6);
    expect(analysis.motility.track_count).toBe(direct.motility.track_count);
    expect(analysis.concentration.mean_concentration_million_per_ml).toBeCloseTo(
      direct.concentration.mean_concentration_million_per_ml,
      6,
    );
    expect(analysis.settings).toMatchObject({ umPerPixel: 0.5 });
    expect(body.video).toMatchObject({ fps: direct.video.fps, frames: direct.video.frames });
    const [stored] = await server.context.repositories.analyses.latestByVideo([video.id]);
    expect(analysis.id).toBe(stored?.id);

    const alias = await analyst.call('GET', `/api/business/analysis/${video.id}`);
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual(response.json());
  }, 60_000);

  it('answers the 95 % intervals, the cells and tracks assessed, the < 200 warnings and the drift', async () => {
    const body = VideoAnalysisResponseSchema.parse(
      (await analyst.call('GET', `/api/sarm/analysis/${video.id}`)).json(),
    );
    const analysis = body.analysis;
    if (analysis === null) throw new Error('analysis expected');
    expectVideoUncertainty(analysis);
    const direct = await analyzeVideo(
      video.file,
      resolveSettings({ umPerPixel: 0.5, chamberDepthUm: 20, dilution: 1 }),
    );
    expect(analysis.concentration.ci95).toEqual(direct.concentration.ci95);
    expect(analysis.concentration.cells_assessed).toBe(direct.concentration.cells_assessed);
    expect(analysis.motility.ci95).toEqual(direct.motility.ci95);
    expect(analysis.drift).toEqual(direct.drift);
    // The round cells counted apart reach the screen as the engine counted them.
    expect(direct.round_cells).toBeDefined();
    expect(analysis.round_cells).toEqual(direct.round_cells);
    // A 160 x 120 px, 2 s video holds far fewer than 200 cells: both warnings must show.
    expect(analysis.concentration.warning).toEqual(expect.stringContaining('200'));
    expect(analysis.motility.warning).toEqual(expect.stringContaining('200'));
  }, 60_000);

  it('answers an analysis stored before the intervals existed without them', async () => {
    const [row] = await server.context.repositories.analyses.latestByVideo([video.id]);
    if (row === undefined) throw new Error('analysis expected');
    const dropped = new Set([
      'ci95',
      'cells_assessed',
      'tracks_assessed',
      'warning',
      'drift',
      'round_cells',
    ]);
    const legacy = z
      .record(z.string(), z.unknown())
      .parse(
        JSON.parse(JSON.stringify(row.result), (key, value: unknown) =>
          dropped.has(key) ? undefined : value,
        ),
      );
    await server.database.db
      .update(videoAnalyses)
      .set({ result: legacy })
      .where(eq(videoAnalyses.id, row.id));
    const response = await analyst.call('GET', `/api/sarm/analysis/${video.id}`);
    expect(response.statusCode).toBe(200);
    const analysis = VideoAnalysisResponseSchema.parse(response.json()).analysis;
    expect(analysis?.concentration.ci95).toBeUndefined();
    expect(analysis?.motility.tracks_assessed).toBeUndefined();
    expect(analysis?.motility.progressive_ci95).toBeUndefined();
    expect(analysis?.drift).toBeUndefined();
    await server.database.db
      .update(videoAnalyses)
      .set({ result: row.result })
      .where(eq(videoAnalyses.id, row.id));
  }, 60_000);

  it('answers the newest analysis after a forced re-analysis', async () => {
    const before = VideoAnalysisResponseSchema.parse(
      (await analyst.call('GET', `/api/sarm/analysis/${video.id}`)).json(),
    );
    server.clock.advance(60_000);
    const run = await analyst.call('POST', '/api/sarm/calculation/cal-motility', {
      video_ids: [video.id],
      force_reanalysis: true,
      save_results: false,
    });
    expect(run.statusCode).toBe(200);
    const after = VideoAnalysisResponseSchema.parse(
      (await analyst.call('GET', `/api/sarm/analysis/${video.id}`)).json(),
    );
    expect(after.analysis?.id).not.toBe(before.analysis?.id);
  }, 60_000);

  it('answers 401 without a session and 403 without a result-viewing permission', async () => {
    const anonymous = await server.app.inject({
      method: 'GET',
      url: `/api/sarm/analysis/${video.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const uploader = await caller(server);
    await grantCustomRole(server, uploader.user.id, ['sarm.upload_video']);
    const denied = await uploader.call('GET', `/api/sarm/analysis/${video.id}`);
    expect(denied.statusCode).toBe(403);
  });

  it('answers 404 for an unknown video and for a video of another project', async () => {
    const unknown = await analyst.call('GET', '/api/sarm/analysis/no-such-video');
    expect(unknown.statusCode).toBe(404);
    const outsider = await caller(server);
    await grantCustomRole(server, outsider.user.id, ['sarm.view_concentration']);
    const hidden = await outsider.call('GET', `/api/business/analysis/${video.id}`);
    expect(hidden.statusCode).toBe(404);
  });
});
