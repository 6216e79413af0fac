import type { Clock } from '../clock.js';
import type { FileStorage } from '../storage/storage.js';
import type { ClinicalServices } from './clinical.js';
import type { DomainServices, Repositories } from './index.js';
import type { Database } from '../db/database.js';

/**
 * The technical (research) workflow's services: data labels and their review, annotation of
 * detections, import and export. They build on the clinical services (datasets, videos, frames,
 * detections, project scope) rather than forking them.
 */
export function createTechnicalServices(deps: {
  db: Database;
  repositories: Repositories;
  domain: DomainServices;
  clinical: ClinicalServices;
  storage: FileStorage;
  clock: Clock;
}) {
  void deps;
  return {};
}
export type TechnicalServices = ReturnType<typeof createTechnicalServices>;
