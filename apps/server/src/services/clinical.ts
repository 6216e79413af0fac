import type { FrameExtractionConfig } from '@sarm/contracts';
import type { Clock } from '../clock.js';
import { conflict } from '../http/errors.js';
import type { JobRegistry } from '../jobs/job-registry.js';
import type { TaskQueue } from '../jobs/task-queue.js';
import type { AnalysisRequestsRepository } from '../repositories/analysis-requests.repository.js';
import type { FileStorage } from '../storage/storage.js';
import type { AuthContext } from './access.js';
import { createAnalysisService, type VideoAnalysisRunner } from './analysis.service.js';
import { createAssessmentsService } from './assessments.service.js';
import { createAssessmentImagesService } from './assessment-images.service.js';
import { createBenchCorrections } from './bench-corrections.service.js';
import { createBusinessService } from './business.service.js';
import { createCalibrationService } from './calibration.service.js';
import { createDatasetsService } from './datasets.service.js';
import { createDetectionService } from './detection.service.js';
import { createDetectionAnnotationService } from './detection-annotation.service.js';
import type { DetectionRunner } from './detection-runner.js';
import type { DomainServices, Repositories } from './index.js';
import { createPatientsService } from './patients.service.js';
import { createProjectScope } from './project-scope.js';
import { serverVersion } from '../backup/backup-manifest.js';
import { createReportRecordsService } from './report-records.service.js';
import { createReportSampleReader } from './report-sample.js';
import { createReportRecorder } from './report-recorder.js';
import { createReportVersionsService } from './report-versions.service.js';
import { createVideoUploadService } from './video-upload.service.js';
import { createVideosService } from './videos.service.js';

/** Datasets, videos, uploads and frame extraction (the first slice of the clinical workflow). */
export function createClinicalServices(deps: {
  repositories: Repositories;
  domain: DomainServices;
  queue: TaskQueue<JobRegistry>;
  storage: FileStorage;
  clock: Clock;
  detectionRunner: DetectionRunner;
  analysisRequests: AnalysisRequestsRepository;
  analysisRunner: VideoAnalysisRunner;
}) {
  const { repositories, domain, queue, storage, clock } = deps;
  const scope = createProjectScope({ projects: repositories.projects });
  const videos = createVideosService({
    videos: repositories.videos,
    datasets: repositories.datasets,
    detections: repositories.detections,
    scope,
    storage,
    audit: domain.audit,
    clock,
  });
  const detection = createDetectionService({
    videos,
    detections: repositories.detections,
    runner: deps.detectionRunner,
    queue,
    now: () => clock.now(),
  });
  const patients = createPatientsService({
    patients: repositories.patients,
    projects: repositories.projects,
    scope,
    audit: domain.audit,
    clock,
  });
  const calibration = createCalibrationService({
    profiles: repositories.calibrationProfiles,
    audit: domain.audit,
    clock,
  });
  const datasets = createDatasetsService({
    datasets: repositories.datasets,
    projects: repositories.projects,
    scope,
    audit: domain.audit,
    clock,
    deleteDatasetFiles: videos.deleteDatasetFiles,
    linkablePatient: patients.linkable,
    calibrationProfile: calibration.find,
  });
  const detectionAnnotation = createDetectionAnnotationService({
    videos,
    detections: repositories.detections,
    runner: deps.detectionRunner,
    detection,
    datasets,
    scope,
    now: () => clock.now(),
  });
  const business = createBusinessService({
    patients: repositories.patients,
    requests: deps.analysisRequests,
    scope,
  });
  const uploads = createVideoUploadService({
    storage,
    settings: domain.settings,
    datasets,
    videos,
    videoRows: repositories.videos,
    audit: domain.audit,
    clock,
    linkablePatient: patients.linkable,
    enqueuePrepare: async (videoId, userId) =>
      (await queue.enqueueTask('video.prepare', { videoId }, userId)).id,
  });

  const assessmentsRepository = repositories.assessments;
  const assessments = createAssessmentsService({
    assessments: assessmentsRepository,
    datasets: repositories.datasets,
    scope,
    audit: domain.audit,
    clock,
  });
  const assessmentImages = createAssessmentImagesService({
    images: repositories.assessmentImages,
    datasets: repositories.datasets,
    models: repositories.models,
    corrections: createBenchCorrections({
      rows: repositories.benchCorrections,
      runner: deps.detectionRunner,
      storage,
      clock,
    }),
    scope,
    storage,
    audit: domain.audit,
    clock,
  });
  const sampleOf = createReportSampleReader({
    datasets: repositories.datasets,
    patients: repositories.patients,
    profiles: repositories.calibrationProfiles,
  });
  const reportRecorder = createReportRecorder({
    versions: repositories.reportVersions,
    audit: domain.audit,
    clock,
    sampleOf,
    assessmentsOf: (datasetId) => assessmentsRepository.current(datasetId),
  });
  const analysis = createAnalysisService({
    videos,
    datasets: repositories.datasets,
    analyses: repositories.analyses,
    patients: repositories.patients,
    runner: deps.analysisRunner,
    scope,
    clock,
    notify: domain.notifications.notify,
    recorder: reportRecorder,
    versions: repositories.reportVersions,
    sampleOf,
  });
  const reportVersions = createReportVersionsService({
    versions: repositories.reportVersions,
    recorder: reportRecorder,
    datasets: repositories.datasets,
    videos,
    analysis,
    scope,
    audit: domain.audit,
    clock,
    passwordMatches: domain.auth.passwordMatches,
  });
  const reportRecords = createReportRecordsService({
    settings: domain.settings,
    analysis,
    audit: domain.audit,
    clock,
    softwareVersion: serverVersion,
  });

  /** Queues frame extraction; 409 while the video is still being prepared or extracted. */
  async function extractFrames(auth: AuthContext, videoId: string, config: FrameExtractionConfig) {
    const video = await videos.findVisible(auth, videoId);
    if (video.processingStatus === 'processing')
      throw conflict('The video is still being processed. Please wait until it has finished.');
    await repositories.videos.update(video.id, {
      processingStatus: 'processing',
      error: null,
      updatedAt: clock.now(),
    });
    const task = await queue.enqueueTask('frames.extract', { videoId, config }, auth.user.id);
    await repositories.videos.update(video.id, { lastTaskId: task.id });
    return {
      success: true as const,
      task_id: task.id,
      taskId: task.id,
      status: task.status,
      message: task.message ?? 'Task queued for processing',
    };
  }

  return {
    scope,
    videos,
    datasets,
    uploads,
    extractFrames,
    analysis,
    reportVersions,
    reportRecords,
    assessments,
    assessmentImages,
    detection,
    detectionAnnotation,
    patients,
    business,
    calibration,
  };
}
export type ClinicalServices = ReturnType<typeof createClinicalServices>;
