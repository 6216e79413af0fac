import { Navigate, Route } from 'react-router-dom';
import { TechnicalDashboardPage } from '../pages/dashboard/TechnicalDashboardPage';
import { NotFoundPage } from '../pages/status/NotFoundPage';

/**
 * The technical workflow's routes (spec 2 §2.1 and §2.2), rendered inside the technical workflow
 * guard. Both families land on the same screens; `/technical/*` is the older one.
 */
export function technicalRoutes() {
  return (
    <>
      <Route path="/finetune" element={<Navigate to="/finetune/dashboard" replace />} />
      <Route path="/finetune/dashboard" element={<TechnicalDashboardPage />} />
      <Route path="/finetune/*" element={<NotFoundPage />} />
      <Route path="/technical" element={<Navigate to="/finetune/dashboard" replace />} />
      <Route path="/technical/*" element={<NotFoundPage />} />
    </>
  );
}
