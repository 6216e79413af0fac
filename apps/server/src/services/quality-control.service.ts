import {
  MANUAL_COUNT_NOT_FOUND,
  NOTHING_MEASURED,
  QC_SERIES_NOT_FOUND,
  type AgreementPairPoint,
  type AgreementResponse,
  type LeveyJennings,
  type ManualCount,
  type ManualCountInput,
  type MeasureAgreement,
  type MeasuredSource,
  type QcAnalyte,
  type QcSeries,
  type QcSeriesInput,
  type Replicate,
  type ReplicateAgreement,
  type ReplicateComparison,
  WHO_REPLICATE_MIN_ASSESSED,
} from '@sarm/contracts';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { ManualCountRow, QcSeriesRow } from '../db/schema/index.js';
import { conflict, notFound } from '../http/errors.js';
import type {
  QcPage,
  QualityControlRepository,
  VideoWithAnalysis,
  WithDataset,
} from '../repositories/quality-control.repository.js';
import type { DatasetsRepository } from '../repositories/datasets.repository.js';
import type { AuthContext } from './access.js';
import type { AuditService } from './audit.service.js';
import type { ProjectScope } from './project-scope.js';
import {
  blandAltman,
  compareReplicateCounts,
  compareReplicatePercentages,
  controlLimits,
  westgardViolations,
  type AgreementPair,
} from './qc-statistics.js';

const DATASET_NOT_FOUND = 'Dataset not found';
const PROJECT_NOT_FOUND = 'Project not found';

/** The newest stored WHO report of a dataset, as the reports domain keeps it. */
export interface StoredReportSnapshot {
  readonly payload: Record<string, unknown>;
  readonly savedAt: Date;
  /** Its version number where reports are versioned. */
  readonly version: number | null;
}

/** The figures of a stored report payload that quality control compares. */
const StoredReportFiguresSchema = z.object({
  concentration_report: z
    .object({
      aggregated_results: z.object({ mean_concentration_million_per_ml: z.number() }),
    })
    .nullish(),
  motility_report: z
    .object({
      aggregated_results: z.object({
        progressive_percent: z.number(),
        total_motility_percent: z.number(),
      }),
    })
    .nullish(),
});

/** The figures of one saved engine result that quality control reads. */
const AnalysisFiguresSchema = z.object({
  concentration: z.object({
    mean_concentration_million_per_ml: z.number(),
    mean_count_per_frame: z.number(),
  }),
  motility: z.object({
    progressive_percent: z.number(),
    total_motility_percent: z.number(),
    track_count: z.number(),
  }),
});
type AnalysisFigures = z.infer<typeof AnalysisFiguresSchema>;

interface AnalysedRun {
  readonly videoId: string;
  readonly videoName: string;
  readonly analysisId: string;
  readonly analyzedAt: Date;
  readonly figures: AnalysisFigures;
}

/** The analysed videos of a dataset with readable figures, in the order they were analysed. */
function analysedRuns(videos: readonly VideoWithAnalysis[]): AnalysedRun[] {
  return videos
    .flatMap((video) => {
      if (video.analysis === null) return [];
      const parsed = AnalysisFiguresSchema.safeParse(video.analysis.result);
      if (!parsed.success) return [];
      return [
        {
          videoId: video.videoId,
          videoName: video.videoName,
          analysisId: video.analysis.id,
          analyzedAt: video.analysis.createdAt,
          figures: parsed.data,
        },
      ];
    })
    .sort((a, b) => a.analyzedAt.getTime() - b.analyzedAt.getTime());
}

interface Measured {
  readonly concentration: number | null;
  readonly progressive: number | null;
  readonly totalMotility: number | null;
  readonly source: MeasuredSource;
  readonly measuredAt: Date;
  readonly reportVersion: number | null;
}

/**
 * The CASA values of a sample: its stored report when there is one (what the laboratory reports),
 * else its newest analyses (mean concentration over videos, motility pooled over all tracks).
 */
function measuredValues(
  report: StoredReportSnapshot | undefined,
  runs: readonly AnalysedRun[],
): Measured | null {
  const stored = report === undefined ? null : StoredReportFiguresSchema.safeParse(report.payload);
  if (report !== undefined && stored?.success === true) {
    const c = stored.data.concentration_report?.aggregated_results;
    const m = stored.data.motility_report?.aggregated_results;
    if (c !== undefined || m !== undefined)
      return {
        concentration: c?.mean_concentration_million_per_ml ?? null,
        progressive: m?.progressive_percent ?? null,
        totalMotility: m?.total_motility_percent ?? null,
        source: 'stored_report',
        measuredAt: report.savedAt,
        reportVersion: report.version,
      };
  }
  if (runs.length === 0) return null;
  const tracks = runs.reduce((sum, run) => sum + run.figures.motility.track_count, 0);
  // Pooling every track equals weighting each video's percentage by its track count.
  const pooled = (pick: (run: AnalysedRun) => number) =>
    tracks === 0
      ? null
      : runs.reduce((sum, run) => sum + pick(run) * run.figures.motility.track_count, 0) / tracks;
  const last = runs[runs.length - 1];
  return {
    concentration:
      runs.reduce(
        (sum, run) => sum + run.figures.concentration.mean_concentration_million_per_ml,
        0,
      ) / runs.length,
    progressive: pooled((run) => run.figures.motility.progressive_percent),
    totalMotility: pooled((run) => run.figures.motility.total_motility_percent),
    source: 'latest_analyses',
    measuredAt: last?.analyzedAt ?? new Date(0),
    reportVersion: null,
  };
}

function toManualCount({ row, datasetName, projectId }: WithDataset<ManualCountRow>): ManualCount {
  return {
    id: row.id,
    dataset_id: row.datasetId,
    dataset_name: datasetName,
    project_id: projectId,
    concentration_million_per_ml: row.concentrationMillionPerMl,
    progressive_pct: row.progressivePct,
    total_motility_pct: row.totalMotilityPct,
    method: row.method,
    counted_by: row.countedBy,
    notes: row.notes,
    measured: {
      concentration_million_per_ml: row.measuredConcentrationMillionPerMl,
      progressive_pct: row.measuredProgressivePct,
      total_motility_pct: row.measuredTotalMotilityPct,
      source: row.measuredSource,
      measured_at: row.measuredAt.toISOString(),
      report_version: row.measuredReportVersion,
    },
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

function toSeries({ row, datasetName, projectId }: WithDataset<QcSeriesRow>): QcSeries {
  return {
    id: row.id,
    project_id: projectId,
    dataset_id: row.datasetId,
    dataset_name: datasetName,
    name: row.name,
    analyte: row.analyte,
    baseline_runs: row.baselineRuns,
    target_mean: row.targetMean,
    target_sd: row.targetSd,
    created_at: row.createdAt.toISOString(),
  };
}

/** Bland–Altman agreement of one measure over the manual counts that have both values. */
function agreementOf(
  counts: readonly ManualCount[],
  pick: (count: ManualCount) => { manual: number | null; measured: number | null },
): MeasureAgreement {
  const pairs: AgreementPairPoint[] = counts.flatMap((count) => {
    const { manual, measured } = pick(count);
    if (manual === null || measured === null) return [];
    return [
      {
        manual_count_id: count.id,
        dataset_id: count.dataset_id,
        dataset_name: count.dataset_name,
        manual,
        measured,
        mean: (manual + measured) / 2,
        difference: measured - manual,
      },
    ];
  });
  const stats = blandAltman(
    pairs.map((pair): AgreementPair => ({ reference: pair.manual, test: pair.measured })),
  );
  return {
    n: stats.n,
    mean_bias: stats.meanBias,
    sd_of_differences: stats.sdOfDifferences,
    lower_limit_of_agreement: stats.lowerLimit,
    upper_limit_of_agreement: stats.upperLimit,
    correlation: stats.correlation,
    pairs,
  };
}

const ANALYTE_VALUE: Record<QcAnalyte, (figures: AnalysisFigures) => number> = {
  concentration: (f) => f.concentration.mean_concentration_million_per_ml,
  progressive: (f) => f.motility.progressive_percent,
  total_motility: (f) => f.motility.total_motility_percent,
};

function toReplicate(run: AnalysedRun): Replicate {
  return {
    video_id: run.videoId,
    video_name: run.videoName,
    analysis_id: run.analysisId,
    analyzed_at: run.analyzedAt.toISOString(),
    mean_count_per_frame: run.figures.concentration.mean_count_per_frame,
    concentration_million_per_ml: run.figures.concentration.mean_concentration_million_per_ml,
    sperm_assessed: Math.round(run.figures.motility.track_count),
    progressive_pct: run.figures.motility.progressive_percent,
    total_motility_pct: run.figures.motility.total_motility_percent,
  };
}

/** WHO replicate comparisons of every pair of replicates (count, progressive, total motility). */
function compareReplicates(replicates: readonly Replicate[]): ReplicateComparison[] {
  const comparisons: ReplicateComparison[] = [];
  replicates.forEach((first, i) => {
    for (const second of replicates.slice(i + 1)) {
      const ids = { first_video_id: first.video_id, second_video_id: second.video_id };
      const counts = compareReplicateCounts(
        first.mean_count_per_frame,
        second.mean_count_per_frame,
      );
      comparisons.push({
        measure: 'count',
        ...ids,
        difference: counts.difference,
        acceptable_difference: counts.acceptableDifference,
        agree: counts.agree,
      });
      const percentages = [
        ['progressive', (r: Replicate) => r.progressive_pct],
        ['total_motility', (r: Replicate) => r.total_motility_pct],
      ] as const;
      for (const [measure, pick] of percentages) {
        const result = compareReplicatePercentages(
          { percent: pick(first), assessed: first.sperm_assessed },
          { percent: pick(second), assessed: second.sperm_assessed },
        );
        if (result !== null)
          comparisons.push({
            measure,
            ...ids,
            difference: result.difference,
            acceptable_difference: result.acceptableDifference,
            agree: result.agree,
          });
      }
    }
  });
  return comparisons;
}

/** Null when nothing was compared, else whether every comparison agreed. */
const allAgree = (comparisons: readonly ReplicateComparison[]): boolean | null =>
  comparisons.length === 0 ? null : comparisons.every((comparison) => comparison.agree);

/**
 * Quality control against manual counts (Bland–Altman), of QC material over time
 * (Levey–Jennings with Westgard rules) and of the replicate videos of one sample (WHO).
 */
export function createQualityControlService(deps: {
  qc: QualityControlRepository;
  datasets: Pick<DatasetsRepository, 'findById'>;
  /** The sample's newest stored report, read from the reports domain. */
  latestReport: (datasetId: string) => Promise<StoredReportSnapshot | undefined>;
  scope: ProjectScope;
  audit: AuditService;
  clock: Clock;
}) {
  /** The dataset when the caller may see its project; else 404 (its existence stays hidden). */
  async function visibleDataset(auth: AuthContext, datasetId: string) {
    const found = await deps.datasets.findById(datasetId);
    if (found === undefined || !(await deps.scope.canSee(auth, found.dataset.projectId)))
      throw notFound(DATASET_NOT_FOUND);
    return found.dataset;
  }

  async function visibleProject(auth: AuthContext, projectId: string): Promise<void> {
    if (!(await deps.scope.canSee(auth, projectId))) throw notFound(PROJECT_NOT_FOUND);
  }

  async function recordManualCount(
    auth: AuthContext,
    input: ManualCountInput,
  ): Promise<ManualCount> {
    const dataset = await visibleDataset(auth, input.dataset_id);
    const runs = analysedRuns(await deps.qc.videosWithLatestAnalysis(dataset.id));
    const measured = measuredValues(await deps.latestReport(dataset.id), runs);
    if (measured === null) throw conflict(NOTHING_MEASURED);
    const row = await deps.qc.insertManualCount({
      datasetId: dataset.id,
      concentrationMillionPerMl: input.concentration_million_per_ml ?? null,
      progressivePct: input.progressive_pct ?? null,
      totalMotilityPct: input.total_motility_pct ?? null,
      method: input.method,
      countedBy: input.counted_by,
      notes: input.notes ?? '',
      measuredConcentrationMillionPerMl: measured.concentration,
      measuredProgressivePct: measured.progressive,
      measuredTotalMotilityPct: measured.totalMotility,
      measuredSource: measured.source,
      measuredAt: measured.measuredAt,
      measuredReportVersion: measured.reportVersion,
      createdBy: auth.user.id,
      createdAt: deps.clock.now(),
    });
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Manual count (${input.method}) recorded for sample "${dataset.name}"`,
      actor: auth.user,
      resource: { id: row.id, type: 'manual_count' },
    });
    return toManualCount({ row, datasetName: dataset.name, projectId: dataset.projectId });
  }

  /** The visible manual counts matching the filter, oldest first: all, or one page. */
  async function listManualCounts(
    auth: AuthContext,
    filter: { projectId?: string; datasetId?: string },
    page?: QcPage,
  ): Promise<ManualCount[]> {
    if (filter.projectId !== undefined) await visibleProject(auth, filter.projectId);
    if (filter.datasetId !== undefined) await visibleDataset(auth, filter.datasetId);
    const rows = await deps.qc.listManualCounts(
      { projectIds: await deps.scope.visibleProjectIds(auth), ...filter },
      page,
    );
    return rows.map(toManualCount);
  }

  async function deleteManualCount(auth: AuthContext, id: string): Promise<void> {
    const found = await deps.qc.findManualCount(id);
    if (found === undefined || !(await deps.scope.canSee(auth, found.projectId)))
      throw notFound(MANUAL_COUNT_NOT_FOUND);
    await deps.qc.deleteManualCount(id);
    await deps.audit.record({
      type: 'data',
      severity: 'warning',
      message: `Manual count of sample "${found.datasetName}" deleted`,
      actor: auth.user,
      resource: { id, type: 'manual_count' },
    });
  }

  async function agreement(auth: AuthContext, projectId: string): Promise<AgreementResponse> {
    const counts = await listManualCounts(auth, { projectId });
    const concentration = agreementOf(counts, (c) => ({
      manual: c.concentration_million_per_ml,
      measured: c.measured.concentration_million_per_ml,
    }));
    const progressive = agreementOf(counts, (c) => ({
      manual: c.progressive_pct,
      measured: c.measured.progressive_pct,
    }));
    const total = agreementOf(counts, (c) => ({
      manual: c.total_motility_pct,
      measured: c.measured.total_motility_pct,
    }));
    const paired = new Set(
      [concentration, progressive, total].flatMap((m) => m.pairs.map((p) => p.manual_count_id)),
    );
    return {
      project_id: projectId,
      n: paired.size,
      difference: 'measured_minus_manual',
      concentration,
      progressive_motility: progressive,
      total_motility: total,
    };
  }

  async function createSeries(auth: AuthContext, input: QcSeriesInput): Promise<QcSeries> {
    const dataset = await visibleDataset(auth, input.dataset_id);
    const now = deps.clock.now();
    const row = await deps.qc.insertSeries({
      datasetId: dataset.id,
      name: input.name,
      analyte: input.analyte,
      baselineRuns: input.baseline_runs ?? 10,
      targetMean: input.target_mean ?? null,
      targetSd: input.target_sd ?? null,
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `QC series "${input.name}" created on sample "${dataset.name}"`,
      actor: auth.user,
      resource: { id: row.id, type: 'qc_series' },
    });
    return toSeries({ row, datasetName: dataset.name, projectId: dataset.projectId });
  }

  /** One page of a project's QC series, by name. */
  async function listSeries(
    auth: AuthContext,
    projectId: string,
    page: QcPage,
  ): Promise<QcSeries[]> {
    await visibleProject(auth, projectId);
    const rows = await deps.qc.listSeries(
      { projectIds: await deps.scope.visibleProjectIds(auth), projectId },
      page,
    );
    return rows.map(toSeries);
  }

  async function visibleSeries(auth: AuthContext, id: string) {
    const found = await deps.qc.findSeries(id);
    if (found === undefined || !(await deps.scope.canSee(auth, found.projectId)))
      throw notFound(QC_SERIES_NOT_FOUND);
    return found;
  }

  async function deleteSeries(auth: AuthContext, id: string): Promise<void> {
    const found = await visibleSeries(auth, id);
    await deps.qc.deleteSeries(id);
    await deps.audit.record({
      type: 'data',
      severity: 'warning',
      message: `QC series "${found.row.name}" deleted`,
      actor: auth.user,
      resource: { id, type: 'qc_series' },
    });
  }

  async function leveyJennings(auth: AuthContext, id: string): Promise<LeveyJennings> {
    const found = await visibleSeries(auth, id);
    const { row } = found;
    const runs = analysedRuns(await deps.qc.videosWithLatestAnalysis(row.datasetId));
    const value = ANALYTE_VALUE[row.analyte];
    const values = runs.map((run) => value(run.figures));
    const target =
      row.targetMean !== null && row.targetSd !== null
        ? { mean: row.targetMean, sd: row.targetSd }
        : null;
    const limits = controlLimits(values, row.baselineRuns, target);
    const violations =
      limits.mean === null || limits.sd === null
        ? values.map(() => [])
        : westgardViolations(values, limits.mean, limits.sd);
    const points = runs.map((run, index) => {
      const v = values[index] ?? 0;
      return {
        run: index + 1,
        video_id: run.videoId,
        video_name: run.videoName,
        analysis_id: run.analysisId,
        analyzed_at: run.analyzedAt.toISOString(),
        value: v,
        z_score:
          limits.mean === null || limits.sd === null || limits.sd === 0
            ? null
            : (v - limits.mean) / limits.sd,
        violations: violations[index] ?? [],
      };
    });
    return {
      series: toSeries(found),
      control_source: limits.source,
      mean: limits.mean,
      sd: limits.sd,
      points,
      rejected_runs: points.filter((point) => point.violations.length > 0).length,
    };
  }

  async function replicates(auth: AuthContext, datasetId: string): Promise<ReplicateAgreement> {
    const dataset = await visibleDataset(auth, datasetId);
    const videos = await deps.qc.videosWithLatestAnalysis(dataset.id);
    const runs = analysedRuns(videos);
    const analysed = new Set(runs.map((run) => run.videoId));
    const list = runs.map(toReplicate);
    const comparisons = compareReplicates(list);
    const concentrationAgree = allAgree(comparisons.filter((c) => c.measure === 'count'));
    const motilityAgree = allAgree(comparisons.filter((c) => c.measure !== 'count'));
    return {
      dataset_id: dataset.id,
      dataset_name: dataset.name,
      replicates: list,
      missing_video_ids: videos.filter((v) => !analysed.has(v.videoId)).map((v) => v.videoId),
      comparisons,
      concentration_agree: concentrationAgree,
      motility_agree: motilityAgree,
      replicates_agree:
        concentrationAgree === null && motilityAgree === null
          ? null
          : concentrationAgree !== false && motilityAgree !== false,
      assessed_enough: list.every((r) => r.sperm_assessed >= WHO_REPLICATE_MIN_ASSESSED),
    };
  }

  return {
    recordManualCount,
    listManualCounts,
    deleteManualCount,
    agreement,
    createSeries,
    listSeries,
    deleteSeries,
    leveyJennings,
    replicates,
  };
}
export type QualityControlService = ReturnType<typeof createQualityControlService>;
