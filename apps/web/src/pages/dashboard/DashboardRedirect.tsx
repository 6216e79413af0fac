import { CircularProgress } from '@mui/material';
import { Navigate } from 'react-router-dom';
import { useAuth } from '../../auth/authContext';
import { dashboardPathFor } from '../../routing/workflow';
import { useFirstRunDecision } from '../setup/useFirstRunDecision';
import { NoWorkflowAccessPage } from '../status/NoWorkflowAccessPage';

/**
 * /dashboard opens the dashboard of the user's workflow (business first, then technical, then
 * admin); an administrator who belongs to no project and has not finished setup goes to /setup.
 */
export function DashboardRedirect() {
  const { user } = useAuth();
  const firstRun = useFirstRunDecision();
  if (user === null) return null;
  if (firstRun === 'pending') return <CircularProgress />;
  if (firstRun === 'setup') return <Navigate to="/setup" replace />;
  const target = dashboardPathFor(user.access);
  return target === null ? <NoWorkflowAccessPage /> : <Navigate to={target} replace />;
}
