import { Navigate } from 'react-router-dom';
import { useAuth } from '../../auth/authContext';
import { dashboardPathFor } from '../../routing/workflow';
import { NoWorkflowAccessPage } from '../status/NoWorkflowAccessPage';

/** /dashboard opens the dashboard of the user's workflow (business first, then technical, then admin). */
export function DashboardRedirect() {
  const { user } = useAuth();
  if (user === null) return null;
  const target = dashboardPathFor(user.access);
  return target === null ? <NoWorkflowAccessPage /> : <Navigate to={target} replace />;
}
