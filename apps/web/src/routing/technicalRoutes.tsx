import { Navigate, Route } from 'react-router-dom';
import { DETECTION_READERS } from '../pages/technical/home/homeLogic';
import type { RouteRequirement } from './guardDecision';
import { RouteGuard } from './guards';
import { StatusPages, TechnicalPages } from './lazyPages';

const {
  AnnotationManagementPage,
  ApplyDetectionPage,
  CreateDatasetWizardPage,
  DataLabelReviewPage,
  DataLabelsBrowserPage,
  DatasetLabelItemsPage,
  DatasetLabelsPage,
  DetectionResultsPage,
  EngineAnalysisPage,
  FrameAnnotationPage,
  FrameExtractionPage,
  MaskExtractionPage,
  MorphologyLabelPage,
  MorphologyLabelingPage,
  MorphologyLabelsListPage,
  PredictionPage,
  ProjectPickerPage,
  SegmentationToolPage,
  TechnicalDashboardPage,
  TechnicalDatasetsPage,
  TechnicalVideosPage,
  TrainingPage,
} = TechnicalPages;
const { NotFoundPage } = StatusPages;

const VIEW_ANALYSIS: RouteRequirement = {
  kind: 'permission',
  anyOf: ['view_analysis_results'],
};
/** The spec's view_detailed_detection, and the technical roles that work on detections. */
const VIEW_DETECTIONS: RouteRequirement = { kind: 'permission', anyOf: DETECTION_READERS };
const ANNOTATE_MORPHOLOGY: RouteRequirement = {
  kind: 'permission',
  anyOf: ['annotate_morphology'],
};
const CREATE_DATASETS: RouteRequirement = { kind: 'permission', anyOf: ['create_datasets'] };
const UPLOAD_VIDEOS: RouteRequirement = {
  kind: 'permission',
  anyOf: ['upload_technical_videos', 'upload_videos'],
};
const EXTRACT_FRAMES: RouteRequirement = { kind: 'permission', anyOf: ['extract_frames'] };
/** Annotation Management and the review page open for reviewers and annotators alike. */
const ANNOTATION_WORK: RouteRequirement = {
  kind: 'permission',
  anyOf: ['review_annotations', 'annotate_detection', 'annotate_morphology'],
};
const REVIEW_ANNOTATIONS: RouteRequirement = {
  kind: 'permission',
  anyOf: ['review_annotations'],
};
const ANNOTATE_DETECTION: RouteRequirement = {
  kind: 'permission',
  anyOf: ['annotate_detection'],
};
const TRAIN_MODELS: RouteRequirement = { kind: 'permission', anyOf: ['train_models'] };
const PREDICT_MODELS: RouteRequirement = { kind: 'permission', anyOf: ['predict_models'] };

/**
 * The technical workflow's routes (spec 2 §2.1 and §2.2), rendered inside the technical workflow
 * guard. Both families land on the same screens; `/technical/*` is the older one.
 */
export function technicalRoutes() {
  return (
    <>
      <Route path="/finetune" element={<Navigate to="/finetune/dashboard" replace />} />
      <Route path="/finetune/dashboard" element={<TechnicalDashboardPage />} />
      <Route path="/finetune/videos" element={<ProjectPickerPage />} />
      <Route element={<RouteGuard requirement={CREATE_DATASETS} />}>
        <Route path="/finetune/datasets" element={<TechnicalDatasetsPage />} />
        <Route path="/finetune/datasets/create" element={<CreateDatasetWizardPage />} />
        <Route path="/technical/datasets" element={<TechnicalDatasetsPage />} />
        <Route path="/finetune/projects/:projectId/datasets" element={<TechnicalDatasetsPage />} />
      </Route>
      <Route element={<RouteGuard requirement={UPLOAD_VIDEOS} />}>
        <Route path="/finetune/datasets/:datasetId/videos" element={<TechnicalVideosPage />} />
        <Route path="/technical/datasets/:datasetId/videos" element={<TechnicalVideosPage />} />
      </Route>
      <Route element={<RouteGuard requirement={EXTRACT_FRAMES} />}>
        <Route path="/finetune/frame-extraction" element={<FrameExtractionPage />} />
        <Route path="/finetune/frame-extraction-detail" element={<FrameExtractionPage />} />
        <Route path="/technical/frame-extraction" element={<FrameExtractionPage />} />
      </Route>
      <Route element={<RouteGuard requirement={ANNOTATION_WORK} />}>
        <Route path="/finetune/annotation" element={<AnnotationManagementPage />} />
        <Route path="/finetune/annotation/detection" element={<AnnotationManagementPage />} />
        <Route path="/technical/annotation" element={<AnnotationManagementPage />} />
      </Route>
      <Route element={<RouteGuard requirement={REVIEW_ANNOTATIONS} />}>
        <Route
          path="/finetune/annotation/detection/review"
          element={<DataLabelsBrowserPage key="detection" labelType="detection" />}
        />
        <Route
          path="/finetune/annotation/morphology/review"
          element={<DataLabelsBrowserPage key="morphology" labelType="morphology" />}
        />
        <Route
          path="/finetune/projects/:projectId/datasets/:datasetId/data-labels"
          element={<DatasetLabelsPage />}
        />
        <Route
          path="/finetune/projects/:projectId/datasets/:datasetId/data-labels/:labelId/items"
          element={<DatasetLabelItemsPage />}
        />
      </Route>
      {/* Spec 2's four placeholder steps, made real pages over the engine's results. */}
      <Route element={<RouteGuard requirement={ANNOTATE_DETECTION} />}>
        <Route path="/finetune/detection" element={<ApplyDetectionPage />} />
      </Route>
      <Route element={<RouteGuard requirement={VIEW_DETECTIONS} />}>
        <Route path="/finetune/detection-results" element={<DetectionResultsPage />} />
      </Route>
      <Route element={<RouteGuard requirement={VIEW_ANALYSIS} />}>
        <Route
          path="/finetune/concentration"
          element={<EngineAnalysisPage key="concentration" kind="concentration" />}
        />
        <Route
          path="/finetune/motility"
          element={<EngineAnalysisPage key="motility" kind="motility" />}
        />
      </Route>
      <Route element={<RouteGuard requirement={ANNOTATE_MORPHOLOGY} />}>
        <Route path="/finetune/crops" element={<SegmentationToolPage />} />
        <Route path="/finetune/annotation/morphology" element={<SegmentationToolPage />} />
        <Route path="/finetune/morphology-labeling" element={<MorphologyLabelingPage />} />
        <Route path="/finetune/morphology-data-labels" element={<MorphologyLabelsListPage />} />
        <Route
          path="/finetune/morphology-data-label/:dataLabelId"
          element={<MorphologyLabelPage />}
        />
        <Route
          path="/technical/morphology-data-label/:dataLabelId"
          element={<MorphologyLabelPage />}
        />
      </Route>
      <Route path="/finetune/data-label-review" element={<DataLabelReviewPage />} />
      <Route path="/technical/data-label-review" element={<DataLabelReviewPage />} />
      <Route element={<RouteGuard requirement={ANNOTATE_DETECTION} />}>
        <Route path="/finetune/annotation/detection/frame" element={<FrameAnnotationPage />} />
        <Route path="/finetune/mask-extraction" element={<MaskExtractionPage />} />
        <Route path="/technical/annotation/detection/frame" element={<FrameAnnotationPage />} />
      </Route>
      <Route element={<RouteGuard requirement={TRAIN_MODELS} />}>
        <Route path="/finetune/training" element={<TrainingPage />} />
        <Route path="/technical/training" element={<TrainingPage />} />
      </Route>
      <Route element={<RouteGuard requirement={PREDICT_MODELS} />}>
        <Route path="/finetune/prediction" element={<PredictionPage />} />
        <Route path="/technical/prediction" element={<PredictionPage />} />
      </Route>
      <Route path="/finetune/*" element={<NotFoundPage />} />
      <Route path="/technical" element={<Navigate to="/finetune/dashboard" replace />} />
      <Route path="/technical/*" element={<NotFoundPage />} />
    </>
  );
}
