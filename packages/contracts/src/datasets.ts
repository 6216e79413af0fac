import { z } from 'zod';
import { TimestampSchema } from './common.js';
import {
  DESCRIPTION_MAX,
  ID_MAX,
  idText,
  multiLineText,
  NAME_MAX,
  NOTE_MAX,
  SAMPLE_LIMITS,
  SHORT_TEXT_MAX,
  singleLineText,
} from './limits.js';
import { VideoSchema } from './videos.js';

export const DATASET_TYPES = ['detection', 'morphology', 'combined'] as const;
export type DatasetType = (typeof DATASET_TYPES)[number];
export const DATASET_STATUSES = [
  'draft',
  'active',
  'in-progress',
  'completed',
  'archived',
] as const;
export type DatasetStatus = (typeof DATASET_STATUSES)[number];

const sampleNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);
const sampleText = (label: string, max = SHORT_TEXT_MAX) =>
  singleLineText(label, max).nullable().optional();

/**
 * The sample a clinic dataset stands for (issue 15): who it is from, how it was collected and
 * what was seen before the microscope. Every field is optional and null clears it.
 */
export const SampleFieldsSchema = z.object({
  patient_id: idText('Patient id').nullable().optional(),
  /** When the semen was collected (ISO 8601 with offset). */
  collected_at: z.iso
    .datetime({ offset: true, error: 'Collection time must be a date and time' })
    .nullable()
    .optional(),
  abstinence_days: sampleNumber('Abstinence days', 0, SAMPLE_LIMITS.abstinenceDaysMax)
    .int('Abstinence days must be a whole number')
    .nullable()
    .optional(),
  semen_volume_ml: sampleNumber('Semen volume', 0, SAMPLE_LIMITS.semenVolumeMlMax)
    .positive('Semen volume must be more than 0')
    .nullable()
    .optional(),
  /** false: part of the ejaculate was lost, so volume and total number under-estimate. */
  collection_complete: z.boolean().nullable().optional(),
  minutes_to_analysis: sampleNumber('Minutes to analysis', 0, SAMPLE_LIMITS.minutesToAnalysisMax)
    .int('Minutes to analysis must be a whole number')
    .nullable()
    .optional(),
  appearance: sampleText('Appearance'),
  liquefaction: sampleText('Liquefaction'),
  viscosity: sampleText('Viscosity'),
  ph: sampleNumber('pH', SAMPLE_LIMITS.phMin, SAMPLE_LIMITS.phMax).nullable().optional(),
  chamber_name: sampleText('Chamber', NAME_MAX),
  /** The microscope calibration profile the sample was recorded with. */
  calibration_profile_id: idText('Calibration profile id').nullable().optional(),
});
export type SampleFields = z.infer<typeof SampleFieldsSchema>;

/** The heads' polarity a dataset can set; `auto` decides it from the video. */
export const HEAD_POLARITIES = ['auto', 'bright', 'dark'] as const;
export type HeadPolarity = (typeof HEAD_POLARITIES)[number];
/** The engine's ways of finding heads (see packages/casa, `headFinding`). */
export const HEAD_FINDINGS = ['blobs', 'peaks'] as const;
export type HeadFindingSetting = (typeof HEAD_FINDINGS)[number];

/**
 * Analysis settings of a dataset (WHO defaults: chamber depth 20 µm, dilution 1) and, for a clinic
 * dataset, its sample fields. The engine reads the scale, chamber, dilution, polarity and head finding.
 */
export const DatasetSettingsSchema = z
  .object({
    chamber_depth_um: z
      .number({ error: 'Chamber depth must be a number' })
      .positive('Chamber depth must be more than 0')
      .max(
        SAMPLE_LIMITS.chamberDepthUmMax,
        `Chamber depth must be at most ${SAMPLE_LIMITS.chamberDepthUmMax} µm`,
      ),
    dilution_factor: z
      .number({ error: 'Dilution must be a number' })
      .positive('Dilution must be more than 0')
      .max(
        SAMPLE_LIMITS.dilutionFactorMax,
        `Dilution must be at most ${SAMPLE_LIMITS.dilutionFactorMax}`,
      ),
    um_per_pixel: z
      .number({ error: 'µm per pixel must be a number' })
      .positive('µm per pixel must be more than 0')
      .max(
        SAMPLE_LIMITS.umPerPixelMax,
        `µm per pixel must be at most ${SAMPLE_LIMITS.umPerPixelMax}`,
      ),
    /**
     * How heads look: `bright` (phase contrast, the default when unset), `dark` (bright-field, or
     * dark heads with bright halos), or `auto`: decided from the video's first frames.
     */
    head_polarity: z
      .enum(HEAD_POLARITIES, { error: 'Head polarity must be auto, bright or dark' })
      .optional(),
    /**
     * How heads are found: `blobs` (the default: blobs split, clusters counted by area) or `peaks`
     * (dense samples: every contrast peak is a head, touching heads apart).
     */
    head_finding: z
      .enum(HEAD_FINDINGS, { error: 'Head finding must be blobs or peaks' })
      .optional(),
    /** Margin around the head in detection crops (spec 2 morphology: the whole cell), µm. */
    crop_margin_um: z
      .number({ error: 'Crop margin must be a number' })
      .min(0, 'Crop margin must be 0 or more')
      .max(100, 'Crop margin must be at most 100 µm')
      .optional(),
  })
  .extend(SampleFieldsSchema.shape);
export type DatasetSettings = z.infer<typeof DatasetSettingsSchema>;
/** Crops show this much around the head unless the dataset sets `crop_margin_um`. */
export const DEFAULT_CROP_MARGIN_UM = 8;
export const DEFAULT_DATASET_SETTINGS: DatasetSettings = {
  chamber_depth_um: 20,
  dilution_factor: 1,
  um_per_pixel: 0.5,
};

/** Counts in both spellings: the earlier screens read either. */
export const DatasetStatsSchema = z.object({
  totalVideos: z.number().int(),
  total_videos: z.number().int(),
  videos_count: z.number().int(),
  usableVideos: z.number().int(),
  usable_videos: z.number().int(),
  totalFrames: z.number().int(),
  total_frames: z.number().int(),
  annotatedFrames: z.number().int(),
  annotated_frames: z.number().int(),
  totalDetections: z.number().int(),
  total_detections: z.number().int(),
  totalCrops: z.number().int(),
  total_crops: z.number().int(),
  annotatedMorphology: z.number().int(),
  annotated_morphology: z.number().int(),
});
export type DatasetStats = z.infer<typeof DatasetStatsSchema>;

export const DatasetSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(DATASET_TYPES),
  status: z.enum(DATASET_STATUSES),
  projectId: z.string(),
  project_id: z.string(),
  project_name: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  settings: DatasetSettingsSchema,
  stats: DatasetStatsSchema,
  createdAt: TimestampSchema,
  created_at: TimestampSchema,
  updatedAt: TimestampSchema,
  updated_at: TimestampSchema,
  videos: z.array(VideoSchema).optional(),
});
export type Dataset = z.infer<typeof DatasetSchema>;

export const DatasetListQuerySchema = z.object({
  type: z.enum(DATASET_TYPES).optional(),
  status: z.enum(DATASET_STATUSES).optional(),
  project_id: singleLineText('Project id', ID_MAX).optional(),
  projectId: singleLineText('Project id', ID_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export const DatasetListResponseSchema = z.object({
  datasets: z.array(DatasetSchema),
  total: z.number().int(),
});
export type DatasetListResponse = z.infer<typeof DatasetListResponseSchema>;

const DatasetFieldsSchema = z.object({
  name: singleLineText('Name', NAME_MAX, { required: 'Dataset name is required' }),
  description: multiLineText('Description', DESCRIPTION_MAX).optional(),
  type: z.enum(DATASET_TYPES).optional(),
  status: z.enum(DATASET_STATUSES).optional(),
  metadata: z
    .record(singleLineText('Metadata key', SHORT_TEXT_MAX), z.unknown())
    .refine(
      (metadata) => JSON.stringify(metadata).length <= NOTE_MAX,
      `Metadata must be at most ${NOTE_MAX} characters as JSON`,
    )
    .optional(),
  settings: DatasetSettingsSchema.partial().optional(),
  projectId: idText('Project id').optional(),
  project_id: idText('Project id').optional(),
});
/**
 * The Create Detection Dataset wizard's source (spec 2 §3 dataset creation payload): the
 * detections of frames of one video become the new dataset's first data label.
 */
export const DatasetSourceFieldsSchema = z.object({
  video_id: idText('Video id').optional(),
  frames: z.array(idText('Frame id')).max(10_000).optional(),
  include_all_frames: z.boolean().optional(),
  include_all_detections: z.boolean().optional(),
  user_id: idText('User id').optional(),
  source: z
    .object({
      type: z.literal('annotation'),
      video_id: idText('Video id'),
      frames: z.array(idText('Frame id')).max(10_000).default([]),
    })
    .optional(),
});

/** Create body: camelCase or snake_case project id; one of them is required. */
export const CreateDatasetRequestSchema = DatasetFieldsSchema.extend(
  DatasetSourceFieldsSchema.shape,
);
export type CreateDatasetRequest = z.infer<typeof CreateDatasetRequestSchema>;
export const UpdateDatasetRequestSchema = DatasetFieldsSchema.partial();
export type UpdateDatasetRequest = z.infer<typeof UpdateDatasetRequestSchema>;
