import {
  AMEND_REASON_REQUIRED,
  ReportVersionSchema,
  VersionedStoredReportSchema,
  type AssessmentInput,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audited, caller } from '../test/admin-helpers.js';
import { seedSimulatedVideos } from '../test/analysis-helpers.js';
import { projectWithMember } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
let analyst: Awaited<ReturnType<typeof caller>>;
let clinician: Awaited<ReturnType<typeof caller>>;
let technician: Awaited<ReturnType<typeof caller>>;
let projectId: string;
let datasetId: string;
let videoIds: string[];

beforeAll(async () => {
  server = await createTestServer({ workers: true });
  analyst = await caller(server, { displayName: 'Ana Lyst' });
  await grantCustomRole(server, analyst.user.id, ['sarm.generate_report', 'sarm.upload_video']);
  clinician = await caller(server, { roles: ['clinician'], displayName: 'Dr Signer' });
  technician = await caller(server, { displayName: 'Tech Counter' });
  await grantCustomRole(server, technician.user.id, ['sarm.record_assessments']);
  const project = await projectWithMember(server, analyst.user.id);
  projectId = project.id;
  for (const member of [clinician, technician])
    await server.context.repositories.projects.addMember({
      projectId,
      userId: member.user.id,
      accessLevel: 'member',
    });
  const dataset = await server.context.repositories.datasets.insert({
    projectId,
    name: 'Sample 31',
    settings: { chamber_depth_um: 20, dilution_factor: 1, um_per_pixel: 0.5, semen_volume_ml: 3 },
  });
  datasetId = dataset.id;
  videoIds = (await seedSimulatedVideos(server, analyst.headers, datasetId, 2)).map((v) => v.id);
}, 120_000);
afterAll(async () => {
  await server.close();
});

const VITALITY: AssessmentInput = {
  module: 'vitality',
  method: 'eosin_nigrosin',
  replicates: [
    { live: 150, dead: 50 },
    { live: 150, dead: 50 },
  ],
  notes: '',
};
/** 1 % normal forms: below WHO's 4 %, so the suggestion names teratozoospermia. */
const MORPHOLOGY: AssessmentInput = {
  module: 'morphology',
  method: 'papanicolaou',
  replicates: [0, 1].map(() => ({
    normal: 2,
    abnormal: [
      { defects: ['head' as const], count: 150 },
      { defects: ['head' as const, 'tail' as const], count: 48 },
    ],
  })),
  notes: '',
  model_assisted: null,
};

const recordAssessment = async (input: AssessmentInput) => {
  const response = await technician.call('POST', `/api/sarm/assessments/${datasetId}`, input);
  expect(response.statusCode).toBe(200);
};
const reportOf = async (version?: number) => {
  const response = await analyst.call(
    'GET',
    `/api/sarm/report/get-report/${datasetId}${version === undefined ? '' : `?version=${version}`}`,
  );
  expect(response.statusCode).toBe(200);
  return VersionedStoredReportSchema.parse(response.json());
};
const revise = (who: typeof analyst, body: object, dataset = datasetId) =>
  who.call('POST', `/api/sarm/report/revise/${dataset}`, body);
const run = (reason?: string) =>
  analyst.call('POST', `/api/sarm/report/run/${datasetId}`, {
    video_ids: videoIds,
    ...(reason === undefined ? {} : { reason }),
  });

describe('bench assessments frozen into report versions', () => {
  it('answers 404 for a revise before any version, and 403 without either permission', async () => {
    const missing = await revise(analyst, {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Report not found' });
    expect((await revise(technician, {})).statusCode).toBe(403);
  });

  it('freezes the current assessments into a run; later assessments leave that version alone', async () => {
    await recordAssessment(VITALITY);
    expect((await run()).statusCode).toBe(200);
    const first = await reportOf(1);
    expect(first.assessments.vitality).toMatchObject({
      countedBy: { id: technician.user.id, name: 'Tech Counter' },
      figures: { main: { percent: 75, assessed: 400 } },
    });
    expect(first.assessments.morphology).toBeUndefined();
    expect(first.interpretation).toBeNull();

    await recordAssessment(MORPHOLOGY);
    expect((await reportOf(1)).assessments.morphology).toBeUndefined();
  }, 60_000);

  it('revises into a new version with the assessments as they are now', async () => {
    const response = await revise(analyst, {});
    expect(response.statusCode).toBe(200);
    expect(ReportVersionSchema.parse(response.json())).toMatchObject({ version: 2, amends: null });
    const revised = await reportOf(2);
    expect(revised.assessments.morphology?.figures.main?.percent).toBe(1);
    expect(revised.assessments.vitality?.figures.main?.percent).toBe(75);
    // The analyses are the latest version's, untouched.
    expect(revised.concentration_report).toEqual((await reportOf(1)).concentration_report);
    expect(revised.interpretation).toBeNull();
  });
});

describe('the clinician interpretation', () => {
  it('stores an edited interpretation with its editor and the terms suggested then', async () => {
    const response = await revise(clinician, { interpretation: '  Teratozoospermia.  ' });
    expect(response.statusCode).toBe(200);
    const report = await reportOf();
    expect(report.report_version.version).toBe(3);
    expect(report.interpretation).toMatchObject({
      text: 'Teratozoospermia.',
      editedBy: { id: clinician.user.id, name: 'Dr Signer' },
    });
    expect(report.interpretation?.basedOnTerms).toContain('teratozoospermia');
    expect(Number.isNaN(Date.parse(report.interpretation?.editedAt ?? ''))).toBe(false);
    expect(
      await audited(
        server,
        'WHO report of sample "Sample 31" saved as version 3 (interpretation edited)',
      ),
    ).toBe(true);
  });

  it('keeps the interpretation across runs and revisions that do not touch it', async () => {
    expect((await run()).statusCode).toBe(200);
    expect((await reportOf()).interpretation?.text).toBe('Teratozoospermia.');
    expect((await revise(analyst, {})).statusCode).toBe(200);
    const kept = await reportOf();
    expect(kept.report_version.version).toBe(5);
    expect(kept.interpretation?.text).toBe('Teratozoospermia.');
  }, 60_000);

  it('goes back to the suggestion with null', async () => {
    expect((await revise(clinician, { interpretation: null })).statusCode).toBe(200);
    const report = await reportOf();
    expect(report.report_version.version).toBe(6);
    expect(report.interpretation).toBeNull();
    expect((await reportOf(5)).interpretation?.text).toBe('Teratozoospermia.');
  });
});

describe('revising a signed report', () => {
  it('needs a reason after sign-off (400, nothing saved) and amends with one', async () => {
    const signed = await clinician.call('POST', `/api/sarm/report/sign/${datasetId}`, {
      password: clinician.password,
      meaning: 'reviewed_and_released',
    });
    expect(signed.statusCode).toBe(200);
    const refused = await revise(clinician, { interpretation: 'Normozoospermia.' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: AMEND_REASON_REQUIRED });
    expect((await reportOf()).report_version.version).toBe(6);

    const amended = await revise(clinician, {
      interpretation: 'Teratozoospermia; vitality normal.',
      reason: 'Interpretation completed',
    });
    expect(amended.statusCode).toBe(200);
    expect(ReportVersionSchema.parse(amended.json())).toMatchObject({
      version: 7,
      amends: 6,
      reason: 'Interpretation completed',
      signed: false,
    });
    expect((await reportOf(6)).interpretation).toBeNull();
    expect(
      await audited(
        server,
        'WHO report of sample "Sample 31" amended: version 7 amends signed version 6 (interpretation edited). Reason: Interpretation completed',
      ),
    ).toBe(true);
  });
});
