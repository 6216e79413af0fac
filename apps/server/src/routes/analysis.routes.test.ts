import { resolveSettings } from '@sarm/casa';
import { analyzeVideo } from '@sarm/casa/node';
import {
  CalculationResultsResponseSchema,
  ConcentrationReportSchema,
  MotilityReportSchema,
  StoredReportSchema,
} from '@sarm/contracts';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../test/admin-helpers.js';
import { seedSimulatedVideos } from '../test/analysis-helpers.js';
import { projectWithMember } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';
import { expectPooledConcentration, expectPooledMotility } from '../test/uncertainty-assertions.js';

let server: TestServer;
let analyst: Awaited<ReturnType<typeof caller>>;
let datasetId: string;
let videos: { id: string; file: string }[];
let brokenId: string;

beforeAll(async () => {
  server = await createTestServer({ workers: true });
  analyst = await caller(server);
  await grantCustomRole(server, analyst.user.id, ['sarm.generate_report', 'sarm.upload_video']);
  const project = await projectWithMember(server, analyst.user.id);
  const dataset = await server.context.repositories.datasets.insert({
    projectId: project.id,
    name: 'WHO set',
  });
  datasetId = dataset.id;
  videos = await seedSimulatedVideos(server, analyst.headers, datasetId, 6);
  const broken = videos.pop();
  if (broken === undefined) throw new Error('no video');
  brokenId = broken.id;
  const row = await server.context.repositories.videos.findById(brokenId);
  const file = server.context.storage.localPath(row?.originalKey ?? '');
  if (file !== null) await writeFile(file, 'not a video any more');
}, 120_000);
afterAll(async () => {
  await server.close();
});

const body = (ids: string[], extra: object = {}) => ({ video_ids: ids, ...extra });

describe('calculation', () => {
  it('computes the concentration of whole videos as the engine does, and saves the report', async () => {
    const response = await analyst.call(
      'POST',
      '/api/sarm/calculation/cal-concentration',
      body(
        videos.map((v) => v.id),
        { save_results: true },
      ),
    );
    expect(response.statusCode).toBe(200);
    const report = ConcentrationReportSchema.parse(response.json());
    const settings = resolveSettings({ umPerPixel: 0.5, chamberDepthUm: 20, dilution: 1 });
    const direct = await Promise.all(videos.map((v) => analyzeVideo(v.file, settings)));
    const expected =
      direct.reduce((sum, r) => sum + r.concentration.mean_concentration_million_per_ml, 0) / 5;
    expect(report.aggregated_results.mean_concentration_million_per_ml).toBeCloseTo(expected, 6);
    expect(expected).toBeGreaterThan(0);
    expect(report.video_summaries).toHaveLength(5);
    expect(report.errors).toEqual([]);
    expect(report.analysis_parameters).toMatchObject({
      who_standard: 'WHO 6th edition (2021)',
      required_video_count: 5,
      chamber_specifications: { depth_um: 20, dilution_factor: 1 },
      micron_per_pixel: 0.5,
    });
  }, 60_000);

  it('reuses saved analyses unless forced; motility pools all tracks', async () => {
    const ids = videos.map((v) => v.id);
    const again = ConcentrationReportSchema.parse(
      (await analyst.call('POST', '/api/sarm/calculation/cal-concentration', body(ids))).json(),
    );
    const first = (await server.context.repositories.analyses.latestByVideo(ids)).map(
      (row) => row.id,
    );
    expect(again.video_summaries.map((s) => s.analysis_id).sort()).toEqual(first.sort());
    const response = await analyst.call(
      'POST',
      '/api/sarm/calculation/cal-motility',
      body(ids, { force_reanalysis: true, save_results: true }),
    );
    expect(response.statusCode).toBe(200);
    const motility = MotilityReportSchema.parse(response.json());
    expect(motility.video_summaries.map((s) => s.analysis_id)).not.toContain(first[0]);
    const tracks = motility.video_summaries.reduce((sum, s) => sum + s.total_sperm_count, 0);
    expect(motility.aggregated_results.total_sperm_count).toBe(tracks);
    const shares = Object.values(motility.aggregated_results.motility_distribution);
    if (tracks > 0) expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 6);
    expect(motility.analysis_parameters.motility_thresholds).toEqual({
      rapid_progressive: 25,
      slow_progressive: 5,
    });
    expect(motility.analysis_parameters.frame_size).toEqual({ width: 160, height: 120 });
  }, 60_000);

  it("analyses with the dataset's optics: dense head finding and a polarity decided from the video", async () => {
    const project = await projectWithMember(server, analyst.user.id);
    const dense = await server.context.repositories.datasets.insert({
      projectId: project.id,
      name: 'Dense sample',
      settings: {
        chamber_depth_um: 20,
        dilution_factor: 1,
        um_per_pixel: 0.5,
        head_finding: 'peaks',
        head_polarity: 'auto',
      },
    });
    const [video] = await seedSimulatedVideos(server, analyst.headers, dense.id, 1, 41);
    if (video === undefined) throw new Error('no video');
    const response = await analyst.call(
      'POST',
      '/api/sarm/calculation/cal-concentration',
      body([video.id]),
    );
    expect(response.statusCode).toBe(200);
    const report = ConcentrationReportSchema.parse(response.json());
    const settings = resolveSettings({ umPerPixel: 0.5, headFinding: 'peaks' });
    const direct = await analyzeVideo(video.file, settings, { autoPolarity: true });
    const blobs = await analyzeVideo(video.file, resolveSettings({ umPerPixel: 0.5 }));
    expect(report.aggregated_results.mean_concentration_million_per_ml).toBeCloseTo(
      direct.concentration.mean_concentration_million_per_ml,
      6,
    );
    // The peak finder counts differently from the blob detector: the setting did reach the engine.
    expect(direct.concentration.mean_concentration_million_per_ml).not.toBe(
      blobs.concentration.mean_concentration_million_per_ml,
    );
    const [row] = await server.context.repositories.analyses.latestByVideo([video.id]);
    expect(row?.settings).toMatchObject({ headFinding: 'peaks', autoPolarity: true });
    expect(row?.result.polarity).toMatchObject({ chosen_by: 'auto' });
  }, 60_000);

  it('pools the videos into intervals narrower than any one video, with the < 200 warnings', async () => {
    const ids = videos.map((v) => v.id);
    const concentration = ConcentrationReportSchema.parse(
      (await analyst.call('POST', '/api/sarm/calculation/cal-concentration', body(ids))).json(),
    );
    expectPooledConcentration(concentration);
    const relativeWidth = (value: number, ci: readonly [number, number] | undefined) =>
      ci === undefined ? NaN : (ci[1] - ci[0]) / value;
    const pooled = concentration.aggregated_results;
    const pooledWidth = relativeWidth(
      pooled.mean_concentration_million_per_ml,
      pooled.concentration_ci95,
    );
    for (const video of concentration.video_summaries) {
      if (video.concentration_million_per_ml <= 0) continue;
      expect(pooledWidth).toBeLessThan(
        relativeWidth(video.concentration_million_per_ml, video.concentration_ci95),
      );
    }
    const motility = MotilityReportSchema.parse(
      (await analyst.call('POST', '/api/sarm/calculation/cal-motility', body(ids))).json(),
    );
    expectPooledMotility(motility);
    // Five 160 x 120 px videos of 2 s stay below 200 tracks and 200 cells: both warn.
    expect(motility.aggregated_results.tracks_assessed).toBeLessThan(200);
    expect(motility.aggregated_results.motility_warning).toContain('200');
    expect(pooled.concentration_warning).toContain('200');
  }, 60_000);

  it('lists a failing video in errors, answers 422 when all fail, 404 for unknown ids', async () => {
    const ids = [videos[0]?.id ?? '', brokenId];
    const partial = await analyst.call('POST', '/api/sarm/calculation/cal-motility', body(ids));
    expect(partial.statusCode).toBe(200);
    const report = MotilityReportSchema.parse(partial.json());
    expect(report.errors.map((e) => e.video_id)).toEqual([brokenId]);
    const failed = await analyst.call(
      'POST',
      '/api/sarm/calculation/cal-motility',
      body([brokenId]),
    );
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toMatchObject({ message: 'Failed to calculate motility' });
    const concentration = await analyst.call(
      'POST',
      '/api/sarm/calculation/cal-concentration',
      body([brokenId]),
    );
    expect(concentration.json()).toMatchObject({ message: 'Failed to calculate concentration' });
    const unknown = await analyst.call(
      'POST',
      '/api/sarm/calculation/cal-motility',
      body(['nope']),
    );
    expect(unknown.statusCode).toBe(404);
    const invalid = await analyst.call('POST', '/api/sarm/calculation/cal-motility', body([]));
    expect(invalid.statusCode).toBe(400);
  });

  it('refuses callers without generate_report and videos of other projects', async () => {
    const outsider = await caller(server);
    await grantCustomRole(server, outsider.user.id, ['sarm.generate_report']);
    const hidden = await outsider.call(
      'POST',
      '/api/sarm/calculation/cal-concentration',
      body([videos[0]?.id ?? '']),
    );
    expect(hidden.statusCode).toBe(404);
    const nobody = await caller(server);
    const denied = await nobody.call(
      'POST',
      '/api/sarm/calculation/cal-concentration',
      body([videos[0]?.id ?? '']),
    );
    expect(denied.statusCode).toBe(403);
    expect((await nobody.call('GET', `/api/sarm/report/get-report/${datasetId}`)).statusCode).toBe(
      403,
    );
  });
});

describe('saved results and reports', () => {
  it('answers the newest analysis per video and the stored report', async () => {
    const ids = videos.map((v) => v.id);
    const results = await analyst.call(
      'GET',
      `/api/sarm/calculation/results?video_ids=${ids.join(',')}`,
    );
    expect(results.statusCode).toBe(200);
    expect(CalculationResultsResponseSchema.parse(results.json()).results).toHaveLength(5);
    const response = await analyst.call('GET', `/api/sarm/report/get-report/${datasetId}`);
    expect(response.statusCode).toBe(200);
    const report = StoredReportSchema.parse(response.json());
    expect(report).toMatchObject({
      dataset_name: 'WHO set',
      reports_available: { concentration: true, motility: true },
    });
    expect(report.combined_summary.video_count).toBe(5);
    expect(report.combined_summary.concentration_million_per_ml).toBe(
      report.concentration_report?.aggregated_results.mean_concentration_million_per_ml,
    );
    if (report.concentration_report === null || report.motility_report === null) {
      throw new Error('both reports expected');
    }
    expectPooledConcentration(report.concentration_report);
    expectPooledMotility(report.motility_report);
    const notifications = await analyst.call('GET', '/api/notifications');
    expect(JSON.stringify(notifications.json())).toContain(`/sarm/reports/view/${datasetId}`);
  });

  it('answers 404 Report not found for a dataset without report', async () => {
    const other = await server.context.repositories.datasets.insert({
      projectId:
        (await server.context.repositories.datasets.findById(datasetId))?.dataset.projectId ?? '',
      name: 'Empty',
    });
    const response = await analyst.call('GET', `/api/sarm/report/get-report/${other.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Report not found' });
  });
});

describe('patient information', () => {
  it('answers the patients of the videos in both calculations and the stored report', async () => {
    const [linked, unlinked, sameAgain] = videos;
    if (linked === undefined || unlinked === undefined || sameAgain === undefined)
      throw new Error('no videos');
    const lonely = await analyst.call(
      'POST',
      '/api/sarm/calculation/cal-concentration',
      body([unlinked.id]),
    );
    expect(ConcentrationReportSchema.parse(lonely.json()).patients).toEqual([]);

    // Linked after the report was saved: the stored report finds the patient when read.
    const patient = await server.context.repositories.patients.insert({
      name: 'Nguyen Van A',
      age: 34,
      contactNumber: '0901 234 567',
    });
    for (const video of [linked, sameAgain])
      await server.context.repositories.videos.update(video.id, { patientId: patient.id });
    const expected = [
      { id: patient.id, name: 'Nguyen Van A', age: 34, contact_number: '0901 234 567' },
    ];

    const ids = [linked.id, unlinked.id, sameAgain.id];
    const concentration = await analyst.call(
      'POST',
      '/api/sarm/calculation/cal-concentration',
      body(ids),
    );
    expect(concentration.statusCode).toBe(200);
    expect(ConcentrationReportSchema.parse(concentration.json()).patients).toEqual(expected);
    const motility = await analyst.call('POST', '/api/sarm/calculation/cal-motility', body(ids));
    expect(motility.statusCode).toBe(200);
    expect(MotilityReportSchema.parse(motility.json()).patients).toEqual(expected);

    const stored = await analyst.call('GET', `/api/sarm/report/get-report/${datasetId}`);
    expect(stored.statusCode).toBe(200);
    const report = StoredReportSchema.parse(stored.json());
    expect(report.patients).toEqual(expected);
    expect(report.concentration_report?.patients).toBeUndefined();
  }, 60_000);
});
