import {
  AssessmentImageSchema,
  AssessmentImagesResponseSchema,
  CellConfirmationsResponseSchema,
  DataLabelItemsResponseSchema,
  DataLabelListResponseSchema,
  DatasetListResponseSchema,
  DEFAULT_DATASET_SETTINGS,
  ModelSchema,
  VideoListResponseSchema,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGrayPng } from '../media/png.js';
import { assessmentImageKeys } from '../services/assessment-images.service.js';
import { audited, caller } from '../test/admin-helpers.js';
import { multipartBody, projectWithMember } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { buildTestClassifier } from '../test/onnx-builder.js';
import { drawSmear } from '../test/smear-image.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
let tech: Awaited<ReturnType<typeof caller>>;
let projectId: string;

const HEADS: [number, number][] = [
  [40, 40],
  [150, 40],
  [90, 120],
];
const smearPng = () => encodeGrayPng(240, 180, drawSmear(240, 180, HEADS).data);

beforeAll(async () => {
  server = await createTestServer({ workers: false });
  tech = await caller(server);
  await grantCustomRole(server, tech.user.id, ['sarm.record_assessments', 'sarm.view_reports']);
  projectId = (await projectWithMember(server, tech.user.id, 'Smear lab')).id;
});
afterAll(async () => {
  await server.close();
});

async function newSample(name: string) {
  return server.context.repositories.datasets.insert({
    projectId,
    name,
    settings: { ...DEFAULT_DATASET_SETTINGS, um_per_pixel: 0.25 },
  });
}

function upload(
  datasetId: string,
  file: { name: string; content: Buffer; type: string },
  who = tech,
) {
  const body = multipartBody({}, file);
  return server.app.inject({
    method: 'POST',
    url: `/api/sarm/assessments/${datasetId}/images`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

describe('smear images without a deployed classifier', () => {
  it('stores an upload, lists it with its cells unclassified and serves its bytes', async () => {
    const sample = await newSample('Smear 1');
    const png = smearPng();
    const response = await upload(sample.id, {
      name: 'field1.png',
      content: png,
      type: 'image/png',
    });
    expect(response.statusCode, response.body).toBe(201);
    const image = AssessmentImageSchema.parse(response.json());
    expect(image).toMatchObject({ width: 240, height: 180, model: null, fileName: 'field1.png' });
    expect(image.proposals).toHaveLength(3);
    expect(image.proposals.every((p) => p.defects.length === 0 && p.modelClass === '')).toBe(true);
    expect(
      await server.context.storage.stat(assessmentImageKeys(sample.id, image.id).image('png')),
    ).not.toBeNull();

    const listed = AssessmentImagesResponseSchema.parse(
      (await tech.call('GET', `/api/sarm/assessments/${sample.id}/images`)).json(),
    );
    expect(listed.images.map((i) => i.id)).toEqual([image.id]);

    const file = await tech.call('GET', `/api/${image.url.replace(/^\//, '')}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, png)).toBe(0);
    expect(
      await audited(server, /Smear image "field1.png" of sample "Smear 1" uploaded: 3 cells/),
    ).toBe(true);
  });

  it('rejects a non-image with 415 and keeps no file or row', async () => {
    const sample = await newSample('Smear 2');
    const response = await upload(sample.id, {
      name: 'fake.png',
      content: Buffer.from('%PDF-1.7 not an image'),
      type: 'image/png',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      message:
        '"fake.png" is not a PNG, JPEG or TIFF image. Please upload a photograph of the stained smear.',
    });
    const listed = AssessmentImagesResponseSchema.parse(
      (await tech.call('GET', `/api/sarm/assessments/${sample.id}/images`)).json(),
    );
    expect(listed.images).toEqual([]);
    expect(await server.context.storage.stat(`assessments/${sample.id}`)).toBeNull();
  });

  it('refuses an upload without the recording permission', async () => {
    const sample = await newSample('Smear 3');
    const reader = await caller(server);
    await grantCustomRole(server, reader.user.id, ['sarm.view_reports']);
    const response = await upload(
      sample.id,
      { name: 'f.png', content: smearPng(), type: 'image/png' },
      reader,
    );
    expect(response.statusCode).toBe(403);
  });

  it('counts nothing as confirmed when no model proposed the classes', async () => {
    const sample = await newSample('Smear 4');
    const image = AssessmentImageSchema.parse(
      (await upload(sample.id, { name: 'f.png', content: smearPng(), type: 'image/png' })).json(),
    );
    const response = await tech.call(
      'POST',
      `/api/sarm/assessments/${sample.id}/images/${image.id}/confirmations`,
      { cells: [{ proposal: 0, defects: ['head'] }] },
    );
    expect(CellConfirmationsResponseSchema.parse(response.json())).toEqual({
      confirmed: 0,
      corrected: 0,
      dataLabelId: null,
    });
  });
});

describe('smear images with a deployed morphology classifier', () => {
  let sampleId: string;
  let image: ReturnType<typeof AssessmentImageSchema.parse>;
  let admin: Awaited<ReturnType<typeof caller>>;

  beforeAll(async () => {
    admin = await caller(server);
    await grantCustomRole(server, admin.user.id, ['finetune.*', 'sarm.*']);
    await server.context.repositories.projects.addMember({
      projectId,
      userId: admin.user.id,
      accessLevel: 'member',
    });
    // Scores [1, 0] whatever the crop: every cell is the first class, head_defect.
    const bytes = buildTestClassifier({ channels: 1, size: 24, weights: [[0, 0]], bias: [1, 0] });
    const body = multipartBody(
      { type: 'morphology', name: 'Smear classes', classes: 'head_defect, normal' },
      { name: 'smear.onnx', content: Buffer.from(bytes), type: 'application/octet-stream' },
    );
    const imported = await server.app.inject({
      method: 'POST',
      url: '/api/technical/models/import',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const model = ModelSchema.parse(imported.json());
    const deployed = await admin.call('POST', `/api/technical/models/${model.id}/deploy`, {
      project_id: projectId,
    });
    expect(deployed.statusCode, deployed.body).toBe(200);
    sampleId = (await newSample('Smear 5')).id;
    const response = await upload(sampleId, {
      name: 'f.png',
      content: smearPng(),
      type: 'image/png',
    });
    expect(response.statusCode, response.body).toBe(201);
    image = AssessmentImageSchema.parse(response.json());
  });
  afterAll(async () => {
    await admin.call('DELETE', `/api/technical/projects/${projectId}/morphology-model`);
  });

  it("proposes the classifier's class for every cell, mapped to defects", () => {
    expect(image.model?.name).toBe('Smear classes');
    expect(image.proposals).toHaveLength(3);
    for (const proposal of image.proposals) {
      expect(proposal).toMatchObject({ modelClass: 'head_defect', defects: ['head'] });
      expect(proposal.confidence).toBeCloseTo(1 / (1 + Math.exp(-1)), 3);
    }
  });

  /** The project's bench dataset, its label and the label's items, as the technical API lists them. */
  async function technicalSide() {
    const listed = DatasetListResponseSchema.parse(
      (
        await admin.call(
          'GET',
          `/api/sarm/dataset/list-datasets?type=morphology&project_id=${projectId}`,
        )
      ).json(),
    );
    const benches = listed.datasets.filter((d) => d.name === 'Bench smear images');
    const [bench] = benches;
    if (bench === undefined) return { benches, labels: [], items: [] };
    const labels = DataLabelListResponseSchema.parse(
      (await admin.call('GET', `/api/sarm/annotation/list-labels/${bench.id}`)).json(),
    ).data_labels;
    const [label] = labels;
    const items =
      label === undefined
        ? []
        : DataLabelItemsResponseSchema.parse(
            (
              await admin.call(
                'GET',
                `/api/sarm/annotation/datasets/${bench.id}/data-labels/${label.id}/items?sortBy=frame_number`,
              )
            ).json(),
          ).items;
    return { benches, labels, items };
  }

  function confirm(imageId: string, cells: { proposal: number; defects: string[] }[]) {
    return tech.call('POST', `/api/sarm/assessments/${sampleId}/images/${imageId}/confirmations`, {
      cells,
    });
  }

  it('creates nothing on the technical side when every cell is confirmed', async () => {
    const response = await confirm(image.id, [{ proposal: 0, defects: ['head'] }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(CellConfirmationsResponseSchema.parse(response.json())).toEqual({
      confirmed: 1,
      corrected: 0,
      dataLabelId: null,
    });
    expect((await technicalSide()).benches).toEqual([]);
  });

  it("hands the corrections to the technical side as pending items with the technician's classes", async () => {
    const response = await confirm(image.id, [
      { proposal: 0, defects: ['head'] },
      { proposal: 1, defects: [] },
      { proposal: 2, defects: ['tail', 'head'] },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const answer = CellConfirmationsResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ confirmed: 1, corrected: 2 });

    const { benches, labels, items } = await technicalSide();
    expect(benches).toHaveLength(1);
    expect(benches[0]).toMatchObject({ type: 'morphology', metadata: { source: 'bench' } });
    expect(labels.map((l) => [l.id, l.name, l.label_type])).toEqual([
      [answer.dataLabelId, 'Bench corrections', 'morphology'],
    ]);
    const confidence = (1 / (1 + Math.exp(-1))).toFixed(2);
    expect(
      items
        .map((i) => ({
          class: i.class_name,
          review: i.morphology_class,
          status: i.review_status,
          notes: i.notes,
          y: i.bounding_box.y1,
        }))
        .sort((a, b) => a.y - b.y),
    ).toEqual([
      {
        class: 'normal',
        review: 'normal',
        status: 'pending',
        notes: `Corrected from model Smear classes (head_defect, ${confidence})`,
        y: image.proposals[1]?.y,
      },
      {
        class: 'abnormal_head',
        review: 'multiple_defects',
        status: 'pending',
        notes: `Corrected from model Smear classes (head_defect, ${confidence})`,
        y: image.proposals[2]?.y,
      },
    ]);
    expect(items.every((i) => i.annotated_by === tech.user.id)).toBe(true);
    // The crops the labelling page shows were cut from the image's frame.
    for (const item of items) {
      const crop = await admin.call('GET', item.crop_url);
      expect(crop.statusCode, crop.body).toBe(200);
    }
    // The bench dataset is not the sample: the sample's videos stay empty.
    const sampleVideos = VideoListResponseSchema.parse(
      (await admin.call('GET', `/api/business/videos/dataset/${sampleId}`)).json(),
    );
    expect(sampleVideos.videos).toEqual([]);
    expect(await audited(server, /reviewed: 1 confirmed, 2 corrected/)).toBe(true);
  });

  it("adds a second image's corrections to the same dataset and label, and updates a recorrected cell", async () => {
    const before = await technicalSide();
    const second = AssessmentImageSchema.parse(
      (await upload(sampleId, { name: 'g.png', content: smearPng(), type: 'image/png' })).json(),
    );
    const response = await confirm(second.id, [{ proposal: 0, defects: ['erc'] }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(CellConfirmationsResponseSchema.parse(response.json()).dataLabelId).toBe(
      before.labels[0]?.id,
    );
    // The first image again: its normal cell is now a tail defect.
    const again = await confirm(image.id, [{ proposal: 1, defects: ['tail'] }]);
    expect(again.statusCode, again.body).toBe(200);

    const after = await technicalSide();
    expect(after.benches.map((d) => d.id)).toEqual(before.benches.map((d) => d.id));
    expect(after.labels.map((l) => l.id)).toEqual(before.labels.map((l) => l.id));
    expect(after.items).toHaveLength(3);
    expect(new Set(after.items.map((i) => i.video_id))).toEqual(new Set([image.id, second.id]));
    expect(
      after.items
        .filter((i) => i.video_id === image.id)
        .map((i) => i.class_name)
        .sort(),
    ).toEqual(['abnormal_head', 'abnormal_tail']);
    expect(after.items.find((i) => i.video_id === second.id)).toMatchObject({
      class_name: 'cytoplasmic_droplet',
      morphology_class: 'midpiece_defect',
    });
  });

  it('answers 400 for a cell the image does not have', async () => {
    const response = await tech.call(
      'POST',
      `/api/sarm/assessments/${sampleId}/images/${image.id}/confirmations`,
      { cells: [{ proposal: 9, defects: [] }] },
    );
    expect(response.statusCode).toBe(400);
  });
});
