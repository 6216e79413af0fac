import { z } from 'zod';

/** Exchange formats of detection annotations (COCO JSON, Ultralytics YOLO, MOTChallenge). */
export const ANNOTATION_FORMATS = ['coco', 'yolo', 'mot'] as const;
export type AnnotationFormat = (typeof ANNOTATION_FORMATS)[number];

export const AnnotationExportRequestSchema = z
  .object({
    format: z.enum(ANNOTATION_FORMATS).default('coco'),
    include_original_images: z.boolean().default(true),
    /** Data label exports leave items marked bad out (spec 2 §9). */
    exclude_bad_quality: z.boolean().default(true),
  })
  .default({ format: 'coco', include_original_images: true, exclude_bad_quality: true });
export type AnnotationExportRequest = z.input<typeof AnnotationExportRequestSchema>;

/** Exports of morphology labels: COCO (polygons and RLE) or a folder of PNG masks with a CSV. */
export const MORPHOLOGY_EXPORT_FORMATS = ['coco', 'masks'] as const;
export type MorphologyExportFormat = (typeof MORPHOLOGY_EXPORT_FORMATS)[number];

export const MorphologyExportRequestSchema = z
  .object({
    format: z.enum(MORPHOLOGY_EXPORT_FORMATS).default('coco'),
    include_original_images: z.boolean().default(true),
    exclude_bad_quality: z.boolean().default(true),
  })
  .default({ format: 'coco', include_original_images: true, exclude_bad_quality: true });
export type MorphologyExportRequest = z.input<typeof MorphologyExportRequestSchema>;

/**
 * Every format a data label exports as: detection labels take coco, yolo or mot, morphology
 * labels coco or masks (the server answers 400 for the others).
 */
export const DATA_LABEL_EXPORT_FORMATS = ['coco', 'yolo', 'mot', 'masks'] as const;
export type DataLabelExportFormat = (typeof DATA_LABEL_EXPORT_FORMATS)[number];

export const DataLabelExportRequestSchema = z
  .object({
    format: z.enum(DATA_LABEL_EXPORT_FORMATS).default('coco'),
    include_original_images: z.boolean().default(true),
    exclude_bad_quality: z.boolean().default(true),
  })
  .default({ format: 'coco', include_original_images: true, exclude_bad_quality: true });
export type DataLabelExportRequest = z.input<typeof DataLabelExportRequestSchema>;

export const AnnotationImportResponseSchema = z.object({
  success: z.literal(true),
  /** Frames the file annotates (extracted from the video when not there yet). */
  frames: z.number().int(),
  frames_extracted: z.number().int(),
  boxes: z.number().int(),
  tracks: z.number().int(),
  data_label_id: z.string().nullable(),
});
export type AnnotationImportResponse = z.infer<typeof AnnotationImportResponseSchema>;
