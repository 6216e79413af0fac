import type { AnalysisResult } from '@sarm/casa';
import type { AnalysisItem, AnalysisItemStatus, Morphometry, Patient } from '@sarm/contracts';
import type {
  AnalysisRequestRow,
  PatientRow,
  VideoAnalysisRow,
  VideoRow,
} from '../db/schema/index.js';
import type { ListedVideo } from '../repositories/patients.repository.js';

const MORPHOMETRY_KEYS = [
  'area_um2',
  'length_um',
  'width_um',
  'ellipticity',
  'perimeter_um',
] as const satisfies readonly (keyof Morphometry)[];

export function toPatient(row: PatientRow): Patient {
  return {
    id: row.id,
    name: row.name,
    age: row.age,
    contactNumber: row.contactNumber,
    contact_number: row.contactNumber,
    notes: row.notes,
    projectId: row.projectId,
    project_id: row.projectId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1
      ? (sorted[middle] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Number(value.toFixed(3));
}

/** Medians of each head measure over the tracks; null when no track has a finite measure. */
export function medianMorphometry(result: AnalysisResult): Morphometry | null {
  const shapes = (result.tracks ?? [])
    .map((track) => track.morphometry)
    .filter((shape) => shape !== undefined && MORPHOMETRY_KEYS.every((k) => isFinite(shape[k])));
  if (shapes.length === 0) return null;
  const out: Morphometry = {
    area_um2: 0,
    length_um: 0,
    width_um: 0,
    ellipticity: 0,
    perimeter_um: 0,
  };
  for (const key of MORPHOMETRY_KEYS) out[key] = median(shapes.map((shape) => shape[key]));
  return out;
}

/** What the results screen shows for a video that has no saved analysis yet. */
export function waitingStatus(video: VideoRow): AnalysisItemStatus {
  if (video.processingStatus === 'processing') return 'in-progress';
  if (video.processingStatus === 'failed') return 'failed';
  return 'pending';
}

const baseItem = (video: ListedVideo, patientName: string | null) => ({
  video_id: video.id,
  video_name: video.name,
  dataset_id: video.datasetId,
  dataset_name: video.datasetName,
  patient_id: video.patientId,
  patient_name: patientName,
});

export function toAnalysisItem(
  row: VideoAnalysisRow,
  video: ListedVideo,
  patientName: string | null,
): AnalysisItem {
  const result = row.result as unknown as AnalysisResult;
  const shapes = (result.tracks ?? []).filter((track) => track.morphometry !== undefined);
  return {
    id: row.id,
    status: 'completed',
    ...baseItem(video, patientName),
    created_at: row.createdAt.toISOString(),
    concentration_million_per_ml: result.concentration.mean_concentration_million_per_ml,
    total_motility_percent: result.motility.total_motility_percent,
    progressive_percent: result.motility.progressive_percent,
    immotile_percent: result.motility.motility_distribution.Immotile,
    average_velocity: result.motility.average_velocity,
    total_sperm_count: result.motility.track_count,
    tracks_measured: shapes.length,
    morphometry: medianMorphometry(result),
    error: null,
  };
}

const NO_FIGURES = {
  concentration_million_per_ml: null,
  total_motility_percent: null,
  progressive_percent: null,
  immotile_percent: null,
  average_velocity: null,
  total_sperm_count: null,
  tracks_measured: 0,
  morphometry: null,
} as const;

/** A submitted analysis that has not produced a stored analysis (yet): its id is the request id. */
export function toRequestItem(
  request: AnalysisRequestRow,
  video: ListedVideo,
  patientName: string | null,
): AnalysisItem {
  return {
    id: request.id,
    status: request.status,
    ...baseItem(video, patientName),
    created_at: request.createdAt.toISOString(),
    ...NO_FIGURES,
    error: request.status === 'failed' ? request.error : null,
  };
}

export function toWaitingItem(video: ListedVideo, patientName: string | null): AnalysisItem {
  const status = waitingStatus(video);
  return {
    id: video.id,
    status,
    ...baseItem(video, patientName),
    created_at: video.createdAt.toISOString(),
    ...NO_FIGURES,
    error: status === 'failed' ? video.error : null,
  };
}
