import {
  FHIR_EXPORT_NEEDS_SIGNATURE,
  FhirReportBundleSchema,
  LOGO_INVALID,
  ReportLetterheadSchema,
  SARM_CASA_CODE_SYSTEM,
  VersionedStoredReportSchema,
  type AssessmentInput,
  type FhirBundleResource,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCaller, audited, caller } from '../test/admin-helpers.js';
import { seedSimulatedVideos } from '../test/analysis-helpers.js';
import { projectWithMember } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

/** A 1×1 transparent PNG. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const COLLECTED_AT = '2026-03-02T08:15:00.000Z';

let server: TestServer;
let analyst: Awaited<ReturnType<typeof caller>>;
let clinician: Awaited<ReturnType<typeof caller>>;
let technician: Awaited<ReturnType<typeof caller>>;
let datasetId: string;
let patientId: string;
let videoIds: string[];

beforeAll(async () => {
  server = await createTestServer({ workers: true });
  const { repositories } = server.context;
  analyst = await caller(server, { displayName: 'Ana Lyst' });
  await grantCustomRole(server, analyst.user.id, ['sarm.generate_report', 'sarm.upload_video']);
  clinician = await caller(server, { roles: ['clinician'], displayName: 'Dr Signer' });
  technician = await caller(server, { displayName: 'Tech Counter' });
  await grantCustomRole(server, technician.user.id, ['sarm.record_assessments']);
  const project = await projectWithMember(server, analyst.user.id);
  for (const member of [clinician, technician])
    await repositories.projects.addMember({
      projectId: project.id,
      userId: member.user.id,
      accessLevel: 'member',
    });
  const patient = await repositories.patients.insert({
    projectId: project.id,
    name: 'Jean Dupont',
    age: 34,
  });
  patientId = patient.id;
  const profile = await repositories.calibrationProfiles.insert({
    name: 'Olympus 20x phase',
    objective: '20x',
    umPerPixel: 0.5,
    chamberName: 'Leja 20',
    chamberDepthUm: 20,
  });
  const dataset = await repositories.datasets.insert({
    projectId: project.id,
    name: 'Sample 77',
    settings: {
      chamber_depth_um: 20,
      dilution_factor: 1,
      um_per_pixel: 0.5,
      patient_id: patient.id,
      collected_at: COLLECTED_AT,
      abstinence_days: 3,
      semen_volume_ml: 3.2,
      collection_complete: true,
      minutes_to_analysis: 35,
      ph: 7.6,
      chamber_name: 'Leja 20',
      calibration_profile_id: profile.id,
    },
  });
  datasetId = dataset.id;
  videoIds = (await seedSimulatedVideos(server, analyst.headers, datasetId, 2)).map((v) => v.id);
  const run = await analyst.call('POST', `/api/sarm/report/run/${datasetId}`, {
    video_ids: videoIds,
  });
  expect(run.statusCode).toBe(200);
}, 120_000);
afterAll(async () => {
  await server.close();
});

const sign = () =>
  clinician.call('POST', `/api/sarm/report/sign/${datasetId}`, {
    password: clinician.password,
    meaning: 'reviewed_and_released',
  });
const fhirOf = (who: typeof analyst, version?: number) =>
  who.call(
    'GET',
    `/api/sarm/report/fhir/${datasetId}${version === undefined ? '' : `?version=${version}`}`,
  );

describe('laboratory identity', () => {
  it('keeps the settings of an existing install and adds an empty laboratory identity', async () => {
    // A general section saved before the laboratory fields existed.
    await server.context.repositories.systemSettings.write(
      'general',
      { siteName: 'Old clinic', maxUploadSize: 50 },
      null,
      new Date(),
    );
    const admin = await adminCaller(server);
    const settings = await admin.call('GET', '/api/admin/settings');
    expect(settings.json()).toMatchObject({
      general: {
        siteName: 'Old clinic',
        maxUploadSize: 50,
        laboratoryName: '',
        laboratoryLogo: '',
      },
    });
  });

  it('saves the identity and logo, refuses other images, and shows it to report readers', async () => {
    const admin = await adminCaller(server);
    const saved = await admin.call('PUT', '/api/admin/settings', {
      general: {
        laboratoryName: 'Andrology Lab Hanoi',
        laboratoryAddress: '12 Tran Hung Dao\nHanoi',
        laboratoryPhone: '+84 24 1234 5678',
        laboratoryAccreditation: 'ISO 15189:2022 no. 42',
        laboratoryLogo: PNG,
      },
    });
    expect(saved.statusCode).toBe(200);
    for (const logo of ['data:image/gif;base64,R0lGOD==', 'javascript:alert(1)']) {
      const refused = await admin.call('PUT', '/api/admin/settings', {
        general: { laboratoryLogo: logo },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(LOGO_INVALID);
    }
    // The clinician may not read the system settings, but reads the letterhead of reports.
    expect((await clinician.call('GET', '/api/admin/settings')).statusCode).toBe(403);
    const letterhead = await clinician.call('GET', '/api/sarm/report/letterhead');
    expect(letterhead.statusCode).toBe(200);
    expect(ReportLetterheadSchema.parse(letterhead.json())).toEqual({
      name: 'Andrology Lab Hanoi',
      address: '12 Tran Hung Dao\nHanoi',
      phone: '+84 24 1234 5678',
      accreditation: 'ISO 15189:2022 no. 42',
      logo: PNG,
      software: { name: 'SARM', version: expect.stringMatching(/^\d+\.\d+\.\d+/) as string },
    });
  });
});

describe('the sample frozen into a report version', () => {
  it('answers the patient, collection and calibration as they were when the version was saved', async () => {
    await server.context.repositories.datasets.update(datasetId, {
      settings: { chamber_depth_um: 20, dilution_factor: 1, um_per_pixel: 0.5, semen_volume_ml: 9 },
    });
    const report = VersionedStoredReportSchema.parse(
      (await analyst.call('GET', `/api/sarm/report/get-report/${datasetId}?version=1`)).json(),
    );
    expect(report.sample).toEqual({
      patient: { id: patientId, name: 'Jean Dupont', age: 34 },
      collected_at: COLLECTED_AT,
      abstinence_days: 3,
      semen_volume_ml: 3.2,
      collection_complete: true,
      minutes_to_analysis: 35,
      appearance: null,
      liquefaction: null,
      viscosity: null,
      ph: 7.6,
      chamber_name: 'Leja 20',
      chamber_depth_um: 20,
      dilution_factor: 1,
      um_per_pixel: 0.5,
      calibration_profile: {
        id: expect.any(String) as string,
        name: 'Olympus 20x phase',
        objective: '20x',
        um_per_pixel: 0.5,
      },
    });
  });
});

describe('FHIR export', () => {
  it('refuses an unsigned version with 409 and an unknown one with 404', async () => {
    const unsigned = await fhirOf(analyst);
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json()).toMatchObject({ message: FHIR_EXPORT_NEEDS_SIGNATURE });
    expect((await fhirOf(analyst, 99)).statusCode).toBe(404);
  });

  it('answers a bundle whose report, observations and references match the signed version', async () => {
    expect((await sign()).statusCode).toBe(200);
    const response = await fhirOf(analyst, 1);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/fhir+json');
    const bundle = FhirReportBundleSchema.parse(response.json());
    const report = VersionedStoredReportSchema.parse(
      (await analyst.call('GET', `/api/sarm/report/get-report/${datasetId}?version=1`)).json(),
    );
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });

    const byUrl = new Map<string, FhirBundleResource>(
      bundle.entry.map((entry) => [entry.fullUrl, entry.resource]),
    );
    expect(byUrl.size).toBe(bundle.entry.length);
    const resolve = (reference: string) => {
      const found = byUrl.get(reference);
      if (found === undefined) throw new Error(`unresolved reference ${reference}`);
      return found;
    };
    const diagnostic = bundle.entry[0]?.resource;
    if (diagnostic?.resourceType !== 'DiagnosticReport') throw new Error('no DiagnosticReport');
    expect(diagnostic).toMatchObject({
      status: 'final',
      effectiveDateTime: COLLECTED_AT,
      issued: report.report_version.signedAt,
      code: { coding: [{ system: SARM_CASA_CODE_SYSTEM, code: 'casa-semen-analysis' }] },
    });
    const subject = resolve(diagnostic.subject?.reference ?? '');
    expect(subject).toMatchObject({
      resourceType: 'Patient',
      identifier: [{ value: patientId }],
      name: [{ text: 'Jean Dupont' }],
    });
    const signer = resolve(diagnostic.performer[0]?.reference ?? '');
    expect(signer).toMatchObject({ resourceType: 'Practitioner', name: [{ text: 'Dr Signer' }] });

    const observations = diagnostic.result.map((ref) => resolve(ref.reference));
    const byCode = new Map(
      observations.flatMap((resource) =>
        resource.resourceType === 'Observation'
          ? [[resource.code.coding[0]?.code ?? '', resource] as const]
          : [],
      ),
    );
    expect(byCode.size).toBe(observations.length);
    const summary = report.combined_summary;
    const distribution = report.motility_report?.aggregated_results.motility_distribution;
    const expected: [string, number | null | undefined, string][] = [
      ['9780-8', summary.concentration_million_per_ml, '10*6/mL'],
      ['total-sperm-number', summary.total_sperm_number_million, '10*6'],
      ['14194-5', summary.progressive_percent, '%'],
      ['6800-7', summary.total_motility_percent, '%'],
      ['10620-3', distribution?.['Non Progressive'], '%'],
      ['10611-2', distribution?.Immotile, '%'],
      ['3160-9', 3.2, 'mL'],
    ];
    expect([...byCode.keys()].sort()).toEqual(expected.map(([code]) => code).sort());
    for (const [code, value, unit] of expected) {
      expect(value).toEqual(expect.any(Number));
      const observation = byCode.get(code);
      expect(observation).toMatchObject({
        status: 'final',
        subject: { reference: diagnostic.subject?.reference },
        effectiveDateTime: COLLECTED_AT,
        valueQuantity: { value, system: 'http://unitsofmeasure.org', code: unit },
      });
      const system = observation?.code.coding[0]?.system;
      expect(system).toBe(
        code === 'total-sperm-number' ? SARM_CASA_CODE_SYSTEM : 'http://loinc.org',
      );
    }
    // Without the clinician's text, the conclusion is the WHO suggestion of the version's figures.
    expect(diagnostic.conclusion).toContain('Not assessed:');
    expect(diagnostic.conclusion).toContain('morphology');
    expect(await audited(server, /version 1 exported as FHIR/)).toBe(true);
  }, 60_000);

  it('marks an amending version as amended', async () => {
    const amend = await analyst.call('POST', `/api/sarm/report/run/${datasetId}`, {
      video_ids: videoIds,
      reason: 'Volume re-measured',
    });
    expect(amend.statusCode).toBe(200);
    expect((await fhirOf(analyst)).statusCode).toBe(409);
    expect((await sign()).statusCode).toBe(200);
    const bundle = FhirReportBundleSchema.parse((await fhirOf(clinician, 2)).json());
    const statuses = bundle.entry.flatMap(({ resource }) =>
      resource.resourceType === 'DiagnosticReport' || resource.resourceType === 'Observation'
        ? [resource.status]
        : [],
    );
    expect(new Set(statuses)).toEqual(new Set(['amended']));
    // Version 2 froze the sample as edited before it ran: 9 ml, no patient.
    const volume = bundle.entry.find(
      ({ resource }) =>
        resource.resourceType === 'Observation' && resource.code.coding[0]?.code === '3160-9',
    );
    expect(volume?.resource).toMatchObject({ valueQuantity: { value: 9 } });
  }, 60_000);
});

describe('FHIR export of the bench assessments', () => {
  const bench: AssessmentInput[] = [
    {
      module: 'vitality',
      method: 'eosin_nigrosin',
      replicates: [
        { live: 150, dead: 50 },
        { live: 150, dead: 50 },
      ],
      notes: '',
    },
    {
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
    },
    {
      module: 'round_cells',
      method: 'peroxidase',
      replicates: [0, 1].map(() => ({
        sperm: 200,
        peroxidase_positive: 10,
        peroxidase_negative: 30,
      })),
      notes: '',
    },
    { module: 'agglutination', method: 'wet_preparation', grade: 2, type: 'A', notes: '' },
    {
      module: 'mar',
      method: 'mar_igg',
      replicates: [0, 1].map(() => ({ bound: 60, unbound: 140 })),
      notes: '',
    },
  ];

  it('answers one Observation per bench figure, with method, cells, flag and technician', async () => {
    for (const input of bench) {
      const saved = await technician.call('POST', `/api/sarm/assessments/${datasetId}`, input);
      expect(saved.statusCode).toBe(200);
    }
    const revised = await clinician.call('POST', `/api/sarm/report/revise/${datasetId}`, {
      interpretation: 'Teratozoospermia.',
      reason: 'Bench modules added',
    });
    expect(revised.statusCode).toBe(200);
    expect((await sign()).statusCode).toBe(200);
    const report = VersionedStoredReportSchema.parse(
      (await analyst.call('GET', `/api/sarm/report/get-report/${datasetId}?version=3`)).json(),
    );
    const concentration = report.combined_summary.concentration_million_per_ml ?? 0;
    const bundle = FhirReportBundleSchema.parse((await fhirOf(analyst, 3)).json());
    const resources = bundle.entry.map((entry) => entry.resource);
    const byUrl = new Map(bundle.entry.map((entry) => [entry.fullUrl, entry.resource]));
    const observation = (code: string) => {
      const found = resources.find(
        (resource) =>
          resource.resourceType === 'Observation' && resource.code.coding[0]?.code === code,
      );
      if (found?.resourceType !== 'Observation') throw new Error(`no Observation ${code}`);
      return found;
    };
    const flag = (code: string) => observation(code).interpretation?.[0]?.coding[0]?.code;

    const vitality = observation('10613-8');
    expect(vitality).toMatchObject({
      status: 'amended',
      code: { coding: [{ system: 'http://loinc.org' }] },
      valueQuantity: { value: 75, code: '%' },
      method: { text: 'Eosin-nigrosin stain' },
      component: [{ valueInteger: 400 }],
      referenceRange: [{ low: { value: 54 } }],
    });
    expect(flag('10613-8')).toBe('N');
    expect(byUrl.get(vitality.performer[0]?.reference ?? '')).toMatchObject({
      resourceType: 'Practitioner',
      name: [{ text: 'Tech Counter' }],
    });
    expect(observation('10622-9')).toMatchObject({ valueQuantity: { value: 1 } });
    expect(flag('10622-9')).toBe('L');
    expect(observation('10602-1')).toMatchObject({ valueQuantity: { value: 99 } });
    expect(observation('10604-7')).toMatchObject({ valueQuantity: { value: 24 } });
    expect(observation('10603-9')).toMatchObject({ valueQuantity: { value: 0 } });
    const erc = observation('excess-residual-cytoplasm');
    expect(erc.code.coding[0]?.system).toBe(SARM_CASA_CODE_SYSTEM);
    // TZI: 246 defects on 198 abnormal cells; SDI: 246 defects on 200 cells (per replicate).
    expect(observation('teratozoospermia-index').valueQuantity?.value).toBeCloseTo(246 / 198, 6);
    expect(observation('sperm-deformity-index').valueQuantity?.value).toBeCloseTo(1.23, 6);
    // Round cells and leukocytes: counted against 400 spermatozoa, scaled by the concentration.
    expect(observation('10585-8').valueQuantity).toMatchObject({ code: '10*6/mL' });
    expect(observation('10585-8').valueQuantity?.value).toBeCloseTo((80 / 400) * concentration, 6);
    const leukocytes = (20 / 400) * concentration;
    expect(observation('10579-1').valueQuantity?.value).toBeCloseTo(leukocytes, 6);
    expect(flag('10579-1')).toBe(leukocytes > 1 ? 'H' : 'N');
    expect(observation('agglutination').valueCodeableConcept).toMatchObject({
      coding: [{ system: SARM_CASA_CODE_SYSTEM, code: 'agglutination-grade-2' }],
      text: 'Grade 2 (moderate), type A (head-to-head)',
    });
    expect(observation('10617-9')).toMatchObject({
      valueQuantity: { value: 30 },
      method: { text: 'Mixed antiglobulin reaction (IgG)' },
    });
    expect(flag('10617-9')).toBe('N');

    const diagnostic = resources.find((resource) => resource.resourceType === 'DiagnosticReport');
    if (diagnostic?.resourceType !== 'DiagnosticReport') throw new Error('no DiagnosticReport');
    expect(diagnostic.conclusion).toMatch(/^Teratozoospermia\.\n\nAmended report: version 3/);
    // Every reference resolves inside the bundle.
    for (const ref of diagnostic.result) expect(byUrl.has(ref.reference)).toBe(true);
    for (const resource of resources)
      if (resource.resourceType === 'Observation')
        for (const performer of resource.performer)
          expect(byUrl.has(performer.reference)).toBe(true);
  }, 60_000);
});
