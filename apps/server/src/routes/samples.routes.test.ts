import {
  ConcentrationReportSchema,
  DatasetSchema,
  PatientSchema,
  StoredReportSchema,
  TOTAL_SPERM_NUMBER_REASONS,
  UploadVideoResponseSchema,
  VideoListResponseSchema,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audited, caller } from '../test/admin-helpers.js';
import { seedSimulatedVideos } from '../test/analysis-helpers.js';
import { projectWithMember, uploadFile, writeTestVideo } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ workers: true });
});
afterAll(async () => {
  await server.close();
});

/** A clinic user: manages samples and patients, uploads and runs reports; no technical right. */
async function clinicUser() {
  const who = await caller(server);
  await grantCustomRole(server, who.user.id, [
    'sarm.manage_samples',
    'sarm.upload_video',
    'sarm.manage_patients',
    'sarm.generate_report',
    'sarm.view_reports',
  ]);
  return who;
}

type Caller = Awaited<ReturnType<typeof clinicUser>>;

async function patientOf(who: Caller, projectId: string, name = 'Nguyen Van A') {
  const response = await who.call('POST', '/api/business/patients', { name, projectId });
  return PatientSchema.parse(response.json());
}

const sample = {
  collected_at: '2026-11-24T08:30:00.000Z',
  abstinence_days: 3,
  semen_volume_ml: 3.2,
  collection_complete: true,
  minutes_to_analysis: 45,
  appearance: 'Grey-opalescent',
  liquefaction: 'Complete within 30 min',
  viscosity: 'Normal',
  ph: 7.8,
  chamber_name: 'Leja 20',
  chamber_depth_um: 20,
  dilution_factor: 1,
  um_per_pixel: 0.6,
};

describe('a dataset is the clinic sample', () => {
  it('is created by a clinic user with its patient and sample fields, and read back', async () => {
    const clinic = await clinicUser();
    const project = await projectWithMember(server, clinic.user.id);
    const patient = await patientOf(clinic, project.id);
    const created = await clinic.call('POST', '/api/sarm/dataset/create-dataset', {
      name: 'Sample 2026-11-24',
      projectId: project.id,
      settings: { ...sample, patient_id: patient.id },
    });
    expect(created.statusCode).toBe(201);
    const dataset = DatasetSchema.parse(created.json());
    expect(dataset.settings).toMatchObject({ ...sample, patient_id: patient.id });
    const read = DatasetSchema.parse(
      (await clinic.call('GET', `/api/sarm/dataset/get-dataset/${dataset.id}`)).json(),
    );
    expect(read.settings.semen_volume_ml).toBe(3.2);
    expect(read.settings.collected_at).toBe('2026-11-24T08:30:00.000Z');
    expect(await audited(server, 'Dataset "Sample 2026-11-24" created')).toBe(true);
    // Deleting stays with dataset managers.
    const remove = await clinic.call('DELETE', `/api/sarm/dataset/delete-dataset/${dataset.id}`);
    expect(remove.statusCode).toBe(403);
  });

  it('changes only the settings sent, clears with null and audits every change by name', async () => {
    const clinic = await clinicUser();
    const project = await projectWithMember(server, clinic.user.id);
    const dataset = DatasetSchema.parse(
      (
        await clinic.call('POST', '/api/sarm/dataset/create-dataset', {
          name: 'Audited sample',
          projectId: project.id,
          settings: { semen_volume_ml: 2, ph: 7.5 },
        })
      ).json(),
    );
    const updated = await clinic.call('PUT', `/api/sarm/dataset/update-dataset/${dataset.id}`, {
      settings: { semen_volume_ml: 3.5, um_per_pixel: 0.65, ph: null },
    });
    expect(updated.statusCode).toBe(200);
    expect(DatasetSchema.parse(updated.json()).settings).toMatchObject({
      semen_volume_ml: 3.5,
      um_per_pixel: 0.65,
      ph: null,
      chamber_depth_um: 20,
      dilution_factor: 1,
    });
    expect(
      await audited(
        server,
        'Dataset "Audited sample" updated: ph 7.5 → (none), semen_volume_ml 2 → 3.5, um_per_pixel 0.5 → 0.65',
      ),
    ).toBe(true);
  });

  it('refuses sample values out of their limits, and patients the caller cannot see', async () => {
    const clinic = await clinicUser();
    const project = await projectWithMember(server, clinic.user.id);
    const dataset = DatasetSchema.parse(
      (
        await clinic.call('POST', '/api/sarm/dataset/create-dataset', {
          name: 'Checked sample',
          projectId: project.id,
        })
      ).json(),
    );
    const put = (settings: object) =>
      clinic.call('PUT', `/api/sarm/dataset/update-dataset/${dataset.id}`, { settings });
    const invalid: [object, string][] = [
      [{ semen_volume_ml: 0 }, 'Semen volume must be more than 0'],
      [{ semen_volume_ml: 51 }, 'Semen volume must be at most 50'],
      [{ abstinence_days: 2.5 }, 'Abstinence days must be a whole number'],
      [{ ph: 15 }, 'pH must be at most 14'],
      [{ minutes_to_analysis: -1 }, 'Minutes to analysis must be at least 0'],
      [{ collected_at: 'yesterday' }, 'Collection time must be a date and time'],
      [{ chamber_depth_um: 5000 }, 'Chamber depth must be at most 1000 µm'],
      [{ appearance: 'x'.repeat(101) }, 'Appearance must be at most 100 characters'],
    ];
    for (const [settings, message] of invalid) {
      const response = await put(settings);
      expect(response.statusCode, JSON.stringify(settings)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect((await put({ patient_id: 'no-such-patient' })).statusCode).toBe(404);
    const stranger = await clinicUser();
    const elsewhere = await projectWithMember(server, stranger.user.id, 'Clinic B');
    const hidden = await patientOf(stranger, elsewhere.id, 'Hidden patient');
    const refused = await put({ patient_id: hidden.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ message: string }>().message).toBe('Patient not found');
    const unchanged = DatasetSchema.parse(
      (await clinic.call('GET', `/api/sarm/dataset/get-dataset/${dataset.id}`)).json(),
    );
    expect(unchanged.settings.patient_id ?? null).toBeNull();
    // Uploading alone does not let one change the sample.
    const viewer = await caller(server);
    await grantCustomRole(server, viewer.user.id, ['sarm.upload_video', 'sarm.view_frames']);
    expect(
      (await viewer.call('PUT', `/api/sarm/dataset/update-dataset/${dataset.id}`, {})).statusCode,
    ).toBe(403);
  });
});

describe('upload linked to the patient', () => {
  it('stores patient, capture date, tags and source as the upload dialog sends them, and filters by patient', async () => {
    const clinic = await clinicUser();
    const project = await projectWithMember(server, clinic.user.id);
    const patient = await patientOf(clinic, project.id, 'Le Van C');
    const dataset = DatasetSchema.parse(
      (
        await clinic.call('POST', '/api/sarm/dataset/create-dataset', {
          name: 'Linked sample',
          projectId: project.id,
          settings: { patient_id: patient.id },
        })
      ).json(),
    );
    const file = await writeTestVideo(server.dataDir, 'linked.mp4');
    const upload = await uploadFile(
      server,
      clinic.headers,
      {
        dataset_id: dataset.id,
        name: 'Linked clip',
        description: '',
        captureDate: '2026-11-20',
        patientId: patient.id,
        tags: JSON.stringify(['first', 'phase contrast']),
        source: 'Olympus CX43',
      },
      { name: 'linked.mp4', path: file },
    );
    expect(upload.statusCode).toBe(201);
    const { video } = UploadVideoResponseSchema.parse(upload.json());
    expect(video).toMatchObject({
      patientId: patient.id,
      captureDate: '2026-11-20',
      tags: ['first', 'phase contrast'],
      source: 'Olympus CX43',
    });
    const listed = VideoListResponseSchema.parse(
      (await clinic.call('GET', `/api/video/list-video?patient_id=${patient.id}`)).json(),
    );
    expect(listed.videos.map((v) => v.id)).toEqual([video.id]);

    // Without a patient in the form, the video belongs to its sample's patient.
    const second = await uploadFile(
      server,
      clinic.headers,
      { dataset_id: dataset.id },
      { name: 'linked-2.mp4', path: file },
    );
    expect(UploadVideoResponseSchema.parse(second.json()).video.patientId).toBe(patient.id);
  });
});

describe('total sperm number', () => {
  it('is mean concentration × semen volume, classified against 39 million, null without volume', async () => {
    const clinic = await clinicUser();
    const project = await projectWithMember(server, clinic.user.id);
    const dataset = DatasetSchema.parse(
      (
        await clinic.call('POST', '/api/sarm/dataset/create-dataset', {
          name: 'Counted sample',
          projectId: project.id,
        })
      ).json(),
    );
    const videos = await seedSimulatedVideos(server, clinic.headers, dataset.id, 2, 11);
    const ids = videos.map((video) => video.id);
    const calculate = async () => {
      const response = await clinic.call('POST', '/api/sarm/calculation/cal-concentration', {
        video_ids: ids,
        save_results: true,
      });
      expect(response.statusCode).toBe(200);
      return ConcentrationReportSchema.parse(response.json());
    };

    const withoutVolume = await calculate();
    expect(withoutVolume.aggregated_results).toMatchObject({
      total_sperm_number_million: null,
      total_sperm_number_classification: null,
      total_sperm_number_reason: TOTAL_SPERM_NUMBER_REASONS.volumeUnknown,
    });
    expect(withoutVolume.analysis_parameters.semen_volume_ml).toBeNull();
    const storedBefore = StoredReportSchema.parse(
      (await clinic.call('GET', `/api/sarm/report/get-report/${dataset.id}`)).json(),
    );
    expect(storedBefore.combined_summary.total_sperm_number_million).toBeNull();
    expect(storedBefore.combined_summary.total_sperm_number_reason).toBe(
      TOTAL_SPERM_NUMBER_REASONS.volumeUnknown,
    );

    await clinic.call('PUT', `/api/sarm/dataset/update-dataset/${dataset.id}`, {
      settings: { semen_volume_ml: 4 },
    });
    const withVolume = await calculate();
    const mean = withVolume.aggregated_results.mean_concentration_million_per_ml;
    expect(mean).toBeGreaterThan(0);
    expect(withVolume.aggregated_results.total_sperm_number_million).toBeCloseTo(mean * 4, 9);
    expect(withVolume.aggregated_results.total_sperm_number_classification).toBe(
      mean * 4 >= 39 ? 'normal' : 'low',
    );
    expect(withVolume.aggregated_results.total_sperm_number_reason).toBeNull();
    expect(withVolume.analysis_parameters.semen_volume_ml).toBe(4);
    // The volume does not change the engine's work: the saved analyses are reused.
    expect(withVolume.video_summaries.map((s) => s.analysis_id).sort()).toEqual(
      withoutVolume.video_summaries.map((s) => s.analysis_id).sort(),
    );
    const stored = StoredReportSchema.parse(
      (await clinic.call('GET', `/api/sarm/report/get-report/${dataset.id}`)).json(),
    );
    expect(stored.combined_summary.total_sperm_number_million).toBeCloseTo(mean * 4, 9);
    expect(stored.combined_summary.total_sperm_number_reason).toBeNull();
  }, 120_000);

  it('is not given for videos of more than one sample', async () => {
    const clinic = await clinicUser();
    const project = await projectWithMember(server, clinic.user.id);
    const ids: string[] = [];
    for (const name of ['First sample', 'Second sample']) {
      const dataset = DatasetSchema.parse(
        (
          await clinic.call('POST', '/api/sarm/dataset/create-dataset', {
            name,
            projectId: project.id,
            settings: { semen_volume_ml: 3 },
          })
        ).json(),
      );
      const [video] = await seedSimulatedVideos(server, clinic.headers, dataset.id, 1, 21);
      if (video !== undefined) ids.push(video.id);
    }
    const report = ConcentrationReportSchema.parse(
      (
        await clinic.call('POST', '/api/sarm/calculation/cal-concentration', { video_ids: ids })
      ).json(),
    );
    expect(report.aggregated_results.total_sperm_number_million).toBeNull();
    expect(report.aggregated_results.total_sperm_number_reason).toBe(
      TOTAL_SPERM_NUMBER_REASONS.severalSamples,
    );
  }, 120_000);
});
