import {
  AGGLUTINATION_TYPE_MISMATCH,
  ASSESSMENT_EMPTY,
  AssessmentRecordSchema,
  AssessmentReplicatesResponseSchema,
  MORPHOLOGY_TALLY_INVALID,
  SampleAssessmentsSchema,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function withPermissions(codes: string[], displayName = 'Test User') {
  const who = await caller(server, { displayName });
  await grantCustomRole(server, who.user.id, codes);
  return who;
}

/** A technician who records and reads bench assessments of a sample in a project of their own. */
async function technicianWithSample(displayName = 'A. Nguyen', sampleName = 'S-001') {
  const technician = await withPermissions(
    ['sarm.record_assessments', 'sarm.view_reports'],
    displayName,
  );
  const project = await projectWithMember(server, technician.user.id, `Lab of ${displayName}`);
  const dataset = await server.context.repositories.datasets.insert({
    projectId: project.id,
    name: sampleName,
  });
  return { technician, project, dataset };
}

const vitality = (...replicates: [number, number][]) => ({
  module: 'vitality',
  method: 'eosin_nigrosin',
  replicates: replicates.map(([live, dead]) => ({ live, dead })),
});

/** Saves, one minute after the previous save, so "newest" is unambiguous. */
async function save(
  who: Awaited<ReturnType<typeof withPermissions>>,
  datasetId: string,
  input: object,
) {
  server.clock.advance(60_000);
  return who.call('POST', `/api/sarm/assessments/${datasetId}`, input);
}

describe('POST /sarm/assessments/:datasetId', () => {
  it('computes vitality from the counts: 61.25 % live of 400 with its Wilson interval, replicates agreeing', async () => {
    const { technician, dataset } = await technicianWithSample('B. Tran', 'Vitality sample');
    const response = await save(technician, dataset.id, {
      ...vitality([120, 80], [125, 75]),
      // Figures sent by the client are ignored: the server computes its own.
      figures: { main: { percent: 99, ci95: [98, 100], assessed: 1 } },
    });
    expect(response.statusCode).toBe(200);
    const record = AssessmentRecordSchema.parse(response.json());
    expect(record.figures.main?.percent).toBeCloseTo(61.25, 10);
    expect(record.figures.main?.assessed).toBe(400);
    expect(record.figures.main?.ci95[0]).toBeCloseTo(56.39, 2);
    expect(record.figures.main?.ci95[1]).toBeCloseTo(65.9, 2);
    expect(record.figures.agreement).toEqual([
      { measure: 'live', difference: 2.5, acceptableDifference: 10, agree: true },
    ]);
    expect(record).toMatchObject({
      datasetId: dataset.id,
      module: 'vitality',
      source: 'manual_count',
      accepted: true,
      countedBy: { id: technician.user.id, name: 'B. Tran' },
    });
    expect(
      await audited(
        server,
        'Vitality of sample "Vitality sample" recorded: 61.3 % live of 400 (replicates agree)',
      ),
    ).toBe(true);
  });

  it('judges 200 + 200 replicates by the WHO table: 45 vs 55 % agree, 44 vs 56 % do not and are kept unaccepted', async () => {
    const { technician, dataset } = await technicianWithSample();
    const agreeing = AssessmentRecordSchema.parse(
      (await save(technician, dataset.id, vitality([90, 110], [110, 90]))).json(),
    );
    expect(agreeing.figures.agreement[0]).toMatchObject({
      difference: 10,
      acceptableDifference: 10,
      agree: true,
    });
    expect(agreeing.accepted).toBe(true);

    const response = await save(technician, dataset.id, vitality([88, 112], [112, 88]));
    expect(response.statusCode).toBe(200);
    const disagreeing = AssessmentRecordSchema.parse(response.json());
    expect(disagreeing.figures.agreement[0]).toMatchObject({
      difference: 12,
      acceptableDifference: 10,
      agree: false,
    });
    expect(disagreeing.figures.replicates_agree).toBe(false);
    expect(disagreeing.accepted).toBe(false);
    expect(
      await audited(
        server,
        /Vitality of sample "S-001" recorded: 50\.0 % live of 400 \(replicates disagree/,
      ),
    ).toBe(true);
  });

  it('gives TZI and SDI of a morphology differential where cells carry several defects', async () => {
    const { technician, dataset } = await technicianWithSample();
    const response = await save(technician, dataset.id, {
      module: 'morphology',
      method: 'papanicolaou',
      replicates: [
        {
          normal: 10,
          abnormal: [
            { defects: ['head'], count: 100 },
            { defects: ['head', 'tail'], count: 50 },
            { defects: ['head', 'midpiece', 'tail', 'erc'], count: 40 },
          ],
        },
      ],
      model_assisted: { model_id: 'm1', model_name: 'Morpho v1', confirmed: 150, corrected: 50 },
    });
    expect(response.statusCode).toBe(200);
    const record = AssessmentRecordSchema.parse(response.json());
    // 360 defects over 190 abnormal cells and over 200 cells.
    expect(record.figures.tzi).toBeCloseTo(360 / 190, 10);
    expect(record.figures.tzi).toBeCloseTo(1.895, 3);
    expect(record.figures.sdi).toBeCloseTo(1.8, 10);
    expect(record.figures.main).toMatchObject({ percent: 5, assessed: 200 });
    expect(record.figures.defects?.head?.percent).toBeCloseTo(95, 10);
    expect(record.figures.defects?.tail?.percent).toBeCloseTo(45, 10);
    expect(record.figures.defects?.midpiece?.percent).toBeCloseTo(20, 10);
    expect(record.figures.agreement).toEqual([]);
    expect(record).toMatchObject({ source: 'model_confirmed', accepted: true });
  });

  it('gives round cells and leukocytes per spermatozoon with Poisson agreement of the counts', async () => {
    const { technician, dataset } = await technicianWithSample();
    const response = await save(technician, dataset.id, {
      module: 'round_cells',
      method: 'peroxidase',
      replicates: [
        { sperm: 200, peroxidase_positive: 10, peroxidase_negative: 20 },
        { sperm: 200, peroxidase_positive: 14, peroxidase_negative: 22 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const { figures } = AssessmentRecordSchema.parse(response.json());
    expect(figures).toMatchObject({
      round_cells_counted: 66,
      leukocytes_counted: 24,
      sperm_counted: 400,
      replicates_agree: true,
    });
    expect(figures.round_cells_per_sperm).toBeCloseTo(0.165, 10);
    expect(figures.leukocytes_per_sperm).toBeCloseTo(0.06, 10);
    const leukocytes = figures.agreement.find((a) => a.measure === 'leukocytes');
    expect(leukocytes?.difference).toBe(4);
    expect(leukocytes?.acceptableDifference).toBeCloseTo(1.96 * Math.sqrt(24), 10);
  });

  it('stores agglutination and comments as manual entries', async () => {
    const { technician, dataset } = await technicianWithSample();
    const agglutination = await save(technician, dataset.id, {
      module: 'agglutination',
      method: 'wet_preparation',
      grade: 2,
      type: 'A',
    });
    expect(agglutination.statusCode).toBe(200);
    expect(AssessmentRecordSchema.parse(agglutination.json())).toMatchObject({
      source: 'manual_entry',
      accepted: true,
      input: { notes: '' },
    });
    const comments = await save(technician, dataset.id, {
      module: 'comments',
      method: 'observation',
      pellet: 'no_sperm',
      notes: 'Pellet examined after centrifugation',
    });
    expect(AssessmentRecordSchema.parse(comments.json()).source).toBe('manual_entry');
    expect(await audited(server, 'Agglutination of sample "S-001" recorded: grade 2, type A')).toBe(
      true,
    );
  });

  it('answers 400 with the reason for an empty count, an invalid tally or a mismatched agglutination type', async () => {
    const { technician, dataset } = await technicianWithSample();
    const cases: [object, string][] = [
      [vitality([0, 0], [0, 0]), ASSESSMENT_EMPTY],
      [
        {
          module: 'morphology',
          method: 'diff_quik',
          replicates: [{ normal: 0, abnormal: [] }],
        },
        ASSESSMENT_EMPTY,
      ],
      [
        {
          module: 'morphology',
          method: 'diff_quik',
          replicates: [{ normal: 5, abnormal: [{ defects: ['head', 'head'], count: 3 }] }],
        },
        MORPHOLOGY_TALLY_INVALID,
      ],
      [
        {
          module: 'morphology',
          method: 'diff_quik',
          replicates: [
            {
              normal: 5,
              abnormal: [
                { defects: ['head', 'tail'], count: 3 },
                { defects: ['tail', 'head'], count: 2 },
              ],
            },
          ],
        },
        MORPHOLOGY_TALLY_INVALID,
      ],
      [
        { module: 'agglutination', method: 'wet_preparation', grade: 0, type: 'B' },
        AGGLUTINATION_TYPE_MISMATCH,
      ],
      [
        { module: 'agglutination', method: 'wet_preparation', grade: 3, type: null },
        AGGLUTINATION_TYPE_MISMATCH,
      ],
    ];
    for (const [input, message] of cases) {
      const response = await save(technician, dataset.id, input);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    const read = await technician.call('GET', `/api/sarm/assessments/${dataset.id}`);
    expect(SampleAssessmentsSchema.parse(read.json()).history).toEqual([]);
  });

  it('answers 403 without sarm.record_assessments and 404 for a sample of another project', async () => {
    const { technician, project, dataset } = await technicianWithSample();
    const reader = await withPermissions(['sarm.view_reports']);
    await server.context.repositories.projects.addMember({
      projectId: project.id,
      userId: reader.user.id,
      accessLevel: 'member',
    });
    expect((await save(reader, dataset.id, vitality([100, 100]))).statusCode).toBe(403);

    const outsider = await technicianWithSample('C. Le');
    const foreign = await save(outsider.technician, dataset.id, vitality([100, 100]));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: 'Dataset not found' });
    expect((await save(technician, 'no-such-dataset', vitality([100, 100]))).statusCode).toBe(404);
  });

  it('lets the seeded Lab Technician record', async () => {
    const technician = await caller(server, { roles: ['lab_technician'] });
    const project = await projectWithMember(server, technician.user.id, 'Seeded lab');
    const dataset = await server.context.repositories.datasets.insert({
      projectId: project.id,
      name: 'Seeded',
    });
    expect((await save(technician, dataset.id, vitality([100, 100]))).statusCode).toBe(200);
  });
});

describe('GET /sarm/assessments/:datasetId', () => {
  it('keeps the newest accepted record current: a later disagreeing recount does not replace it', async () => {
    const { technician, dataset } = await technicianWithSample();
    const older = AssessmentRecordSchema.parse(
      (await save(technician, dataset.id, vitality([100, 100], [104, 96]))).json(),
    );
    const accepted = AssessmentRecordSchema.parse(
      (await save(technician, dataset.id, vitality([120, 80], [125, 75]))).json(),
    );
    const rejected = AssessmentRecordSchema.parse(
      (await save(technician, dataset.id, vitality([88, 112], [112, 88]))).json(),
    );
    expect(rejected.accepted).toBe(false);

    const response = await technician.call('GET', `/api/sarm/assessments/${dataset.id}`);
    expect(response.statusCode).toBe(200);
    const body = SampleAssessmentsSchema.parse(response.json());
    expect(body.current.vitality?.id).toBe(accepted.id);
    expect(body.current.morphology).toBeUndefined();
    expect(body.history.map((record) => record.id)).toEqual([rejected.id, accepted.id, older.id]);
    expect(body.canRecord).toBe(true);
  });

  it('tells a report reader it may not record, and hides other projects (404) and callers without access (403)', async () => {
    const { project, dataset } = await technicianWithSample();
    const reader = await withPermissions(['sarm.view_reports']);
    await server.context.repositories.projects.addMember({
      projectId: project.id,
      userId: reader.user.id,
      accessLevel: 'member',
    });
    const read = await reader.call('GET', `/api/sarm/assessments/${dataset.id}`);
    expect(SampleAssessmentsSchema.parse(read.json()).canRecord).toBe(false);

    const outsider = await withPermissions(['sarm.view_reports']);
    const hidden = await outsider.call('GET', `/api/sarm/assessments/${dataset.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ message: 'Dataset not found' });

    const nobody = await withPermissions([]);
    await server.context.repositories.projects.addMember({
      projectId: project.id,
      userId: nobody.user.id,
      accessLevel: 'member',
    });
    expect((await nobody.call('GET', `/api/sarm/assessments/${dataset.id}`)).statusCode).toBe(403);
  });
});

describe('GET /sarm/qc/assessment-replicates', () => {
  it('groups replicate pairs per technician with their agreement, over the visible samples only', async () => {
    const first = await technicianWithSample('QC Alpha', 'QC sample');
    const second = await withPermissions(['sarm.record_assessments'], 'QC Beta');
    await server.context.repositories.projects.addMember({
      projectId: first.project.id,
      userId: second.user.id,
      accessLevel: 'member',
    });
    const id = first.dataset.id;
    await save(first.technician, id, vitality([90, 110], [110, 90])); // agrees
    await save(first.technician, id, vitality([88, 112], [112, 88])); // disagrees
    await save(first.technician, id, vitality([100, 100])); // one replicate: no pair
    await save(second, id, {
      module: 'mar',
      method: 'mar_igg',
      replicates: [
        { bound: 20, unbound: 180 },
        { bound: 24, unbound: 176 },
      ],
    });
    // Another project's counts stay out of this lab's QC.
    const elsewhere = await technicianWithSample('QC Gamma');
    await save(elsewhere.technician, elsewhere.dataset.id, vitality([90, 110], [110, 90]));

    const qc = await withPermissions(['sarm.quality_control']);
    await server.context.repositories.projects.addMember({
      projectId: first.project.id,
      userId: qc.user.id,
      accessLevel: 'member',
    });
    const response = await qc.call('GET', '/api/sarm/qc/assessment-replicates');
    expect(response.statusCode).toBe(200);
    const { technicians } = AssessmentReplicatesResponseSchema.parse(response.json());
    expect(technicians.map((t) => t.technician.name)).toEqual(['QC Alpha', 'QC Beta']);
    const [alpha, beta] = technicians;
    expect(alpha).toMatchObject({ pairs: 2, agreeing: 1, agreementPercent: 50 });
    expect(alpha?.points.map((p) => p.agree)).toEqual([true, false]);
    expect(alpha?.points[0]).toMatchObject({ datasetName: 'QC sample', module: 'vitality' });
    expect(beta).toMatchObject({
      technician: { id: second.user.id },
      pairs: 1,
      agreeing: 1,
      agreementPercent: 100,
    });

    const mar = AssessmentReplicatesResponseSchema.parse(
      (await qc.call('GET', '/api/sarm/qc/assessment-replicates?module=mar')).json(),
    );
    expect(mar.technicians.map((t) => t.technician.name)).toEqual(['QC Beta']);
    const one = AssessmentReplicatesResponseSchema.parse(
      (
        await qc.call(
          'GET',
          `/api/sarm/qc/assessment-replicates?technician=${first.technician.user.id}`,
        )
      ).json(),
    );
    expect(one.technicians.map((t) => t.technician.name)).toEqual(['QC Alpha']);
  });

  it('refuses callers who neither read reports nor do QC (403)', async () => {
    const recorder = await withPermissions(['sarm.record_assessments']);
    const response = await recorder.call('GET', '/api/sarm/qc/assessment-replicates');
    expect(response.statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the assessment routes with a summary and a description', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    type Operation = { summary?: string; description?: string };
    const { paths } = response.json<{ paths: Record<string, Record<string, Operation>> }>();
    const sample = paths['/api/sarm/assessments/{datasetId}'];
    const qc = paths['/api/sarm/qc/assessment-replicates'];
    for (const operation of [sample?.get, sample?.post, qc?.get]) {
      expect(operation?.summary).toBeTruthy();
      expect(operation?.description).toBeTruthy();
    }
  });
});
