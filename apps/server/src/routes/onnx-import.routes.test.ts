import {
  ModelListResponseSchema,
  ModelSchema,
  PredictionSchema,
  ProjectDetectorSchema,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audited, caller } from '../test/admin-helpers.js';
import { multipartBody } from '../test/clinical-helpers.js';
import { seedSimulatedFrames } from '../test/detection-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import {
  buildTestBoxDetector,
  buildTestClassifier,
  buildTestConstantHeatMap,
  buildTestIdentityModel,
} from '../test/onnx-builder.js';
import { createTestServer, type TestServer } from '../test/test-server.js';
import { pollPrediction } from '../test/training-helpers.js';

let server: TestServer;
let user: Awaited<ReturnType<typeof caller>>;
let seeded: Awaited<ReturnType<typeof seedSimulatedFrames>>;

beforeAll(async () => {
  server = await createTestServer();
  user = await caller(server, { email: 'onnx@example.org' });
  await grantCustomRole(server, user.user.id, ['finetune.*', 'sarm.*']);
  // 320x240 frames.
  seeded = await seedSimulatedFrames(server, user.user.id, 2);
});
afterAll(async () => {
  await server.close();
});

async function importModel(fields: Record<string, string>, fileName: string, bytes: Uint8Array) {
  const body = multipartBody(fields, {
    name: fileName,
    content: Buffer.from(bytes),
    type: 'application/octet-stream',
  });
  return server.app.inject({
    method: 'POST',
    url: '/api/technical/models/import',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

/** Deploys the model to the seeded project and detects the first frame; answers its stored rows. */
async function deployAndDetect(modelId: string) {
  const deployed = await user.call('POST', `/api/technical/models/${modelId}/deploy`, {
    project_id: seeded.project.id,
  });
  expect(deployed.statusCode, deployed.body).toBe(200);
  expect(ProjectDetectorSchema.parse(deployed.json()).model?.id).toBe(modelId);
  const frame = seeded.frames[0];
  if (frame === undefined) throw new Error('no frame');
  const detected = await user.call('POST', '/api/sarm/detection/detect-sperm', {
    frame_id: frame.id,
  });
  expect(detected.statusCode, detected.body).toBe(200);
  const rows = await server.context.repositories.detections.listByFrame(frame.id);
  return [...rows].sort((a, b) => a.x1 - b.x1);
}

const modelTotal = async () =>
  ModelListResponseSchema.parse((await user.call('GET', '/api/sarm/training/list-model')).json())
    .total;

describe('ONNX model import', () => {
  it('imports a heat-map detector whose peaks become the heads of a frame, and exports the same bytes', async () => {
    const heat = Array.from({ length: 60 }, () => new Array<number>(80).fill(0));
    (heat[5] ?? [])[10] = 0.9;
    (heat[30] ?? [])[40] = 0.6;
    (heat[50] ?? [])[70] = 0.2; // below the 0.3 threshold
    const bytes = buildTestConstantHeatMap({ height: 240, width: 320, heat });
    const imported = await importModel({ type: 'detection', name: 'Heat heads' }, 'h.onnx', bytes);
    expect(imported.statusCode, imported.body).toBe(201);
    const model = ModelSchema.parse(imported.json());
    expect(model).toMatchObject({
      name: 'Heat heads',
      type: 'detection',
      runtime: 'onnx',
      source: 'imported',
      status: 'trained',
    });
    const row = await server.context.repositories.models.findRow(model.id);
    expect(row).toMatchObject({ version: 1, fileKey: `models/${model.id}/model.onnx` });

    const rows = await deployAndDetect(model.id);
    expect(rows.every((r) => r.source === 'model' && r.modelId === model.id)).toBe(true);
    // Heat cells are 4x4 input pixels, and the input is the frame: cell (10, 5) is centred at
    // (42, 22), cell (40, 30) at (162, 122).
    expect(rows.map((r) => [(r.x1 + r.x2) / 2, (r.y1 + r.y2) / 2])).toEqual([
      [42, 22],
      [162, 122],
    ]);
    expect(rows.map((r) => r.confidence)).toEqual([expect.closeTo(0.9, 5), expect.closeTo(0.6, 5)]);
    // One head size for every peak: a square box.
    const sides = rows.flatMap((r) => [r.x2 - r.x1, r.y2 - r.y1]);
    expect(new Set(sides.map((s) => s.toFixed(6))).size).toBe(1);
    expect(sides[0]).toBeGreaterThan(4);

    const exported = await user.call('POST', `/api/technical/models/${model.id}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/octet-stream');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="Heat_heads.onnx"');
    expect(Buffer.from(exported.rawPayload).equals(Buffer.from(bytes))).toBe(true);
  });

  it('imports a YOLO-style detector (any input size) whose boxes are stored as model detections', async () => {
    const bytes = buildTestBoxDetector({
      channels: 3,
      height: 'height',
      width: 'width',
      rows: [
        [60, 50, 12, 16, 0.9, 1],
        [61, 50, 12, 16, 0.5, 1], // overlaps the first: suppressed
        [200, 150, 10, 10, 0.8, 1],
        [250, 100, 10, 10, 0.1, 1], // below the threshold
      ],
    });
    const imported = await importModel({ type: 'detection' }, 'yolo-heads.onnx', bytes);
    expect(imported.statusCode, imported.body).toBe(201);
    const model = ModelSchema.parse(imported.json());
    expect(model.name).toBe('yolo-heads');

    const rows = await deployAndDetect(model.id);
    expect(rows.every((r) => r.source === 'model' && r.modelId === model.id)).toBe(true);
    expect(rows.map((r) => [r.x1, r.y1, r.x2, r.y2])).toEqual([
      [54, 42, 66, 58],
      [195, 145, 205, 155],
    ]);
  });

  it('imports a morphology classifier that classifies the crops of a video’s detections', async () => {
    // The detections of the YOLO detector deployed above: two a frame.
    for (const frame of seeded.frames)
      await user.call('POST', '/api/sarm/detection/detect-sperm', { frame_id: frame.id });
    // Scores [1 + 4 × mask share, 0]: the model's detections have no mask, so every crop is the
    // first class, which the classes list names head_defect.
    const bytes = buildTestClassifier({
      channels: 2,
      size: 24,
      weights: [
        [0, 0],
        [4, 0],
      ],
      bias: [1, 0],
    });
    const imported = await importModel(
      { type: 'morphology', name: 'Shapes', classes: 'head_defect, normal' },
      'shapes.onnx',
      bytes,
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const model = ModelSchema.parse(imported.json());
    expect(model).toMatchObject({ type: 'morphology', runtime: 'onnx', status: 'trained' });

    const started = await user.call('POST', '/api/technical/predictions', {
      model_id: model.id,
      video_id: seeded.video.id,
    });
    expect(started.statusCode, started.body).toBe(202);
    const done = await pollPrediction(user, PredictionSchema.parse(started.json()).id);
    expect(done.error).toBeNull();
    expect(done.status).toBe('completed');
    expect(done.metrics).toMatchObject({
      totalAnalyzedSperm: 4,
      processedFrames: 2,
      normalForms: 0,
      abnormalHeads: 100,
    });
  });

  it('deploys an imported classifier as the project’s morphology model beside its detector; removing one keeps the other', async () => {
    const project = seeded.project.id;
    const detectorBytes = buildTestBoxDetector({
      channels: 3,
      height: 'height',
      width: 'width',
      rows: [[60, 50, 12, 16, 0.9, 1]],
    });
    const detector = ModelSchema.parse(
      (
        await importModel({ type: 'detection', name: 'Beside' }, 'beside.onnx', detectorBytes)
      ).json(),
    );
    const classifierBytes = buildTestClassifier({
      channels: 2,
      size: 24,
      weights: [
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
      ],
      bias: [0, 0, 0, 0, 1],
    });
    const classifier = ModelSchema.parse(
      (
        await importModel({ type: 'morphology', name: 'Smears' }, 'smears.onnx', classifierBytes)
      ).json(),
    );
    const deploy = (modelId: string) =>
      user.call('POST', `/api/technical/models/${modelId}/deploy`, { project_id: project });
    const current = async (path: 'detector' | 'morphology-model') =>
      ProjectDetectorSchema.parse(
        (await user.call('GET', `/api/technical/projects/${project}/${path}`)).json(),
      ).model?.id ?? null;
    const projectsOf = async (modelId: string) =>
      ModelSchema.parse((await user.call('GET', `/api/technical/models/${modelId}`)).json())
        .deployed_project_ids;

    expect((await deploy(detector.id)).statusCode).toBe(200);
    const asMorphology = await deploy(classifier.id);
    expect(asMorphology.statusCode, asMorphology.body).toBe(200);
    expect(ProjectDetectorSchema.parse(asMorphology.json()).model?.id).toBe(classifier.id);
    expect(await current('detector')).toBe(detector.id);
    expect(await current('morphology-model')).toBe(classifier.id);
    expect(await projectsOf(detector.id)).toEqual([project]);
    expect(await projectsOf(classifier.id)).toEqual([project]);
    expect(
      await audited(
        server,
        `Model "Smears" deployed as the morphology model of project ${project}`,
      ),
    ).toBe(true);

    // The classifier never becomes the detector: frame detection still runs the detector.
    const frame = seeded.frames[0];
    if (frame === undefined) throw new Error('no frame');
    await user.call('POST', '/api/sarm/detection/detect-sperm', { frame_id: frame.id });
    const rows = await server.context.repositories.detections.listByFrame(frame.id);
    expect(rows.map((row) => row.modelId)).toEqual([detector.id]);

    const removed = await user.call(
      'DELETE',
      `/api/technical/projects/${project}/morphology-model`,
    );
    expect(ProjectDetectorSchema.parse(removed.json()).model).toBeNull();
    expect(await current('morphology-model')).toBeNull();
    expect(await current('detector')).toBe(detector.id);

    expect((await deploy(classifier.id)).statusCode).toBe(200);
    await user.call('DELETE', `/api/technical/projects/${project}/detector`);
    expect(await current('detector')).toBeNull();
    expect(await current('morphology-model')).toBe(classifier.id);
  });

  it('refuses junk, a wrong output shape and a class count the model does not answer, keeping nothing', async () => {
    const before = await modelTotal();
    const junk = await importModel(
      { type: 'detection' },
      'junk.onnx',
      new TextEncoder().encode('not a model'),
    );
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toMatchObject({
      message: 'Not an ONNX model: the file could not be loaded',
    });

    const identity = await importModel(
      { type: 'detection' },
      'identity.onnx',
      buildTestIdentityModel(3, 32, 32),
    );
    expect(identity.statusCode).toBe(400);
    expect(identity.json()).toMatchObject({
      message:
        'A detection model must take one image input [1,1|3,H,W] and answer boxes [1,N,5+] (YOLO style) or a heat map [1,1,h,w]',
    });

    const classifier = buildTestClassifier({
      channels: 1,
      size: 16,
      weights: [[0, 0, 0]],
      bias: [0, 0, 0],
    });
    const classes = await importModel({ type: 'morphology' }, 'three.onnx', classifier);
    expect(classes.statusCode).toBe(400);
    expect(classes.json()).toMatchObject({
      message: 'A morphology model must answer one score per class (5 classes)',
    });

    const untyped = await importModel({}, 'three.onnx', classifier);
    expect(untyped.statusCode).toBe(400);
    expect(untyped.json()).toMatchObject({
      message: 'Please choose the type of the ONNX model: detection or morphology',
    });
    expect(await modelTotal()).toBe(before);
  });

  it('deletes the ONNX file and its manifest with the model', async () => {
    const imported = await importModel(
      { type: 'morphology' },
      'five.onnx',
      buildTestClassifier({
        channels: 1,
        size: 8,
        weights: [[0, 0, 0, 0, 0]],
        bias: [0, 0, 0, 0, 1],
      }),
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const { id } = ModelSchema.parse(imported.json());
    const keys = [`models/${id}/model.onnx`, `models/${id}/onnx-model.json`];
    for (const key of keys) expect(await server.context.storage.stat(key)).not.toBeNull();
    const removed = await user.call('DELETE', `/api/technical/models/${id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    for (const key of keys) expect(await server.context.storage.stat(key)).toBeNull();
  });
});
