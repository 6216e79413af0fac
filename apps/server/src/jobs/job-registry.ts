import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { LoginAttemptsRepository } from '../repositories/login-attempts.repository.js';
import type { PasswordResetRepository } from '../repositories/password-reset.repository.js';
import { defineJobRegistry } from './job-definition.js';
import { createSystemCleanupJob } from './system-cleanup.job.js';

/** What job handlers may use; extend it when a job needs more (storage, ffmpeg, ...). */
export interface JobDependencies {
  readonly passwordResets: PasswordResetRepository;
  readonly loginAttempts: LoginAttemptsRepository;
  readonly clock: Clock;
}

/** Every job the server knows, keyed by name. Add a job here to make it enqueueable and worked. */
export function createJobRegistry(deps: JobDependencies) {
  return defineJobRegistry({
    'system.cleanup': createSystemCleanupJob(deps),
  });
}
export type JobRegistry = ReturnType<typeof createJobRegistry>;
export type JobName = keyof JobRegistry;
export type JobPayloadInput<N extends JobName> = z.input<JobRegistry[N]['payload']>;
