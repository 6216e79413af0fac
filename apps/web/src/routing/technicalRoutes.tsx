import { Navigate, Route } from 'react-router-dom';
import { TechnicalDashboardPage } from '../pages/dashboard/TechnicalDashboardPage';
import { NotFoundPage } from '../pages/status/NotFoundPage';
import { FrameAnnotationPage } from '../pages/technical/annotation/FrameAnnotationPage';
import { DataLabelReviewPage } from '../pages/technical/review/DataLabelReviewPage';
import type { RouteRequirement } from './guardDecision';
import { RouteGuard } from './guards';

const ANNOTATE_DETECTION: RouteRequirement = {
  kind: 'permission',
  anyOf: ['annotate_detection'],
};

/**
 * The technical workflow's routes (spec 2 §2.1 and §2.2), rendered inside the technical workflow
 * guard. Both families land on the same screens; `/technical/*` is the older one.
 */
export function technicalRoutes() {
  return (
    <>
      <Route path="/finetune" element={<Navigate to="/finetune/dashboard" replace />} />
      <Route path="/finetune/dashboard" element={<TechnicalDashboardPage />} />
      <Route path="/finetune/data-label-review" element={<DataLabelReviewPage />} />
      <Route path="/technical/data-label-review" element={<DataLabelReviewPage />} />
      <Route element={<RouteGuard requirement={ANNOTATE_DETECTION} />}>
        <Route path="/finetune/annotation/detection/frame" element={<FrameAnnotationPage />} />
        <Route path="/technical/annotation/detection/frame" element={<FrameAnnotationPage />} />
      </Route>
      <Route path="/finetune/*" element={<NotFoundPage />} />
      <Route path="/technical" element={<Navigate to="/finetune/dashboard" replace />} />
      <Route path="/technical/*" element={<NotFoundPage />} />
    </>
  );
}
