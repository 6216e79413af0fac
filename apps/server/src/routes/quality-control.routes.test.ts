import {
  AgreementResponseSchema,
  LeveyJenningsSchema,
  ManualCountListResponseSchema,
  ManualCountSchema,
  QcSeriesListResponseSchema,
  QcSeriesSchema,
  ReplicateAgreementSchema,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoAnalyses } from '../db/schema/index.js';
import { audited, caller } from '../test/admin-helpers.js';
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

async function withPermissions(codes: string[]) {
  const who = await caller(server);
  await grantCustomRole(server, who.user.id, codes);
  return who;
}

/** A lab member who records QC in a project of their own. */
async function labMember(name = 'QC Lab') {
  const lab = await withPermissions(['sarm.quality_control']);
  const project = await projectWithMember(server, lab.user.id, name);
  return { lab, project };
}

interface Run {
  readonly concentration?: number;
  readonly count?: number;
  readonly progressive?: number;
  readonly total?: number;
  readonly tracks?: number;
}

let day = 0;
/** Saves an engine result of the video, one day after the previous one seeded. */
async function analyse(videoId: string, run: Run) {
  day += 1;
  await server.database.db.insert(videoAnalyses).values({
    videoId,
    settings: {},
    createdAt: new Date(Date.UTC(2026, 0, 1) + day * 86_400_000),
    result: {
      concentration: {
        mean_concentration_million_per_ml: run.concentration ?? 50,
        mean_count_per_frame: run.count ?? 100,
      },
      motility: {
        progressive_percent: run.progressive ?? 40,
        total_motility_percent: run.total ?? 60,
        track_count: run.tracks ?? 200,
      },
    },
  });
}

/** A sample (dataset) with one video per run, each analysed with the run's figures. */
async function seedSample(projectId: string, runs: readonly Run[], name = 'Sample') {
  const { datasets, videos } = server.context.repositories;
  const dataset = await datasets.insert({ projectId, name });
  const videoIds: string[] = [];
  for (const [index, run] of runs.entries()) {
    const video = await videos.insert({
      datasetId: dataset.id,
      name: `Video ${index + 1}`,
      fileName: 'original.mp4',
      originalFilename: 'sample.mp4',
      originalKey: `videos/${dataset.id}/${index}.mp4`,
      processingStatus: 'completed',
    });
    videoIds.push(video.id);
    await analyse(video.id, run);
  }
  return { dataset, videoIds };
}

const manual = (datasetId: string, figures: object = {}) => ({
  dataset_id: datasetId,
  concentration_million_per_ml: 45,
  progressive_pct: 30,
  total_motility_pct: 55,
  method: 'neubauer',
  counted_by: 'A. Nguyen',
  notes: 'Improved Neubauer, 1+19 dilution',
  ...figures,
});

describe('POST /sarm/qc/manual-counts', () => {
  it('records the count beside the CASA values of the newest analyses, kept when re-analysed', async () => {
    const { lab, project } = await labMember();
    const { dataset, videoIds } = await seedSample(project.id, [
      { concentration: 40, progressive: 20, total: 50, tracks: 100 },
      { concentration: 60, progressive: 40, total: 70, tracks: 300 },
    ]);

    const response = await lab.call('POST', '/api/sarm/qc/manual-counts', manual(dataset.id));
    expect(response.statusCode).toBe(201);
    const count = ManualCountSchema.parse(response.json());
    expect(count).toMatchObject({
      dataset_id: dataset.id,
      project_id: project.id,
      concentration_million_per_ml: 45,
      method: 'neubauer',
      counted_by: 'A. Nguyen',
      created_by: lab.user.id,
    });
    // Mean concentration over the videos; motility pooled over all 400 tracks.
    expect(count.measured).toEqual({
      concentration_million_per_ml: 50,
      progressive_pct: 35,
      total_motility_pct: 65,
      source: 'latest_analyses',
      measured_at: '2026-01-03T00:00:00.000Z',
      report_version: null,
    });
    expect(await audited(server, /Manual count \(neubauer\) recorded/)).toBe(true);

    await analyse(videoIds[0] ?? '', { concentration: 100 });
    const list = await lab.call('GET', `/api/sarm/qc/manual-counts?dataset_id=${dataset.id}`);
    const [stored] = ManualCountListResponseSchema.parse(list.json()).manual_counts;
    expect(stored?.measured.concentration_million_per_ml).toBe(50);
  });

  it('reads the measured values from the newest stored report version', async () => {
    const { lab, project } = await labMember();
    const { dataset } = await seedSample(project.id, [{ concentration: 10 }]);
    await server.context.repositories.reportVersions.append(
      dataset.id,
      { id: lab.user.id, name: 'Lab' },
      new Date('2026-02-01T09:00:00Z'),
      () => ({
        payload: {
          concentration_report: { aggregated_results: { mean_concentration_million_per_ml: 22 } },
          motility_report: {
            aggregated_results: { progressive_percent: 31, total_motility_percent: 52 },
          },
        },
        amends: null,
        reason: null,
      }),
    );
    const response = await lab.call('POST', '/api/sarm/qc/manual-counts', manual(dataset.id));
    expect(ManualCountSchema.parse(response.json()).measured).toEqual({
      concentration_million_per_ml: 22,
      progressive_pct: 31,
      total_motility_pct: 52,
      source: 'stored_report',
      measured_at: '2026-02-01T09:00:00.000Z',
      report_version: 1,
    });
  });

  it('refuses a sample without any analysis with 409', async () => {
    const { lab, project } = await labMember();
    const { dataset } = await seedSample(project.id, []);
    const response = await lab.call('POST', '/api/sarm/qc/manual-counts', manual(dataset.id));
    expect(response.statusCode).toBe(409);
  });

  it.each([
    ['an unknown method', { method: 'hemocytometer' }],
    ['a negative concentration', { concentration_million_per_ml: -1 }],
    ['a percentage above 100', { total_motility_pct: 101 }],
    ['progressive above total motility', { progressive_pct: 70, total_motility_pct: 60 }],
    [
      'no figure at all',
      { concentration_million_per_ml: null, progressive_pct: null, total_motility_pct: null },
    ],
    ['an empty counted_by', { counted_by: '  ' }],
    ['notes over 10,000 characters', { notes: 'x'.repeat(10_001) }],
  ])('refuses %s with 400 and stores nothing', async (_label, figures) => {
    const { lab, project } = await labMember();
    const { dataset } = await seedSample(project.id, [{}]);
    const response = await lab.call(
      'POST',
      '/api/sarm/qc/manual-counts',
      manual(dataset.id, figures),
    );
    expect(response.statusCode).toBe(400);
    const list = await lab.call('GET', `/api/sarm/qc/manual-counts?dataset_id=${dataset.id}`);
    expect(ManualCountListResponseSchema.parse(list.json()).manual_counts).toEqual([]);
  });

  it('answers 404 for a sample of a project the caller is not a member of', async () => {
    const { lab } = await labMember();
    const other = await labMember('Other lab');
    const { dataset } = await seedSample(other.project.id, [{}]);
    const response = await lab.call('POST', '/api/sarm/qc/manual-counts', manual(dataset.id));
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /sarm/qc/agreement', () => {
  it('answers bias, 95 % limits of agreement and r over three pairs', async () => {
    const { lab, project } = await labMember();
    const pairs = [
      { manual: 10, casa: 12, manualProgressive: 30, casaProgressive: 28 },
      { manual: 20, casa: 21, manualProgressive: 40, casaProgressive: 36 },
      { manual: 30, casa: 33, manualProgressive: 50, casaProgressive: 49 },
    ];
    for (const pair of pairs) {
      const { dataset } = await seedSample(project.id, [
        { concentration: pair.casa, progressive: pair.casaProgressive, total: 60 },
      ]);
      const response = await lab.call(
        'POST',
        '/api/sarm/qc/manual-counts',
        manual(dataset.id, {
          concentration_million_per_ml: pair.manual,
          progressive_pct: pair.manualProgressive,
          total_motility_pct: null,
        }),
      );
      expect(response.statusCode).toBe(201);
    }

    const response = await lab.call('GET', `/api/sarm/qc/agreement?project_id=${project.id}`);
    expect(response.statusCode).toBe(200);
    const agreement = AgreementResponseSchema.parse(response.json());
    expect(agreement.n).toBe(3);
    const c = agreement.concentration;
    // Differences 2, 1, 3: bias 2, SD 1, limits 2 ± 1.96.
    expect(c.n).toBe(3);
    expect(c.mean_bias).toBeCloseTo(2, 10);
    expect(c.sd_of_differences).toBeCloseTo(1, 10);
    expect(c.lower_limit_of_agreement).toBeCloseTo(0.04, 10);
    expect(c.upper_limit_of_agreement).toBeCloseTo(3.96, 10);
    expect(c.correlation).toBeCloseTo(210 / Math.sqrt(200 * 222), 10);
    const plotted = c.pairs.map((p) => [p.manual, p.measured, p.difference]);
    expect(plotted.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))).toEqual([
      [10, 12, 2],
      [20, 21, 1],
      [30, 33, 3],
    ]);
    // Differences −2, −4, −1: bias −7/3.
    expect(agreement.progressive_motility.mean_bias).toBeCloseTo(-7 / 3, 10);
    expect(agreement.progressive_motility.n).toBe(3);
    expect(agreement.total_motility).toMatchObject({ n: 0, mean_bias: null, pairs: [] });
  });

  it('answers 404 for a project the caller cannot see', async () => {
    const { lab } = await labMember();
    const other = await labMember('Elsewhere');
    const response = await lab.call('GET', `/api/sarm/qc/agreement?project_id=${other.project.id}`);
    expect(response.statusCode).toBe(404);
  });

  it('requires project_id (400)', async () => {
    const { lab } = await labMember();
    expect((await lab.call('GET', '/api/sarm/qc/agreement')).statusCode).toBe(400);
  });
});

describe('permissions', () => {
  it('lets report readers read QC but not record it, and refuses callers without results access', async () => {
    const { lab, project } = await labMember();
    const { dataset } = await seedSample(project.id, [{}, {}]);
    const recorded = ManualCountSchema.parse(
      (await lab.call('POST', '/api/sarm/qc/manual-counts', manual(dataset.id))).json(),
    );

    const reader = await withPermissions(['sarm.view_reports']);
    await server.context.repositories.projects.addMember({
      projectId: project.id,
      userId: reader.user.id,
      accessLevel: 'viewer',
    });
    const agreement = await reader.call('GET', `/api/sarm/qc/agreement?project_id=${project.id}`);
    expect(agreement.statusCode).toBe(200);
    expect((await reader.call('GET', `/api/sarm/qc/replicates/${dataset.id}`)).statusCode).toBe(
      200,
    );
    expect(
      (await reader.call('POST', '/api/sarm/qc/manual-counts', manual(dataset.id))).statusCode,
    ).toBe(403);
    expect(
      (await reader.call('DELETE', `/api/sarm/qc/manual-counts/${recorded.id}`)).statusCode,
    ).toBe(403);
    expect(
      (
        await reader.call('POST', '/api/sarm/qc/series', {
          dataset_id: dataset.id,
          name: 'Beads',
          analyte: 'concentration',
        })
      ).statusCode,
    ).toBe(403);

    const technical = await withPermissions(['finetune.manage_dataset']);
    for (const url of [
      `/api/sarm/qc/agreement?project_id=${project.id}`,
      `/api/sarm/qc/replicates/${dataset.id}`,
      `/api/sarm/qc/manual-counts?project_id=${project.id}`,
      `/api/sarm/qc/series?project_id=${project.id}`,
    ])
      expect((await technical.call('GET', url)).statusCode).toBe(403);
    const anonymous = await server.app.inject({
      method: 'GET',
      url: `/api/sarm/qc/agreement?project_id=${project.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets the seeded Lab Technician record and the Clinician only read', async () => {
    const technician = await caller(server, { roles: ['lab_technician'] });
    const clinician = await caller(server, { roles: ['clinician'] });
    const project = await projectWithMember(server, technician.user.id, 'Seeded roles');
    await server.context.repositories.projects.addMember({
      projectId: project.id,
      userId: clinician.user.id,
      accessLevel: 'member',
    });
    const { dataset } = await seedSample(project.id, [{}]);
    const body = manual(dataset.id);
    expect((await technician.call('POST', '/api/sarm/qc/manual-counts', body)).statusCode).toBe(
      201,
    );
    expect((await clinician.call('POST', '/api/sarm/qc/manual-counts', body)).statusCode).toBe(403);
    const list = await clinician.call('GET', `/api/sarm/qc/manual-counts?project_id=${project.id}`);
    expect(ManualCountListResponseSchema.parse(list.json()).manual_counts).toHaveLength(1);
  });
});

describe('DELETE /sarm/qc/manual-counts/:id', () => {
  it('deletes the count, audits it, and answers 404 afterwards', async () => {
    const { lab, project } = await labMember();
    const { dataset } = await seedSample(project.id, [{}]);
    const count = ManualCountSchema.parse(
      (await lab.call('POST', '/api/sarm/qc/manual-counts', manual(dataset.id))).json(),
    );
    expect((await lab.call('DELETE', `/api/sarm/qc/manual-counts/${count.id}`)).statusCode).toBe(
      200,
    );
    expect(await audited(server, /Manual count of sample "Sample" deleted/)).toBe(true);
    expect((await lab.call('DELETE', `/api/sarm/qc/manual-counts/${count.id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('QC series and Levey–Jennings', () => {
  it('flags 1-3s, 2-2s and R-4s against an entered target mean and SD', async () => {
    const { lab, project } = await labMember();
    // Target 50 ± 5: z = 0, 3.2, 0, 2.2, 2.4, −2.2.
    const { dataset } = await seedSample(
      project.id,
      [50, 66, 50, 61, 62, 39].map((concentration) => ({ concentration })),
      'QC beads lot 7',
    );
    const created = await lab.call('POST', '/api/sarm/qc/series', {
      dataset_id: dataset.id,
      name: 'Beads lot 7',
      analyte: 'concentration',
      target_mean: 50,
      target_sd: 5,
    });
    expect(created.statusCode).toBe(201);
    const series = QcSeriesSchema.parse(created.json());

    const response = await lab.call('GET', `/api/sarm/qc/series/${series.id}/levey-jennings`);
    expect(response.statusCode).toBe(200);
    const chart = LeveyJenningsSchema.parse(response.json());
    expect(chart).toMatchObject({ control_source: 'target', mean: 50, sd: 5, rejected_runs: 3 });
    expect(chart.points.map((p) => [p.run, p.value, p.violations])).toEqual([
      [1, 50, []],
      [2, 66, ['1-3s']],
      [3, 50, []],
      [4, 61, []],
      [5, 62, ['2-2s']],
      [6, 39, ['R-4s']],
    ]);
    expect(chart.points[1]?.z_score).toBeCloseTo(3.2, 10);

    const list = await lab.call('GET', `/api/sarm/qc/series?project_id=${project.id}`);
    expect(QcSeriesListResponseSchema.parse(list.json()).series.map((s) => s.id)).toEqual([
      series.id,
    ]);
    expect((await lab.call('DELETE', `/api/sarm/qc/series/${series.id}`)).statusCode).toBe(200);
    expect(
      (await lab.call('GET', `/api/sarm/qc/series/${series.id}/levey-jennings`)).statusCode,
    ).toBe(404);
  });

  it('sets no limits from fewer than 10 runs, then the first 10 runs define mean and SD', async () => {
    const { lab, project } = await labMember();
    const values = [10, 12, 11, 9, 10, 13, 8, 10, 11];
    const { dataset } = await seedSample(
      project.id,
      values.map((progressive) => ({ progressive, total: 60 })),
    );
    const series = QcSeriesSchema.parse(
      (
        await lab.call('POST', '/api/sarm/qc/series', {
          dataset_id: dataset.id,
          name: 'Frozen motility control',
          analyte: 'progressive',
        })
      ).json(),
    );
    const url = `/api/sarm/qc/series/${series.id}/levey-jennings`;
    const early = LeveyJenningsSchema.parse((await lab.call('GET', url)).json());
    expect(early).toMatchObject({ control_source: 'insufficient', mean: null, sd: null });
    expect(early.points.every((p) => p.z_score === null && p.violations.length === 0)).toBe(true);

    const video = await server.context.repositories.videos.insert({
      datasetId: dataset.id,
      name: 'Run 10',
      fileName: 'original.mp4',
      originalFilename: 'run10.mp4',
      originalKey: 'videos/run10.mp4',
      processingStatus: 'completed',
    });
    await analyse(video.id, { progressive: 10, total: 60 });
    const late = LeveyJenningsSchema.parse((await lab.call('GET', url)).json());
    expect(late.control_source).toBe('baseline');
    expect(late.mean).toBeCloseTo(10.4, 10);
    expect(late.sd).toBeCloseTo(1.4298, 3);
  });

  it('refuses a target mean without a target SD (400)', async () => {
    const { lab, project } = await labMember();
    const { dataset } = await seedSample(project.id, [{}]);
    const response = await lab.call('POST', '/api/sarm/qc/series', {
      dataset_id: dataset.id,
      name: 'Half a target',
      analyte: 'concentration',
      target_mean: 50,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /sarm/qc/replicates/:datasetId', () => {
  it('accepts replicate counts within 1.96·√sum and flags motility outside the WHO limit', async () => {
    const { lab, project } = await labMember();
    const { dataset, videoIds } = await seedSample(project.id, [
      // Progressive 44 % and 56 % of 200 each: WHO Table 2.1 allows 10 points at an average of 50.
      { count: 219, progressive: 44, total: 60, tracks: 200 },
      { count: 181, progressive: 56, total: 62, tracks: 200 },
    ]);
    const response = await lab.call('GET', `/api/sarm/qc/replicates/${dataset.id}`);
    expect(response.statusCode).toBe(200);
    const answer = ReplicateAgreementSchema.parse(response.json());
    expect(answer.replicates.map((r) => r.video_id)).toEqual(videoIds);
    expect(answer.comparisons).toEqual([
      expect.objectContaining({ measure: 'count', difference: 38, agree: true }),
      expect.objectContaining({
        measure: 'progressive',
        difference: 12,
        acceptable_difference: 10,
        agree: false,
      }),
      expect.objectContaining({ measure: 'total_motility', difference: 2, agree: true }),
    ]);
    expect(answer.comparisons[0]?.acceptable_difference).toBeCloseTo(39.2, 10);
    expect(answer).toMatchObject({
      concentration_agree: true,
      motility_agree: false,
      replicates_agree: false,
      assessed_enough: true,
    });
  });

  it('says replicates agree, disagree on counts, or cannot be compared with one video', async () => {
    const { lab, project } = await labMember();
    const same = await seedSample(project.id, [{ count: 100 }, { count: 104 }]);
    const apart = await seedSample(project.id, [{ count: 220 }, { count: 180 }]);
    const single = await seedSample(project.id, [{}]);
    const read = async (id: string) =>
      ReplicateAgreementSchema.parse(
        (await lab.call('GET', `/api/sarm/qc/replicates/${id}`)).json(),
      );
    expect((await read(same.dataset.id)).replicates_agree).toBe(true);
    expect(await read(apart.dataset.id)).toMatchObject({
      concentration_agree: false,
      replicates_agree: false,
    });
    const few = await seedSample(project.id, [{ tracks: 199 }, { tracks: 250 }]);
    expect((await read(few.dataset.id)).assessed_enough).toBe(false);
    expect(await read(single.dataset.id)).toMatchObject({
      comparisons: [],
      replicates_agree: null,
    });
  });

  it('lists videos without an analysis as missing, and hides other projects (404)', async () => {
    const { lab, project } = await labMember();
    const { dataset } = await seedSample(project.id, [{}]);
    const unanalysed = await server.context.repositories.videos.insert({
      datasetId: dataset.id,
      name: 'Waiting',
      fileName: 'original.mp4',
      originalFilename: 'waiting.mp4',
      originalKey: 'videos/waiting.mp4',
      processingStatus: 'completed',
    });
    const answer = ReplicateAgreementSchema.parse(
      (await lab.call('GET', `/api/sarm/qc/replicates/${dataset.id}`)).json(),
    );
    expect(answer.missing_video_ids).toEqual([unanalysed.id]);
    const other = await labMember('Hidden');
    const hidden = await seedSample(other.project.id, [{}]);
    expect((await lab.call('GET', `/api/sarm/qc/replicates/${hidden.dataset.id}`)).statusCode).toBe(
      404,
    );
  });
});
