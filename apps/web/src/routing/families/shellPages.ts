// The signed-in shell (top bar, sidebar) and what the bare /dashboard address shows: not needed by
// the sign-in page, so it loads with the first signed-in screen.
export { AppLayout } from '../../layout/AppLayout';
export { DashboardRedirect } from '../../pages/dashboard/DashboardRedirect';
