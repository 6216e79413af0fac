import {
  DEFAULT_DATASET_SETTINGS,
  ReportSampleSchema,
  type DatasetSettings,
  type ReportSample,
} from '@sarm/contracts';
import type { CalibrationProfileRow, PatientRow } from '../db/schema/index.js';
import type { CalibrationProfilesRepository } from '../repositories/calibration-profiles.repository.js';
import type { DatasetsRepository } from '../repositories/datasets.repository.js';
import type { PatientsRepository } from '../repositories/patients.repository.js';

/** The sample fields of a report version from the dataset's settings, its patient and calibration. */
export function toReportSample(
  stored: Partial<DatasetSettings>,
  patient: PatientRow | undefined,
  profile: CalibrationProfileRow | undefined,
): ReportSample {
  const settings = { ...DEFAULT_DATASET_SETTINGS, ...stored };
  return {
    patient:
      patient === undefined ? null : { id: patient.id, name: patient.name, age: patient.age },
    collected_at: settings.collected_at ?? null,
    abstinence_days: settings.abstinence_days ?? null,
    semen_volume_ml: settings.semen_volume_ml ?? null,
    collection_complete: settings.collection_complete ?? null,
    minutes_to_analysis: settings.minutes_to_analysis ?? null,
    appearance: settings.appearance ?? null,
    liquefaction: settings.liquefaction ?? null,
    viscosity: settings.viscosity ?? null,
    ph: settings.ph ?? null,
    chamber_name: settings.chamber_name ?? null,
    chamber_depth_um: settings.chamber_depth_um,
    dilution_factor: settings.dilution_factor,
    um_per_pixel: settings.um_per_pixel,
    calibration_profile:
      profile === undefined
        ? null
        : {
            id: profile.id,
            name: profile.name,
            objective: profile.objective,
            um_per_pixel: profile.umPerPixel,
          },
  };
}

/** The stored snapshot of a version, or undefined for versions saved before snapshots existed. */
export function storedSample(payload: { readonly sample?: unknown }): ReportSample | undefined {
  const parsed = ReportSampleSchema.safeParse(payload.sample);
  return parsed.success ? parsed.data : undefined;
}

/** Reads a dataset's sample as a report version freezes it. */
export function createReportSampleReader(deps: {
  datasets: Pick<DatasetsRepository, 'findById'>;
  patients: Pick<PatientsRepository, 'findById'>;
  profiles: Pick<CalibrationProfilesRepository, 'findById'>;
}) {
  return async function sampleOf(datasetId: string): Promise<ReportSample> {
    const found = await deps.datasets.findById(datasetId);
    const settings = found?.dataset.settings ?? DEFAULT_DATASET_SETTINGS;
    const patientId = settings.patient_id ?? null;
    const profileId = settings.calibration_profile_id ?? null;
    return toReportSample(
      settings,
      patientId === null ? undefined : await deps.patients.findById(patientId),
      profileId === null ? undefined : await deps.profiles.findById(profileId),
    );
  };
}
export type ReportSampleReader = ReturnType<typeof createReportSampleReader>;
