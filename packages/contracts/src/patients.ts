import { z } from 'zod';
import { TimestampSchema } from './common.js';
import {
  idText,
  multiLineText,
  NAME_MAX,
  NOTE_MAX,
  PHONE_MAX,
  SEARCH_MAX,
  singleLineText,
} from './limits.js';

export const PATIENT_NOT_FOUND = 'Patient not found';

export const PatientSchema = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().int().nullable(),
  contactNumber: z.string(),
  contact_number: z.string(),
  notes: z.string(),
  projectId: z.string().nullable(),
  project_id: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: TimestampSchema,
  created_at: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Patient = z.infer<typeof PatientSchema>;

/** Body of POST and PUT /business/patients; camelCase or snake_case for the two-word fields. */
export const PatientInputSchema = z.object({
  name: singleLineText('Name', NAME_MAX, { required: 'Name is required' }),
  age: z.number().int().min(0).max(150).nullable().optional(),
  contactNumber: singleLineText('Contact number', PHONE_MAX).optional(),
  contact_number: singleLineText('Contact number', PHONE_MAX).optional(),
  notes: multiLineText('Notes', NOTE_MAX).optional(),
  projectId: idText('Project id').nullable().optional(),
  project_id: idText('Project id').nullable().optional(),
});
export type PatientInput = z.infer<typeof PatientInputSchema>;

/** Largest page of patients or analyses; the default is one full page, as the screens list them all. */
export const BUSINESS_LIST_MAX = 1000;

export const PatientListQuerySchema = z.object({
  search: singleLineText('Search', SEARCH_MAX).optional(),
  project_id: idText('Project id').optional(),
  limit: z.coerce.number().int().min(1).max(BUSINESS_LIST_MAX).default(BUSINESS_LIST_MAX),
  offset: z.coerce.number().int().min(0).default(0),
});

export const PatientListResponseSchema = z.object({
  patients: z.array(PatientSchema),
  total: z.number().int(),
});

/** Where an analysis (or a video waiting for one) stands on the results screen. */
export const ANALYSIS_ITEM_STATUSES = ['completed', 'in-progress', 'pending', 'failed'] as const;
export type AnalysisItemStatus = (typeof ANALYSIS_ITEM_STATUSES)[number];

/** Medians over the analysed tracks' head shapes. */
export const MorphometrySchema = z.object({
  area_um2: z.number(),
  length_um: z.number(),
  width_um: z.number(),
  ellipticity: z.number(),
  perimeter_um: z.number(),
});
export type Morphometry = z.infer<typeof MorphometrySchema>;

/** One saved analysis, or a video without one (then `id` is the video id and figures are null). */
export const AnalysisItemSchema = z.object({
  id: z.string(),
  status: z.enum(ANALYSIS_ITEM_STATUSES),
  video_id: z.string(),
  video_name: z.string(),
  dataset_id: z.string(),
  /** The dataset is the sample (spec 1): its name titles the row beside patient and video. */
  dataset_name: z.string(),
  patient_id: z.string().nullable(),
  patient_name: z.string().nullable(),
  created_at: TimestampSchema,
  concentration_million_per_ml: z.number().nullable(),
  total_motility_percent: z.number().nullable(),
  progressive_percent: z.number().nullable(),
  immotile_percent: z.number().nullable(),
  average_velocity: z.number().nullable(),
  total_sperm_count: z.number().nullable(),
  tracks_measured: z.number().int(),
  morphometry: MorphometrySchema.nullable(),
  /** Why the analysis or the video's processing failed (status `failed`); otherwise null. */
  error: z.string().nullable().optional(),
});
export type AnalysisItem = z.infer<typeof AnalysisItemSchema>;

export const AnalysisListQuerySchema = z.object({
  patient_id: idText('Patient id').optional(),
  status: z.enum(ANALYSIS_ITEM_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(BUSINESS_LIST_MAX).default(BUSINESS_LIST_MAX),
  offset: z.coerce.number().int().min(0).default(0),
});
export const AnalysisListResponseSchema = z.object({
  analyses: z.array(AnalysisItemSchema),
  total: z.number().int(),
});

export const PatientVideoSchema = z.object({
  id: z.string(),
  name: z.string(),
  dataset_id: z.string(),
  processing_status: z.string(),
  created_at: TimestampSchema,
});

/** GET /business/patients/{id}: the patient with their videos and analyses. */
export const PatientDetailSchema = PatientSchema.extend({
  videos: z.array(PatientVideoSchema),
  analyses: z.array(AnalysisItemSchema),
});
export type PatientDetail = z.infer<typeof PatientDetailSchema>;

/** GET /business/dashboard: figures of the projects the user can see. */
/** The business dashboard, optionally narrowed to one patient's videos and analyses. */
export const BusinessDashboardQuerySchema = z.object({
  patient_id: idText('Patient id').optional(),
});
export const BusinessDashboardSchema = z.object({
  counts: z.object({
    patients: z.number().int(),
    videos: z.number().int(),
    analyses: z.number().int(),
    pending: z.number().int(),
  }),
  recent_patients: z.array(PatientSchema),
  recent_analyses: z.array(AnalysisItemSchema),
});
export type BusinessDashboard = z.infer<typeof BusinessDashboardSchema>;
