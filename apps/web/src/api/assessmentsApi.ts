import type { AssessmentInputSchema, AssessmentReplicatesQuerySchema } from '@sarm/contracts';
import {
  AssessmentRecordSchema,
  AssessmentReplicatesResponseSchema,
  SampleAssessmentsSchema,
  type AssessmentRecord,
  type AssessmentReplicatesResponse,
  type SampleAssessments,
} from '@sarm/contracts';
import type { z } from 'zod';
import { apiClient } from './apiClient';

const id = encodeURIComponent;

/** What the bench screens send for one module (notes may be left out: the server fills ''). */
export type AssessmentInputBody = z.input<typeof AssessmentInputSchema>;
/** Filter of the QC replicate agreement of bench counts. */
export type BenchReplicatesQuery = z.input<typeof AssessmentReplicatesQuerySchema>;

export const assessmentKeys = {
  all: ['sarm', 'assessments'] as const,
  sample: (datasetId: string) => ['sarm', 'assessments', 'sample', datasetId] as const,
  benchReplicates: (query: BenchReplicatesQuery) =>
    [
      'sarm',
      'assessments',
      'bench-replicates',
      query.module ?? null,
      query.technician ?? null,
    ] as const,
};

/** The sample's current result per module, its whole history and whether the caller may record. */
export const fetchSampleAssessments = (datasetId: string): Promise<SampleAssessments> =>
  apiClient.requestParsed(`/sarm/assessments/${id(datasetId)}`, SampleAssessmentsSchema);

/**
 * Saves one module's counts; the server computes the figures. A record whose replicates disagree
 * comes back with `accepted: false` (kept for QC): the screen asks for a recount.
 */
export const recordAssessment = (
  datasetId: string,
  input: AssessmentInputBody,
): Promise<AssessmentRecord> =>
  apiClient.requestParsed(`/sarm/assessments/${id(datasetId)}`, AssessmentRecordSchema, {
    method: 'POST',
    body: input,
  });

/** Replicate agreement of bench counts per technician (QC). */
export function fetchBenchReplicates(
  query: BenchReplicatesQuery = {},
): Promise<AssessmentReplicatesResponse> {
  const params = new URLSearchParams();
  if (query.module !== undefined) params.set('module', query.module);
  if (query.technician !== undefined) params.set('technician', query.technician);
  const search = params.toString();
  return apiClient.requestParsed(
    `/sarm/qc/assessment-replicates${search === '' ? '' : `?${search}`}`,
    AssessmentReplicatesResponseSchema,
  );
}
