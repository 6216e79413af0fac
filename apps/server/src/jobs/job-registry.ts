import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { AnalysisRequestsRepository } from '../repositories/analysis-requests.repository.js';
import type { LoginAttemptsRepository } from '../repositories/login-attempts.repository.js';
import type { PasswordResetRepository } from '../repositories/password-reset.repository.js';
import type { SessionsRepository } from '../repositories/sessions.repository.js';
import type { SignInThrottleRepository } from '../repositories/sign-in-throttle.repository.js';
import type { VideosRepository } from '../repositories/videos.repository.js';
import type { FileStorage } from '../storage/storage.js';
import type { VideoAnalysisRunner } from '../services/analysis.service.js';
import type { DetectionRunner } from '../services/detection-runner.js';
import type { NotificationContent } from '../services/notifications.service.js';
import { createDetectFramesJob } from './detect-frames.job.js';
import { createFramesExtractJob } from './frames-extract.job.js';
import { defineJobRegistry } from './job-definition.js';
import { createSystemCleanupJob } from './system-cleanup.job.js';
import { createVideoAnalyzeJob } from './video-analyze.job.js';
import { createVideoPrepareJob } from './video-prepare.job.js';
import { createVideoRetentionJob } from './video-retention.job.js';
import { createModelTrainJob } from './model-train.job.js';
import { createModelPredictJob } from './model-predict.job.js';
import type { Predictor } from '../services/prediction/predictor.js';
import type { ModelTrainer } from '../services/training/model-trainer.js';

/** What job handlers may use; extend it when a job needs more (storage, ffmpeg, ...). */
export interface JobDependencies {
  readonly passwordResets: PasswordResetRepository;
  readonly loginAttempts: LoginAttemptsRepository;
  readonly sessions: SessionsRepository;
  readonly signInThrottle: SignInThrottleRepository;
  readonly clock: Clock;
  readonly videos: VideosRepository;
  readonly storage: FileStorage;
  readonly detectionRunner: DetectionRunner;
  readonly analysisRequests: AnalysisRequestsRepository;
  readonly analysisRunner: VideoAnalysisRunner;
  /** In-app notification to one user (jobs that link their result). */
  readonly notify: (userId: string, content: NotificationContent) => Promise<void>;
  /** Current retention period of uploaded originals in days (system setting). */
  readonly retentionDays: () => Promise<number>;
  /** Runs model training (the model.train job). */
  readonly trainer: ModelTrainer;
  /** Runs model predictions (the model.predict job). */
  readonly predictor: Predictor;
}

/** Every job the server knows, keyed by name. Add a job here to make it enqueueable and worked. */
export function createJobRegistry(deps: JobDependencies) {
  return defineJobRegistry({
    'system.cleanup': createSystemCleanupJob(deps),
    'video.prepare': createVideoPrepareJob(deps),
    'frames.extract': createFramesExtractJob(deps),
    'detection.detect_frames': createDetectFramesJob(deps),
    'video.retention': createVideoRetentionJob(deps),
    'video.analyze': createVideoAnalyzeJob(deps),
    'model.train': createModelTrainJob(deps),
    'model.predict': createModelPredictJob(deps),
  });
}
export type JobRegistry = ReturnType<typeof createJobRegistry>;
export type JobName = keyof JobRegistry;
export type JobPayloadInput<N extends JobName> = z.input<JobRegistry[N]['payload']>;
