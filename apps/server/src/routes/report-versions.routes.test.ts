import {
  AMEND_REASON_REQUIRED,
  REPORT_ALREADY_SIGNED,
  SIGNATURE_PASSWORD_WRONG,
  ReportRunResponseSchema,
  ReportVersionSchema,
  ReportVersionsResponseSchema,
  VersionedStoredReportSchema,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audited, caller, recentAudit } from '../test/admin-helpers.js';
import { seedSimulatedVideos } from '../test/analysis-helpers.js';
import { projectWithMember } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';
import { expectPooledConcentration, expectPooledMotility } from '../test/uncertainty-assertions.js';

let server: TestServer;
let analyst: Awaited<ReturnType<typeof caller>>;
let clinician: Awaited<ReturnType<typeof caller>>;
let datasetId: string;
let videoIds: string[];

beforeAll(async () => {
  server = await createTestServer({ workers: true });
  analyst = await caller(server, { displayName: 'Ana Lyst' });
  await grantCustomRole(server, analyst.user.id, ['sarm.generate_report', 'sarm.upload_video']);
  clinician = await caller(server, { roles: ['clinician'], displayName: 'Dr Signer' });
  const project = await projectWithMember(server, analyst.user.id);
  await server.context.repositories.projects.addMember({
    projectId: project.id,
    userId: clinician.user.id,
    accessLevel: 'member',
  });
  const dataset = await server.context.repositories.datasets.insert({
    projectId: project.id,
    name: 'Sample 42',
  });
  datasetId = dataset.id;
  videoIds = (await seedSimulatedVideos(server, analyst.headers, datasetId, 2)).map((v) => v.id);
}, 120_000);
afterAll(async () => {
  await server.close();
});

const versionsOf = async (who: typeof analyst) =>
  ReportVersionsResponseSchema.parse(
    (await who.call('GET', `/api/sarm/report/versions/${datasetId}`)).json(),
  );
const reportOf = async (who: typeof analyst, version?: number) => {
  const response = await who.call(
    'GET',
    `/api/sarm/report/get-report/${datasetId}${version === undefined ? '' : `?version=${version}`}`,
  );
  expect(response.statusCode).toBe(200);
  return VersionedStoredReportSchema.parse(response.json());
};
const signAs = (who: typeof analyst, password = who.password) =>
  who.call('POST', `/api/sarm/report/sign/${datasetId}`, {
    password,
    meaning: 'reviewed_and_released',
  });
const saveConcentration = (reason?: string) =>
  analyst.call('POST', '/api/sarm/calculation/cal-concentration', {
    video_ids: videoIds,
    save_results: true,
    ...(reason === undefined ? {} : { reason }),
  });

describe('report versions', () => {
  it('answers an empty list before any run, and 404 for an unknown dataset', async () => {
    expect(await versionsOf(analyst)).toEqual({ datasetId, versions: [], canSign: false });
    const unknown = await analyst.call('GET', '/api/sarm/report/versions/no-such-dataset');
    expect(unknown.statusCode).toBe(404);
  });

  it('saves every run as a version numbered from 1, listed newest first', async () => {
    expect((await saveConcentration()).statusCode).toBe(200);
    const run = await analyst.call('POST', `/api/sarm/report/run/${datasetId}`, {
      video_ids: videoIds,
    });
    expect(run.statusCode).toBe(200);
    expect(ReportRunResponseSchema.parse(run.json()).report_version).toMatchObject({
      version: 2,
      amends: null,
    });
    const { versions, canSign } = await versionsOf(analyst);
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect(versions[1]).toMatchObject({
      createdBy: { id: analyst.user.id, name: 'Ana Lyst' },
      signed: false,
      signedBy: null,
      signedAt: null,
      amends: null,
      reason: null,
    });
    // The analyst may not sign: the server says so with the data.
    expect(canSign).toBe(false);
    expect((await versionsOf(clinician)).canSign).toBe(true);

    const latest = await reportOf(analyst);
    expect(latest.report_version.version).toBe(2);
    expect(latest.reports_available).toEqual({ concentration: true, motility: true });
    // The stored version keeps the pooled intervals, counts assessed and warnings.
    if (latest.concentration_report === null || latest.motility_report === null) {
      throw new Error('both reports expected');
    }
    expectPooledConcentration(latest.concentration_report);
    expectPooledMotility(latest.motility_report);
    const first = await reportOf(analyst, 1);
    expect(first.report_version.version).toBe(1);
    expect(first.reports_available).toEqual({ concentration: true, motility: false });
    const missing = await analyst.call(
      'GET',
      `/api/sarm/report/get-report/${datasetId}?version=99`,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Report version not found' });
  }, 60_000);

  it('answers an earlier version unchanged after later runs', async () => {
    const before = await reportOf(analyst, 2);
    const rerun = await analyst.call('POST', `/api/sarm/report/run/${datasetId}`, {
      video_ids: videoIds,
      force_reanalysis: true,
    });
    expect(rerun.statusCode).toBe(200);
    expect((await reportOf(analyst)).report_version.version).toBe(3);
    expect(await reportOf(analyst, 2)).toEqual(before);
  }, 60_000);

  it('refuses runs with videos of another dataset', async () => {
    const other = await server.context.repositories.datasets.insert({
      projectId:
        (await server.context.repositories.datasets.findById(datasetId))?.dataset.projectId ?? '',
      name: 'Other sample',
    });
    const response = await analyst.call('POST', `/api/sarm/report/run/${other.id}`, {
      video_ids: videoIds,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('sign-off and amendment', () => {
  it('refuses sign-off to a caller without sarm.sign_report with 403', async () => {
    const response = await signAs(analyst);
    expect(response.statusCode).toBe(403);
    expect((await reportOf(analyst)).report_version.signed).toBe(false);
  });

  it('refuses a signature with a wrong password with 403, signs nothing and leaves a warning', async () => {
    const response = await signAs(clinician, 'not-my-password');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: SIGNATURE_PASSWORD_WRONG });
    expect((await reportOf(clinician)).report_version).toMatchObject({
      version: 3,
      signed: false,
      signatureMeaning: null,
    });
    const refused = (await recentAudit(server, 50)).find((row) =>
      row.message.includes('refused: password incorrect'),
    );
    expect(refused).toMatchObject({
      severity: 'warning',
      message:
        'Signature of WHO report of sample "Sample 42" version 3 refused: password incorrect',
    });
    const noMeaning = await clinician.call('POST', `/api/sarm/report/sign/${datasetId}`, {
      password: clinician.password,
    });
    expect(noMeaning.statusCode).toBe(400);
  });

  it('signs the latest version once with its meaning; a second sign-off answers 409', async () => {
    const response = await signAs(clinician);
    expect(response.statusCode).toBe(200);
    expect(ReportVersionSchema.parse(response.json())).toMatchObject({
      version: 3,
      signed: true,
      signedBy: { id: clinician.user.id, name: 'Dr Signer' },
      signatureMeaning: 'reviewed_and_released',
    });
    const again = await signAs(clinician);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: REPORT_ALREADY_SIGNED });
    const latest = await reportOf(clinician);
    expect(latest.report_version).toMatchObject({
      version: 3,
      signed: true,
      signatureMeaning: 'reviewed_and_released',
    });
    expect(latest.report_version.signedAt).not.toBeNull();
    expect((await versionsOf(clinician)).canSign).toBe(false);
  });

  it('refuses a run after sign-off without a reason, with 400, and saves nothing', async () => {
    const plain = await saveConcentration();
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ message: AMEND_REASON_REQUIRED });
    const run = await analyst.call('POST', `/api/sarm/report/run/${datasetId}`, {
      video_ids: videoIds,
      reason: '   ',
    });
    expect(run.statusCode).toBe(400);
    expect(run.json()).toMatchObject({ message: AMEND_REASON_REQUIRED });
    expect((await versionsOf(analyst)).versions).toHaveLength(3);
  });

  it('saves a run after sign-off as a version amending the signed one, with its reason', async () => {
    const run = await analyst.call('POST', `/api/sarm/report/run/${datasetId}`, {
      video_ids: videoIds,
      reason: 'Wrong chamber depth',
    });
    expect(run.statusCode).toBe(200);
    const latest = await reportOf(analyst);
    expect(latest.report_version).toMatchObject({
      version: 4,
      amends: 3,
      reason: 'Wrong chamber depth',
      signed: false,
    });
    // The signed version stays as it was signed.
    expect((await reportOf(analyst, 3)).report_version).toMatchObject({
      signed: true,
      amends: null,
    });
    // Until the amendment is signed, every further run still amends version 3 and needs a reason.
    expect((await saveConcentration('Second look')).statusCode).toBe(200);
    expect((await reportOf(analyst)).report_version).toMatchObject({ version: 5, amends: 3 });
    expect((await signAs(clinician)).statusCode).toBe(200);
    expect((await saveConcentration('After second sign-off')).statusCode).toBe(200);
    expect((await reportOf(analyst)).report_version).toMatchObject({ version: 6, amends: 5 });
  }, 60_000);
});

describe('audit trail', () => {
  it('records runs, sign-off, amendment and downloads', async () => {
    expect(await audited(server, 'WHO report of sample "Sample 42" saved as version 1')).toBe(true);
    expect(
      await audited(
        server,
        'WHO report of sample "Sample 42" version 3 signed: reviewed and released',
      ),
    ).toBe(true);
    expect(
      await audited(
        server,
        'WHO report of sample "Sample 42" amended: version 4 amends signed version 3. Reason: Wrong chamber depth',
      ),
    ).toBe(true);

    const download = await clinician.call('POST', `/api/sarm/report/downloads/${datasetId}`, {
      version: 3,
    });
    expect(download.statusCode).toBe(200);
    expect(
      await audited(server, 'WHO report of sample "Sample 42" version 3 downloaded as PDF'),
    ).toBe(true);
    const unknown = await clinician.call('POST', `/api/sarm/report/downloads/${datasetId}`, {
      version: 42,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('permission catalogue', () => {
  it('lists sarm.sign_report and grants it to the seeded Clinician role', async () => {
    const admin = await caller(server, { roles: ['system_admin'] });
    const catalogue = await admin.call('GET', '/api/admin/permissions');
    expect(JSON.stringify(catalogue.json())).toContain('sarm.sign_report');
    const roles = await server.context.repositories.roles.rolesOfUser(clinician.user.id);
    const role = roles.find((r) => r.code === 'clinician');
    expect(role?.permissions).toContain('sarm.sign_report');
  });
});
