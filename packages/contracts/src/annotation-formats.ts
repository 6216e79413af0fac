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
