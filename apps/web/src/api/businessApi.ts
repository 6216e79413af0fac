import {
  AnalysisListResponseSchema,
  BusinessDashboardSchema,
  OkResponseSchema,
  PatientDetailSchema,
  PatientListResponseSchema,
  PatientSchema,
  ProjectDashboardSchema,
  type AnalysisItem,
  type Patient,
  type PatientInput,
} from '@sarm/contracts';
import { apiClient } from './apiClient';

export const businessKeys = {
  patients: ['business', 'patients'] as const,
  patient: (id: string) => ['business', 'patient', id] as const,
  projectPatients: (projectId: string) => ['business', 'patients', projectId] as const,
  analyses: ['business', 'analyses'] as const,
  dashboard: ['business', 'dashboard'] as const,
  patientDashboard: (patientId: string) => ['business', 'dashboard', patientId] as const,
  projectDashboard: ['business', 'project-dashboard'] as const,
};

export async function fetchPatients(): Promise<Patient[]> {
  return (await apiClient.requestParsed('/business/patients', PatientListResponseSchema)).patients;
}

/** The patients of one project (and those of no project), for the pickers of upload and sample. */
export async function fetchProjectPatients(projectId: string): Promise<Patient[]> {
  const query = `project_id=${encodeURIComponent(projectId)}`;
  return (await apiClient.requestParsed(`/business/patients?${query}`, PatientListResponseSchema))
    .patients;
}

export const fetchPatient = (id: string) =>
  apiClient.requestParsed(`/business/patients/${encodeURIComponent(id)}`, PatientDetailSchema);

export const savePatient = (id: string | null, body: PatientInput) =>
  apiClient.requestParsed(
    id === null ? '/business/patients' : `/business/patients/${encodeURIComponent(id)}`,
    PatientSchema,
    { method: id === null ? 'POST' : 'PUT', body },
  );

export const deletePatient = (id: string) =>
  apiClient.requestParsed(`/business/patients/${encodeURIComponent(id)}`, OkResponseSchema, {
    method: 'DELETE',
  });

export async function fetchAnalyses(): Promise<AnalysisItem[]> {
  return (await apiClient.requestParsed('/business/analyses', AnalysisListResponseSchema)).analyses;
}

/** The dashboard's counts and recent items, of every visible patient or of one. */
export const fetchBusinessDashboard = (patientId?: string) =>
  apiClient.requestParsed(
    patientId === undefined
      ? '/business/dashboard'
      : `/business/dashboard?patient_id=${encodeURIComponent(patientId)}`,
    BusinessDashboardSchema,
  );

export const fetchProjectDashboard = () =>
  apiClient.requestParsed('/sarm/project/dashboard', ProjectDashboardSchema);
