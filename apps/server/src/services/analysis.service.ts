import type { AnalysisResult, CasaSettings } from '@sarm/casa';
import { analyzeVideo, analyzeVideoInThread } from '@sarm/casa/node';
import { BACKGROUND_PRIORITY } from '../process/background-priority.js';
import {
  TOTAL_SPERM_NUMBER_REASONS,
  type CalculationError,
  type CalculationRequest,
  type ConcentrationReport,
  type MotilityReport,
  type ReportPatient,
  REPORT_VERSION_NOT_FOUND,
  VIDEO_DISCARDED_MESSAGE,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import type { VideoAnalysisRow, VideoRow } from '../db/schema/index.js';
import { badRequest, HttpError, notFound } from '../http/errors.js';
import { localFile, withTempDir } from '../media/ffmpeg.js';
import type { AnalysesRepository } from '../repositories/analyses.repository.js';
import type { DatasetsRepository } from '../repositories/datasets.repository.js';
import type { PatientsRepository } from '../repositories/patients.repository.js';
import type { ReportVersionsRepository } from '../repositories/report-versions.repository.js';
import type { FileStorage } from '../storage/storage.js';
import type { AuthContext } from './access.js';
import {
  buildConcentrationReport,
  buildMotilityReport,
  storedReportVideoIds,
  summarizeVideo,
  toReportPatient,
  toStoredReport,
  type AnalysedVideo,
  type SampleVolume,
} from './analysis-reports.js';
import { casaSettingsOf } from './casa-settings.js';
import type { ProjectScope } from './project-scope.js';
import { storedAssessments, storedInterpretation } from './report-figures.js';
import { storedSample, type ReportSampleReader } from './report-sample.js';
import { toReportVersion, type ReportRecorder } from './report-recorder.js';
import type { VideosService } from './videos.service.js';
import type { NotificationContent } from './notifications.service.js';
import {
  sameDetector,
  type ActiveDetector,
  type ActiveDetectors,
  type DetectorInfo,
} from './training/active-detector.js';

export type CalculationKind = 'concentration' | 'motility';
export const CALCULATION_FAILED: Record<CalculationKind, string> = {
  concentration: 'Failed to calculate concentration',
  motility: 'Failed to calculate motility',
};
export const REPORT_NOT_FOUND = 'Report not found';

/** Called as the engine advances through a video: frames done and the expected total. */
export type AnalysisProgress = (done: number, total: number) => void;

/**
 * The settings stored with a result and looked up to reuse it: the engine's, marked when the
 * polarity was decided from the video (a result then depends on more than its settings' polarity).
 */
function storedSettings(settings: CasaSettings, autoPolarity: boolean): Record<string, unknown> {
  return autoPolarity ? { ...settings, autoPolarity: true } : { ...settings };
}

/**
 * Runs the CASA engine over whole original videos with their dataset's settings and stores the
 * result (without per-frame boxes). Shared by the synchronous calculation routes and the
 * `video.analyze` job.
 */
export function createVideoAnalysisRunner(deps: {
  datasets: Pick<DatasetsRepository, 'findById'>;
  analyses: Pick<AnalysesRepository, 'insert' | 'findLatest'>;
  storage: FileStorage;
  clock: Clock;
  /** The project's deployed detector, else the classical one. */
  detectors: Pick<ActiveDetectors, 'forDataset'>;
}) {
  /** Runs in progress, keyed by video and settings: parallel requests share one engine run. */
  const inFlight = new Map<string, Promise<VideoAnalysisRow>>();

  /**
   * The engine settings of the video's dataset, and whether its polarity is decided from the video;
   * 404 `Dataset not found`.
   */
  async function engineSettingsFor(
    video: VideoRow,
  ): Promise<{ settings: CasaSettings; autoPolarity: boolean }> {
    const found = await deps.datasets.findById(video.datasetId);
    if (found === undefined) throw notFound('Dataset not found');
    return casaSettingsOf(found.dataset.settings);
  }

  /** The engine settings of the video's dataset; 404 `Dataset not found`. */
  async function settingsFor(video: VideoRow): Promise<CasaSettings> {
    return (await engineSettingsFor(video)).settings;
  }

  /** Runs the engine and stores the result; only the run that starts reports progress. */
  function run(
    video: VideoRow,
    settings: CasaSettings,
    autoPolarity: boolean,
    active: ActiveDetector,
    userId: string | null,
    onProgress?: AnalysisProgress,
  ) {
    const key = `${video.id}:${JSON.stringify(storedSettings(settings, autoPolarity))}:${JSON.stringify(active.info)}`;
    const running = inFlight.get(key);
    if (running !== undefined) return running;
    const promise = (async () => {
      // Object storage has no local path: the engine reads a temporary copy. The classical
      // engine runs in a thread of its own, off the HTTP thread; a model detector's inference
      // already runs in ONNX Runtime threads, so only its tracking stays on this thread.
      const result = await withTempDir(async (dir) => {
        const file = await localFile(deps.storage, video.originalKey, dir);
        const options = { onProgress, priority: BACKGROUND_PRIORITY, autoPolarity };
        return active.detector === undefined
          ? analyzeVideoInThread(file, settings, options)
          : analyzeVideo(file, settings, { ...options, detector: active.detector });
      });
      const stored: AnalysisResult & { detector: DetectorInfo } = {
        ...result,
        detector: active.info,
        per_frame: result.per_frame.map(({ frame, count }) => ({ frame, count })),
      };
      return deps.analyses.insert({
        videoId: video.id,
        kind: 'full',
        settings: storedSettings(settings, autoPolarity),
        result: { ...stored },
        createdBy: userId,
        createdAt: deps.clock.now(),
      });
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  /**
   * The video's stored analysis made with its current settings, or a new engine run when there is
   * none (or `force`). `reused` tells which.
   */
  async function analyse(
    video: VideoRow,
    userId: string | null,
    options: { force?: boolean; onProgress?: AnalysisProgress } = {},
  ): Promise<{ row: VideoAnalysisRow; settings: CasaSettings; reused: boolean }> {
    const { settings, autoPolarity } = await engineSettingsFor(video);
    const active = await deps.detectors.forDataset(video.datasetId);
    const saved =
      options.force === true
        ? undefined
        : await deps.analyses.findLatest(video.id, storedSettings(settings, autoPolarity));
    // A stored result counts only when the detector now active made it.
    if (saved !== undefined && sameDetector(saved.result.detector, active.info))
      return { row: saved, settings, reused: true };
    return {
      row: await run(video, settings, autoPolarity, active, userId, options.onProgress),
      settings,
      reused: false,
    };
  }

  return { settingsFor, analyse };
}
export type VideoAnalysisRunner = ReturnType<typeof createVideoAnalysisRunner>;

/** CASA analyses of whole videos, their aggregation into WHO reports and the stored reports. */
export function createAnalysisService(deps: {
  videos: VideosService;
  datasets: DatasetsRepository;
  analyses: AnalysesRepository;
  patients: Pick<PatientsRepository, 'linkedToVideos'>;
  /** The one runner of the process, shared with the `video.analyze` job so runs are not doubled. */
  runner: VideoAnalysisRunner;
  scope: ProjectScope;
  clock: Clock;
  /** Tells the user their saved dataset report is ready (the notifications menu shows it). */
  notify: (userId: string, content: NotificationContent) => Promise<void>;
  /** Saves each `save_results` run as a new report version. */
  recorder: ReportRecorder;
  versions: Pick<ReportVersionsRepository, 'find'>;
  /** The sample of versions saved before their sample was frozen into them. */
  sampleOf: ReportSampleReader;
}) {
  const { runner } = deps;

  function toAnalysed(video: VideoRow, row: VideoAnalysisRow): AnalysedVideo {
    return {
      videoId: video.id,
      videoName: video.name,
      analysisId: row.id,
      analyzedAt: row.createdAt,
      result: row.result as unknown as AnalysisResult,
    };
  }

  /** The patients of the videos, for the report's patient and sample information. */
  async function patientsOf(videoIds: readonly string[]): Promise<ReportPatient[]> {
    return (await deps.patients.linkedToVideos(videoIds)).map(toReportPatient);
  }

  async function visibleVideos(auth: AuthContext, ids: readonly string[]): Promise<VideoRow[]> {
    const rows: VideoRow[] = [];
    for (const id of [...new Set(ids)]) rows.push(await deps.videos.findVisible(auth, id));
    return rows;
  }

  /**
   * Discarded videos (fields with bad focus, a bubble) stay out of every pooled figure and saved
   * report; only one on its own, not saved, is still analysed (to look at why it was discarded).
   */
  function pooledVideos(videos: readonly VideoRow[], saving: boolean): VideoRow[] {
    if (videos.length === 1 && !saving) return [...videos];
    const kept = videos.filter((video) => video.discardedAt === null);
    if (kept.length === 0) throw badRequest(VIDEO_DISCARDED_MESSAGE);
    return kept;
  }

  /** The semen volume of the one sample (dataset) the videos belong to. */
  async function sampleVolume(datasetIds: ReadonlySet<string>): Promise<SampleVolume> {
    if (datasetIds.size !== 1)
      return { semenVolumeMl: null, reason: TOTAL_SPERM_NUMBER_REASONS.severalSamples };
    const [datasetId] = datasetIds;
    const found = datasetId === undefined ? undefined : await deps.datasets.findById(datasetId);
    return { semenVolumeMl: found?.dataset.settings.semen_volume_ml ?? null };
  }

  async function calculate(
    auth: AuthContext,
    kind: CalculationKind,
    request: CalculationRequest,
  ): Promise<ConcentrationReport | MotilityReport> {
    const videos = pooledVideos(await visibleVideos(auth, request.video_ids), request.save_results);
    const datasetIds = new Set(videos.map((video) => video.datasetId));
    if (request.save_results && datasetIds.size > 1)
      throw badRequest('All videos must belong to the same dataset to save a report');
    const [savedDatasetId] = datasetIds;
    if (request.save_results && savedDatasetId !== undefined)
      await deps.recorder.assertReasonWhenSigned(savedDatasetId, request.reason);
    const analysed: AnalysedVideo[] = [];
    const errors: CalculationError[] = [];
    let settings: CasaSettings | undefined;
    for (const video of videos) {
      try {
        const { row, settings: videoSettings } = await runner.analyse(video, auth.user.id, {
          force: request.force_reanalysis,
        });
        settings ??= videoSettings;
        analysed.push(toAnalysed(video, row));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        errors.push({ video_id: video.id, video_name: video.name, error: message });
      }
    }
    if (analysed.length === 0 || settings === undefined)
      throw new HttpError(422, CALCULATION_FAILED[kind], errors.map((e) => e.error).join('; '));
    const report =
      kind === 'concentration'
        ? buildConcentrationReport(analysed, errors, settings, await sampleVolume(datasetIds))
        : buildMotilityReport(analysed, errors, settings);
    const [datasetId] = datasetIds;
    if (request.save_results && datasetId !== undefined) {
      const found = await deps.datasets.findById(datasetId);
      await deps.recorder.record(
        auth,
        { id: datasetId, name: found?.dataset.name ?? '' },
        {
          dataset_name: found?.dataset.name ?? '',
          project_id: found?.dataset.projectId ?? '',
          // Patients are looked up when the report is read, so later links and edits show.
          [`${kind}_report`]: report,
        },
        request.reason,
      );
      await deps.notify(auth.user.id, {
        title: `Report of ${found?.dataset.name ?? 'the dataset'} ready`,
        message: `The ${kind} analysis of ${analysed.length} video${analysed.length === 1 ? '' : 's'} is saved in the report.`,
        type: 'success',
        link: `/sarm/reports/view/${datasetId}`,
      });
    }
    return { ...report, patients: await patientsOf(analysed.map((video) => video.videoId)) };
  }

  async function results(auth: AuthContext, ids: readonly string[]) {
    const videos = await visibleVideos(auth, ids);
    const rows = await deps.analyses.latestByVideo(videos.map((video) => video.id));
    const byVideo = new Map(rows.map((row) => [row.videoId, row]));
    const found = videos.flatMap((video) => {
      const row = byVideo.get(video.id);
      return row === undefined ? [] : [summarizeVideo(toAnalysed(video, row))];
    });
    const missing = videos.filter((video) => !byVideo.has(video.id)).map((video) => video.id);
    return { results: found, missing };
  }

  /** The latest version of the dataset's report, or the given one exactly as it was saved. */
  async function report(auth: AuthContext, datasetId: string, version?: number) {
    const found = await deps.datasets.findById(datasetId);
    if (found === undefined || !(await deps.scope.canSee(auth, found.dataset.projectId)))
      throw notFound(REPORT_NOT_FOUND);
    const row = await deps.versions.find(datasetId, version);
    if (row === undefined)
      throw notFound(version === undefined ? REPORT_NOT_FOUND : REPORT_VERSION_NOT_FOUND);
    const stored = toStoredReport(
      datasetId,
      { name: found.dataset.name, projectId: found.dataset.projectId },
      row.payload,
      row.createdAt,
      await patientsOf(storedReportVideoIds(row.payload)),
    );
    return {
      ...stored,
      report_version: toReportVersion(row),
      sample: storedSample(row.payload) ?? (await deps.sampleOf(datasetId)),
      // Versions saved before the bench modules existed hold no assessments and no interpretation.
      assessments: storedAssessments(row.payload),
      interpretation: storedInterpretation(row.payload),
    };
  }

  return { calculate, results, report };
}
export type AnalysisService = ReturnType<typeof createAnalysisService>;
