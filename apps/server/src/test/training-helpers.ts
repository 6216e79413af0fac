import {
  DataLabelSchema,
  defaultDataLabelName,
  ModelSchema,
  PredictionSchema,
  TrainingStatusSchema,
  type Prediction,
  type TrainingStatus,
} from '@sarm/contracts';
import { expect } from 'vitest';
import type { caller } from './admin-helpers.js';
import { seedSimulatedFrames } from './detection-helpers.js';
import type { TestServer } from './test-server.js';

type Caller = Awaited<ReturnType<typeof caller>>;

/**
 * Frames of a simulated video with the classical detector's boxes, all added to the user's
 * default detection label: a detection training set. Answers the seeded rows and the label id.
 */
export async function seedDetectionLabel(server: TestServer, who: Caller, frames: number) {
  const seeded = await seedSimulatedFrames(server, who.user.id, frames);
  for (const frame of seeded.frames)
    expect(
      (await who.call('POST', '/api/sarm/detection/detect-sperm', { frame_id: frame.id }))
        .statusCode,
    ).toBe(200);
  const label = await who.call('POST', '/api/sarm/annotation/create-label', {
    name: defaultDataLabelName(who.user.id, seeded.dataset.id, 'detection'),
    dataset_id: seeded.dataset.id,
    label_type: 'detection',
  });
  const labelId = DataLabelSchema.parse(label.json()).id;
  for (const frame of seeded.frames)
    await who.call('POST', '/api/sarm/annotation/add-frame', {
      data_label_id: labelId,
      frame_id: frame.id,
    });
  return { ...seeded, labelId };
}

/** Creates a detection model of the dataset and answers it. */
export async function createDetectionModel(who: Caller, datasetId: string, name: string) {
  const created = await who.call('POST', '/api/technical/models', {
    name,
    type: 'detection',
    dataset_id: datasetId,
  });
  expect(created.statusCode, created.body).toBe(201);
  return ModelSchema.parse(created.json());
}

/** Polls the training status until `done` says so (or 120 s pass); answers the last status. */
export async function pollTraining(
  who: Caller,
  modelId: string,
  done: (status: TrainingStatus) => boolean = (s) => s.status !== 'training',
): Promise<TrainingStatus> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await who.call('GET', `/api/technical/models/${modelId}/training-status`);
    expect(response.statusCode, response.body).toBe(200);
    const status = TrainingStatusSchema.parse(response.json());
    if (done(status)) return status;
    if (Date.now() > deadline) throw new Error(`Training still ${status.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls a prediction until it leaves queued/running (or 120 s pass). */
export async function pollPrediction(who: Caller, id: string): Promise<Prediction> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await who.call('GET', `/api/technical/predictions/${id}`);
    const prediction = PredictionSchema.parse(response.json());
    if (prediction.status !== 'queued' && prediction.status !== 'running') return prediction;
    if (Date.now() > deadline) throw new Error(`Prediction still ${prediction.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
