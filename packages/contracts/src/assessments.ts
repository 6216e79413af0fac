import { z } from 'zod';

/**
 * Bench assessments of a sample (issue 31): the parts of a semen analysis counted by a person at
 * the microscope, beside the CASA figures. Each save is one record; the sample's current result
 * for a module is its newest accepted record.
 */

export const ASSESSMENT_MODULES = [
  'vitality',
  'morphology',
  'round_cells',
  'agglutination',
  'mar',
  'comments',
] as const;
export type AssessmentModule = (typeof ASSESSMENT_MODULES)[number];

/** Modules counted with the tally counter, in replicates. */
export const COUNTED_MODULES = ['vitality', 'morphology', 'round_cells', 'mar'] as const;
export type CountedModule = (typeof COUNTED_MODULES)[number];

/** WHO: at least 200 cells in each replicate. */
export const DEFAULT_COUNT_TARGET = 200;
/** Largest number of cells one replicate may hold (a typo guard, far above any bench count). */
export const MAX_REPLICATE_CELLS = 10_000;

export const VITALITY_METHODS = ['eosin_nigrosin', 'eosin', 'hos'] as const;
export const MORPHOLOGY_METHODS = ['papanicolaou', 'diff_quik', 'shorr'] as const;
export const ROUND_CELL_METHODS = ['peroxidase'] as const;
export const MAR_METHODS = ['mar_igg', 'mar_iga', 'immunobead_igg', 'immunobead_iga'] as const;
export const AGGLUTINATION_METHODS = ['wet_preparation'] as const;
export const COMMENT_METHODS = ['observation'] as const;

/** Defect classes of the morphology differential; a cell may carry several (one of each at most). */
export const MORPHOLOGY_DEFECTS = ['head', 'midpiece', 'tail', 'erc'] as const;
export type MorphologyDefect = (typeof MORPHOLOGY_DEFECTS)[number];

/** Agglutination grade (WHO: 1 isolated, 2 moderate, 3 large, 4 gross; 0 none seen). */
export const AGGLUTINATION_GRADES = [0, 1, 2, 3, 4] as const;
/** Agglutination type by the parts stuck together (WHO: A head-head ... E tangled). */
export const AGGLUTINATION_TYPES = ['A', 'B', 'C', 'D', 'E'] as const;
/** What the centrifuged pellet showed (WHO: needed before azoospermia is reported). */
export const PELLET_FINDINGS = ['not_examined', 'no_sperm', 'sperm_seen'] as const;
export type PelletFinding = (typeof PELLET_FINDINGS)[number];

const cells = z.number().int().min(0).max(MAX_REPLICATE_CELLS);

export const VitalityReplicateSchema = z.object({ live: cells, dead: cells });
export type VitalityReplicate = z.infer<typeof VitalityReplicateSchema>;

/** One count of a morphology replicate: cells of one defect combination (none: normal). */
export const MorphologyTallySchema = z.object({
  defects: z.array(z.enum(MORPHOLOGY_DEFECTS)).min(1).max(MORPHOLOGY_DEFECTS.length),
  count: cells,
});
export const MorphologyReplicateSchema = z.object({
  normal: cells,
  /** Abnormal cells by their set of defects. */
  abnormal: z.array(MorphologyTallySchema).max(16),
});
export type MorphologyReplicate = z.infer<typeof MorphologyReplicateSchema>;

/** Round cells counted against spermatozoa in the same fields; positive ones are leukocytes. */
export const RoundCellReplicateSchema = z.object({
  sperm: cells,
  peroxidase_positive: cells,
  peroxidase_negative: cells,
});
export type RoundCellReplicate = z.infer<typeof RoundCellReplicateSchema>;

/** Motile spermatozoa with and without bound particles or beads. */
export const MarReplicateSchema = z.object({ bound: cells, unbound: cells });
export type MarReplicate = z.infer<typeof MarReplicateSchema>;

const replicates = <T extends z.ZodType>(schema: T) => z.array(schema).min(1).max(2);
const notes = z.string().max(2000).default('');

/** POST /sarm/assessments/{datasetId}: one module's result, counted or entered. */
export const AssessmentInputSchema = z.discriminatedUnion('module', [
  z.object({
    module: z.literal('vitality'),
    method: z.enum(VITALITY_METHODS),
    replicates: replicates(VitalityReplicateSchema),
    notes,
  }),
  z.object({
    module: z.literal('morphology'),
    method: z.enum(MORPHOLOGY_METHODS),
    replicates: replicates(MorphologyReplicateSchema),
    notes,
    /** Cells whose class a deployed morphology model proposed and the counter confirmed or corrected. */
    model_assisted: z
      .object({
        model_id: z.string(),
        model_name: z.string(),
        confirmed: z.number().int().min(0),
        corrected: z.number().int().min(0),
      })
      .nullable()
      .default(null),
  }),
  z.object({
    module: z.literal('round_cells'),
    method: z.enum(ROUND_CELL_METHODS),
    replicates: replicates(RoundCellReplicateSchema),
    notes,
  }),
  z.object({
    module: z.literal('mar'),
    method: z.enum(MAR_METHODS),
    replicates: replicates(MarReplicateSchema),
    notes,
  }),
  z.object({
    module: z.literal('agglutination'),
    method: z.enum(AGGLUTINATION_METHODS),
    grade: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    /** Null when the grade is 0 (none seen). */
    type: z.enum(AGGLUTINATION_TYPES).nullable(),
    notes,
  }),
  z.object({
    module: z.literal('comments'),
    method: z.enum(COMMENT_METHODS),
    pellet: z.enum(PELLET_FINDINGS),
    notes,
  }),
]);
export type AssessmentInput = z.infer<typeof AssessmentInputSchema>;
export type AssessmentInputOf<M extends AssessmentModule> = Extract<AssessmentInput, { module: M }>;

/** A percentage with the cells it was counted on and its 95 % Wilson interval. */
export const CountedPercentSchema = z.object({
  percent: z.number(),
  ci95: z.tuple([z.number(), z.number()]),
  assessed: z.number().int(),
});
export type CountedPercent = z.infer<typeof CountedPercentSchema>;

export const BenchAgreementSchema = z.object({
  difference: z.number(),
  acceptableDifference: z.number(),
  agree: z.boolean(),
});

/** The figures of a record, computed by `assessmentFigures` from its counts (server and screen alike). */
export const AssessmentFiguresSchema = z.object({
  /** Vitality: live %; morphology: normal forms %; MAR: bound %. Null for the other modules. */
  main: CountedPercentSchema.nullable(),
  /** Morphology: each defect class's share of all cells assessed. */
  defects: z.record(z.string(), CountedPercentSchema).nullable(),
  /** Morphology: teratozoospermia index (defects per abnormal cell, 1 to 4). */
  tzi: z.number().nullable(),
  /** Morphology: sperm deformity index (defects per cell assessed). */
  sdi: z.number().nullable(),
  /** Round cells: cells per spermatozoon counted (round cells in all; peroxidase-positive). */
  round_cells_per_sperm: z.number().nullable(),
  leukocytes_per_sperm: z.number().nullable(),
  /** Round cells: counts summed over the replicates. */
  round_cells_counted: z.number().int().nullable(),
  leukocytes_counted: z.number().int().nullable(),
  sperm_counted: z.number().int().nullable(),
  /** Replicate agreement, one entry per judged measure; empty with one replicate. */
  agreement: z.array(BenchAgreementSchema.extend({ measure: z.string() })),
  /** True when every judged measure agrees (or there is nothing to judge). */
  replicates_agree: z.boolean(),
});
export type AssessmentFigures = z.infer<typeof AssessmentFiguresSchema>;

export const AssessmentPersonSchema = z.object({ id: z.string().nullable(), name: z.string() });

/** How a figure was obtained, printed beside it on the report. */
export const ASSESSMENT_SOURCES = ['manual_count', 'model_confirmed', 'manual_entry'] as const;
export type AssessmentSource = (typeof ASSESSMENT_SOURCES)[number];

/** One saved assessment. `accepted` is false when its replicates disagreed (kept for QC). */
export const AssessmentRecordSchema = z.object({
  id: z.string(),
  datasetId: z.string(),
  module: z.enum(ASSESSMENT_MODULES),
  input: AssessmentInputSchema,
  figures: AssessmentFiguresSchema,
  source: z.enum(ASSESSMENT_SOURCES),
  accepted: z.boolean(),
  countedBy: AssessmentPersonSchema,
  countedAt: z.string(),
});
export type AssessmentRecord = z.infer<typeof AssessmentRecordSchema>;

/** The current (newest accepted) record of each module; absent modules were never assessed. */
export const CurrentAssessmentsSchema = z.partialRecord(
  z.enum(ASSESSMENT_MODULES),
  AssessmentRecordSchema,
);
export type CurrentAssessments = z.infer<typeof CurrentAssessmentsSchema>;

/** GET /sarm/assessments/{datasetId}. */
export const SampleAssessmentsSchema = z.object({
  datasetId: z.string(),
  current: CurrentAssessmentsSchema,
  /** Every record, newest first, accepted or not. */
  history: z.array(AssessmentRecordSchema),
  /** The caller holds `sarm.record_assessments`. */
  canRecord: z.boolean(),
});
export type SampleAssessments = z.infer<typeof SampleAssessmentsSchema>;

/** 400 when a counted module's replicates hold no cell at all. */
export const ASSESSMENT_EMPTY = 'Count at least one cell before saving';
/** 400 when a morphology tally lists a defect twice or a combination twice. */
export const MORPHOLOGY_TALLY_INVALID =
  'Each abnormal tally must list distinct defects, and each combination once';
/** 400 when agglutination gives a type with grade 0 or no type with a grade. */
export const AGGLUTINATION_TYPE_MISMATCH =
  'Give the agglutination type when a grade is recorded, and none when no agglutination is seen';

/** GET /sarm/qc/assessment-replicates: replicate agreement of bench counts per technician. */
export const AssessmentReplicatesQuerySchema = z.object({
  module: z.enum(COUNTED_MODULES).optional(),
  technician: z.string().optional(),
});
export const AssessmentReplicatePointSchema = z.object({
  id: z.string(),
  datasetId: z.string(),
  datasetName: z.string(),
  module: z.enum(COUNTED_MODULES),
  countedAt: z.string(),
  agreement: z.array(BenchAgreementSchema.extend({ measure: z.string() })),
  agree: z.boolean(),
});
export const TechnicianAgreementSchema = z.object({
  technician: AssessmentPersonSchema,
  pairs: z.number().int(),
  agreeing: z.number().int(),
  /** Share of replicate pairs that agreed, percent; null without pairs. */
  agreementPercent: z.number().nullable(),
  points: z.array(AssessmentReplicatePointSchema),
});
export const AssessmentReplicatesResponseSchema = z.object({
  technicians: z.array(TechnicianAgreementSchema),
});
export type AssessmentReplicatesResponse = z.infer<typeof AssessmentReplicatesResponseSchema>;

/** The morphology classes a counter key (or a model's proposal) gives one cell. */
export const MORPHOLOGY_CELL_CLASSES = ['normal', ...MORPHOLOGY_DEFECTS] as const;
export type MorphologyCellClass = (typeof MORPHOLOGY_CELL_CLASSES)[number];

/** A cell a deployed morphology model found in a smear image, with its proposed defects. */
export const MorphologyCellProposalSchema = z.object({
  /** Box in image pixels. */
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  /** Empty: normal. */
  defects: z.array(z.enum(MORPHOLOGY_DEFECTS)),
  /** The model's class name and its confidence (0 to 1). */
  modelClass: z.string(),
  confidence: z.number(),
});
export type MorphologyCellProposal = z.infer<typeof MorphologyCellProposalSchema>;

/** A stained-smear image of a sample, as listed. */
export const AssessmentImageSchema = z.object({
  id: z.string(),
  datasetId: z.string(),
  fileName: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** GET this (bearer) for the image bytes. */
  url: z.string(),
  proposals: z.array(MorphologyCellProposalSchema),
  /** The morphology model that proposed the cells; null when none is deployed. */
  model: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AssessmentImage = z.infer<typeof AssessmentImageSchema>;
export const AssessmentImagesResponseSchema = z.object({ images: z.array(AssessmentImageSchema) });

/**
 * POST /sarm/assessments/{datasetId}/images/{imageId}/confirmations: the classes a technician
 * confirmed or corrected, cell by cell; corrected cells go to the technical side as labelled items.
 */
export const CellConfirmationSchema = z.object({
  proposal: z.number().int().min(0),
  defects: z.array(z.enum(MORPHOLOGY_DEFECTS)),
});
export const CellConfirmationsRequestSchema = z.object({
  cells: z.array(CellConfirmationSchema).min(1).max(2000),
});
export const CellConfirmationsResponseSchema = z.object({
  confirmed: z.number().int(),
  corrected: z.number().int(),
  /** The morphology data label the corrections were added to; null when nothing was corrected. */
  dataLabelId: z.string().nullable(),
});
