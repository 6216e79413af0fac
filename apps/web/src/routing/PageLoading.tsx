import { Suspense } from 'react';
import { Box, CircularProgress, Fade } from '@mui/material';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageLoadBoundary } from './PageLoadBoundary';

/**
 * What stands in for a page while its chunk downloads. The spinner fades in only after a moment,
 * so a fast load shows nothing at all instead of a flash; it takes no more height than a page's
 * top, so the layout around it does not jump. `fullScreen` centres it where no layout is drawn yet.
 */
export function PageLoading({ fullScreen = false }: { readonly fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Fade in style={{ transitionDelay: '400ms' }}>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'center',
          py: 8,
          minHeight: fullScreen ? '100vh' : undefined,
        }}
      >
        <CircularProgress aria-label={t('common.loadingPage')} />
      </Box>
    </Fade>
  );
}

/**
 * The nested routes inside a Suspense boundary: the layout above stays while a page loads, and a
 * page that fails to load says so in place.
 */
export function LazyOutlet() {
  const { pathname } = useLocation();
  return (
    <PageLoadBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </PageLoadBoundary>
  );
}
