import { z } from 'zod';
import { TimestampSchema } from './common.js';
import { idText, multiLineText, NAME_MAX, NOTE_MAX, singleLineText } from './limits.js';

/** How a manual count was made: haemocytometer (improved Neubauer), Makler chamber, or another. */
export const MANUAL_COUNT_METHODS = ['neubauer', 'makler', 'other'] as const;
export type ManualCountMethod = (typeof MANUAL_COUNT_METHODS)[number];

/** What a Levey–Jennings series charts. */
export const QC_ANALYTES = ['concentration', 'progressive', 'total_motility'] as const;
export type QcAnalyte = (typeof QC_ANALYTES)[number];

/** Highest concentration a manual count may state (million/ml); beyond any human sample. */
export const MANUAL_CONCENTRATION_MAX = 1000;
export const QC_BASELINE_RUNS_MIN = 10;
export const QC_BASELINE_RUNS_MAX = 100;

export const MANUAL_COUNT_NOT_FOUND = 'Manual count not found';
export const QC_SERIES_NOT_FOUND = 'QC series not found';
export const NOTHING_MEASURED =
  'The sample has no analysis yet: analyse its videos before recording a manual count';

const percent = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be at least 0`)
    .max(100, `${label} must be at most 100`);

/** Body of POST /sarm/qc/manual-counts: at least one figure; progressive ≤ total motility. */
export const ManualCountInputSchema = z
  .object({
    dataset_id: idText('Dataset id'),
    concentration_million_per_ml: z
      .number({ error: 'Concentration must be a number' })
      .min(0, 'Concentration must be at least 0')
      .max(MANUAL_CONCENTRATION_MAX, `Concentration must be at most ${MANUAL_CONCENTRATION_MAX}`)
      .nullable()
      .optional(),
    progressive_pct: percent('Progressive motility').nullable().optional(),
    total_motility_pct: percent('Total motility').nullable().optional(),
    method: z.enum(MANUAL_COUNT_METHODS, { error: 'Method must be neubauer, makler or other' }),
    counted_by: singleLineText('Counted by', NAME_MAX, { required: 'Counted by is required' }),
    notes: multiLineText('Notes', NOTE_MAX).optional(),
  })
  .refine(
    (input) =>
      input.concentration_million_per_ml != null ||
      input.progressive_pct != null ||
      input.total_motility_pct != null,
    { message: 'Enter at least one figure: concentration, progressive or total motility' },
  )
  .refine(
    (input) =>
      input.progressive_pct == null ||
      input.total_motility_pct == null ||
      input.progressive_pct <= input.total_motility_pct,
    {
      message: 'Progressive motility cannot exceed total motility',
      path: ['progressive_pct'],
    },
  );
export type ManualCountInput = z.infer<typeof ManualCountInputSchema>;

/** Where the measured values beside a manual count were read, when it was recorded. */
export const MEASURED_SOURCES = ['stored_report', 'latest_analyses'] as const;
export type MeasuredSource = (typeof MEASURED_SOURCES)[number];

export const MeasuredValuesSchema = z.object({
  concentration_million_per_ml: z.number().nullable(),
  progressive_pct: z.number().nullable(),
  total_motility_pct: z.number().nullable(),
  source: z.enum(MEASURED_SOURCES),
  /** When the values were measured (report saved, or newest analysis). */
  measured_at: TimestampSchema,
  /** The stored report version read (source `stored_report`), else null. */
  report_version: z.number().int().nullable(),
});
export type MeasuredValues = z.infer<typeof MeasuredValuesSchema>;

export const ManualCountSchema = z.object({
  id: z.string(),
  dataset_id: z.string(),
  dataset_name: z.string(),
  project_id: z.string(),
  concentration_million_per_ml: z.number().nullable(),
  progressive_pct: z.number().nullable(),
  total_motility_pct: z.number().nullable(),
  method: z.enum(MANUAL_COUNT_METHODS),
  counted_by: z.string(),
  notes: z.string(),
  /** The CASA figures as they stood when the count was recorded; later analyses do not change them. */
  measured: MeasuredValuesSchema,
  created_by: z.string().nullable(),
  created_at: TimestampSchema,
});
export type ManualCount = z.infer<typeof ManualCountSchema>;

/** Largest page of manual counts or QC series; the default is one full page, as the screens list them all. */
export const QC_LIST_MAX = 1000;

const qcPage = {
  limit: z.coerce.number().int().min(1).max(QC_LIST_MAX).default(QC_LIST_MAX),
  offset: z.coerce.number().int().min(0).default(0),
};

export const ManualCountListQuerySchema = z.object({
  project_id: idText('Project id').optional(),
  dataset_id: idText('Dataset id').optional(),
  ...qcPage,
});
export const ManualCountListResponseSchema = z.object({
  manual_counts: z.array(ManualCountSchema),
});

export const QcProjectQuerySchema = z.object({ project_id: idText('Project id') });

/** GET /sarm/qc/series: a project's series page by page (`limit`, `offset`). */
export const QcSeriesListQuerySchema = QcProjectQuerySchema.extend(qcPage);

/** One manual count beside its CASA value; difference = CASA − manual. */
export const AgreementPairSchema = z.object({
  manual_count_id: z.string(),
  dataset_id: z.string(),
  dataset_name: z.string(),
  manual: z.number(),
  measured: z.number(),
  mean: z.number(),
  difference: z.number(),
});
export type AgreementPairPoint = z.infer<typeof AgreementPairSchema>;

/** Bland–Altman figures of one measure: bias ± 1.96 SD of the differences, Pearson's r. */
export const MeasureAgreementSchema = z.object({
  n: z.number().int(),
  mean_bias: z.number().nullable(),
  sd_of_differences: z.number().nullable(),
  lower_limit_of_agreement: z.number().nullable(),
  upper_limit_of_agreement: z.number().nullable(),
  correlation: z.number().nullable(),
  pairs: z.array(AgreementPairSchema),
});
export type MeasureAgreement = z.infer<typeof MeasureAgreementSchema>;

export const AgreementResponseSchema = z.object({
  project_id: z.string(),
  /** Manual counts with at least one figure paired with a CASA value. */
  n: z.number().int(),
  /** Always CASA minus manual. */
  difference: z.literal('measured_minus_manual'),
  concentration: MeasureAgreementSchema,
  progressive_motility: MeasureAgreementSchema,
  total_motility: MeasureAgreementSchema,
});
export type AgreementResponse = z.infer<typeof AgreementResponseSchema>;

/** Body of POST /sarm/qc/series: a dataset of QC material charted on one analyte. */
export const QcSeriesInputSchema = z
  .object({
    dataset_id: idText('Dataset id'),
    name: singleLineText('Name', NAME_MAX, { required: 'Name is required' }),
    analyte: z.enum(QC_ANALYTES),
    baseline_runs: z
      .number()
      .int()
      .min(QC_BASELINE_RUNS_MIN, `Baseline runs must be at least ${QC_BASELINE_RUNS_MIN}`)
      .max(QC_BASELINE_RUNS_MAX, `Baseline runs must be at most ${QC_BASELINE_RUNS_MAX}`)
      .optional(),
    target_mean: z.number().min(0).max(MANUAL_CONCENTRATION_MAX).nullable().optional(),
    target_sd: z
      .number()
      .positive('Target SD must be above 0')
      .max(MANUAL_CONCENTRATION_MAX)
      .nullable()
      .optional(),
  })
  .refine((input) => (input.target_mean == null) === (input.target_sd == null), {
    message: 'Enter both target mean and target SD, or neither',
    path: ['target_sd'],
  });
export type QcSeriesInput = z.infer<typeof QcSeriesInputSchema>;

export const QcSeriesSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  dataset_id: z.string(),
  dataset_name: z.string(),
  name: z.string(),
  analyte: z.enum(QC_ANALYTES),
  baseline_runs: z.number().int(),
  target_mean: z.number().nullable(),
  target_sd: z.number().nullable(),
  created_at: TimestampSchema,
});
export type QcSeries = z.infer<typeof QcSeriesSchema>;
export const QcSeriesListResponseSchema = z.object({ series: z.array(QcSeriesSchema) });

export const WESTGARD_RULE_CODES = ['1-3s', '2-2s', 'R-4s'] as const;
export type WestgardRuleCode = (typeof WESTGARD_RULE_CODES)[number];

export const LeveyJenningsPointSchema = z.object({
  run: z.number().int(),
  video_id: z.string(),
  video_name: z.string(),
  analysis_id: z.string(),
  analyzed_at: TimestampSchema,
  value: z.number(),
  /** (value − mean) / SD; null while the control limits are not set. */
  z_score: z.number().nullable(),
  violations: z.array(z.enum(WESTGARD_RULE_CODES)),
});
export type LeveyJenningsPoint = z.infer<typeof LeveyJenningsPointSchema>;

export const LeveyJenningsSchema = z.object({
  series: QcSeriesSchema,
  /** `target`: entered mean and SD; `baseline`: the first runs; `insufficient`: too few runs yet. */
  control_source: z.enum(['target', 'baseline', 'insufficient']),
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  points: z.array(LeveyJenningsPointSchema),
  /** Runs with at least one Westgard violation. */
  rejected_runs: z.number().int(),
});
export type LeveyJennings = z.infer<typeof LeveyJenningsSchema>;

export const ReplicateSchema = z.object({
  video_id: z.string(),
  video_name: z.string(),
  analysis_id: z.string(),
  analyzed_at: TimestampSchema,
  /** Heads in the field (mean over frames): the count compared between replicates. */
  mean_count_per_frame: z.number(),
  concentration_million_per_ml: z.number(),
  /** Spermatozoa assessed for motility (tracks). */
  sperm_assessed: z.number().int(),
  progressive_pct: z.number(),
  total_motility_pct: z.number(),
});
export type Replicate = z.infer<typeof ReplicateSchema>;

export const REPLICATE_MEASURES = ['count', 'progressive', 'total_motility'] as const;
export type ReplicateMeasure = (typeof REPLICATE_MEASURES)[number];

export const ReplicateComparisonSchema = z.object({
  measure: z.enum(REPLICATE_MEASURES),
  first_video_id: z.string(),
  second_video_id: z.string(),
  difference: z.number(),
  /** WHO: 1.96·√(N₁+N₂) for counts; 1.96·√(p̄(100−p̄)(1/N₁+1/N₂)) for percentages. */
  acceptable_difference: z.number(),
  agree: z.boolean(),
});
export type ReplicateComparison = z.infer<typeof ReplicateComparisonSchema>;

/** WHO: assess at least 200 spermatozoa in each replicate, so sampling error stays acceptable. */
export const WHO_REPLICATE_MIN_ASSESSED = 200;

export const ReplicateAgreementSchema = z.object({
  dataset_id: z.string(),
  dataset_name: z.string(),
  replicates: z.array(ReplicateSchema),
  /** Videos of the sample without an analysis (not compared). */
  missing_video_ids: z.array(z.string()),
  comparisons: z.array(ReplicateComparisonSchema),
  /** Null with fewer than two analysed replicates. */
  concentration_agree: z.boolean().nullable(),
  motility_agree: z.boolean().nullable(),
  replicates_agree: z.boolean().nullable(),
  /** Every replicate assessed at least `WHO_REPLICATE_MIN_ASSESSED` spermatozoa for motility. */
  assessed_enough: z.boolean(),
});
export type ReplicateAgreement = z.infer<typeof ReplicateAgreementSchema>;
