import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import { createDataLabelsRepository } from '../repositories/data-labels.repository.js';
import { createLabelReviewsRepository } from '../repositories/label-reviews.repository.js';
import type { FileStorage } from '../storage/storage.js';
import type { ClinicalServices } from './clinical.js';
import { createDataLabelsService } from './data-labels.service.js';
import type { DomainServices, Repositories } from './index.js';
import { createLabelReviewsService } from './label-reviews.service.js';
import { createAnnotationTransferService } from './annotation-transfer.service.js';
import type { DetectionRunner } from './detection-runner.js';
import { createAnnotationOverviewService } from './annotation-overview.service.js';
import { createAnnotationOverviewRepository } from '../repositories/annotation-overview.repository.js';
import { createSegmentationService } from './segmentation.service.js';
import { createMaskMeasure } from './mask-measure.js';

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
  detectionRunner: DetectionRunner;
}) {
  const { clinical, domain, clock } = deps;
  const labelRows = createDataLabelsRepository(deps.db);
  const measureMask = createMaskMeasure({
    storage: deps.storage,
    umPerPixel: (videoId) => deps.detectionRunner.umPerPixel(videoId),
  });
  const dataLabels = createDataLabelsService({
    labels: labelRows,
    detections: deps.repositories.detections,
    datasets: clinical.datasets,
    videos: clinical.videos,
    scope: clinical.scope,
    projects: deps.repositories.projects,
    audit: domain.audit,
    clock,
    measureMask,
  });
  const labelReviews = createLabelReviewsService({
    reviews: createLabelReviewsRepository(deps.db),
    scope: clinical.scope,
    audit: domain.audit,
    clock,
  });
  const annotationTransfer = createAnnotationTransferService({
    videos: clinical.videos,
    videoRows: deps.repositories.videos,
    datasets: clinical.datasets,
    detections: deps.repositories.detections,
    labels: labelRows,
    dataLabels,
    runner: deps.detectionRunner,
    storage: deps.storage,
    clock,
  });
  const annotationOverview = createAnnotationOverviewService({
    overview: createAnnotationOverviewRepository(deps.db),
    datasets: clinical.datasets,
    scope: clinical.scope,
  });
  const segmentation = createSegmentationService({
    detection: clinical.detection,
    detections: deps.repositories.detections,
    runner: deps.detectionRunner,
    storage: deps.storage,
    now: () => clock.now(),
  });
  return { dataLabels, labelReviews, annotationTransfer, annotationOverview, segmentation };
}
export type TechnicalServices = ReturnType<typeof createTechnicalServices>;
