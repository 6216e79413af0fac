import { useEffect, useState } from 'react';
import { Alert, Box, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/authContext';
import { useFeedback } from '../feedback/feedbackContext';
import { DemoBanner } from '../pages/demo/DemoBanner';
import { workflowOfPath, type Workflow } from '../routing/workflow';
import { defaultWorkflow } from './navigationItems';
import { pageTitleKey } from './pageTitle';
import { SIDEBAR_WIDTH, Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** Shell of every signed-in screen: top bar, sidebar (open at start) and the page below. */
export function AppLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  // noSsr gives the real width on the first render, so the sidebar's initial state is right.
  const temporaryDrawer = !useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { pathname } = useLocation();
  const { user, landingPath, clearLandingPath } = useAuth();
  const { globalError, setGlobalError } = useFeedback();
  // Starts open (spec 1 §2.3) where it sits beside the page; on phones it would cover the page.
  const [sidebarOpen, setSidebarOpen] = useState(!temporaryDrawer);
  // Remembers the last workflow visited so /profile or /admin keep that workflow's navigation.
  const [lastWorkflow, setLastWorkflow] = useState<Workflow | null>(null);
  const pathWorkflow = workflowOfPath(pathname);
  useEffect(() => {
    if (pathWorkflow !== null) setLastWorkflow(pathWorkflow);
  }, [pathWorkflow]);
  // The overlay drawer of small screens closes once the user has picked a page.
  useEffect(() => {
    if (temporaryDrawer) setSidebarOpen(false);
  }, [pathname, temporaryDrawer]);

  // Signed in and arrived: a later visit to /login must land on /dashboard again.
  useEffect(() => {
    if (landingPath !== null) clearLandingPath();
  }, [landingPath, clearLandingPath]);

  const title = t(pageTitleKey(pathname));
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);

  // The layout sits behind the sign-in guard, so the user is always known here.
  if (user === null) return null;
  const workflow = pathWorkflow ?? lastWorkflow ?? defaultWorkflow(user.access);
  const shift = sidebarOpen && !temporaryDrawer;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar
        title={title}
        workflow={workflow}
        showWorkflowSwitch={user.access.business && user.access.technical}
        onToggleSidebar={() => setSidebarOpen((open) => !open)}
      />
      <Sidebar
        open={sidebarOpen}
        temporary={temporaryDrawer}
        onClose={() => setSidebarOpen(false)}
        workflow={workflow}
        user={user}
      />
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          p: { xs: 2, md: 3 },
          ml: shift ? 0 : `-${SIDEBAR_WIDTH}px`,
          transition: theme.transitions.create('margin', {
            duration: theme.transitions.duration.standard,
          }),
          ...(temporaryDrawer ? { ml: 0 } : {}),
        }}
      >
        <Toolbar />
        {globalError !== null && (
          <Alert severity="error" onClose={() => setGlobalError(null)} sx={{ mb: 2 }}>
            {globalError}
          </Alert>
        )}
        <DemoBanner />
        <Outlet />
      </Box>
    </Box>
  );
}
