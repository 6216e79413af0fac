import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { STORAGE_KEYS } from '../../api/session';
import { demoReportPath, isBeingMade } from './demoLogic';
import { useDemoStatus } from './useDemo';
import { useDemoWatch } from './useDemoWatch';

/** How far the demo asked for in this tab is made; opens its report once it is ready. */
export function DemoProgressDialog({ startError }: { readonly startError?: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [watching, setWatching] = useDemoWatch();
  const { data: demo } = useDemoStatus();

  useEffect(() => {
    if (!watching || demo === null || demo === undefined || demo.state !== 'ready') return;
    const report = demoReportPath(demo);
    if (report === null) return;
    window.localStorage.setItem(STORAGE_KEYS.currentProjectId, demo.projectId);
    setWatching(false);
    // The demo's project, patient and videos now belong in every list.
    void queryClient.invalidateQueries({
      predicate: (query) =>
        query.queryKey[0] !== 'auth' && !String(query.queryKey[1]).startsWith('demo'),
    });
    void navigate(report);
  }, [watching, demo, navigate, queryClient, setWatching]);

  const failed = demo?.state === 'failed' ? demo.message : (startError ?? null);
  return (
    <Dialog open={watching} fullWidth maxWidth="sm">
      <DialogTitle>{t('demo.making')}</DialogTitle>
      <DialogContent>
        {failed === null ? (
          <Stack spacing={1} data-testid="demo-progress">
            <LinearProgress
              variant={demo === null || demo === undefined ? 'indeterminate' : 'determinate'}
              value={(demo?.progress ?? 0) * 100}
            />
            <Typography variant="body2">
              {t(`demo.state.${demo?.state ?? 'creating'}`, {
                percent: Math.round((demo?.progress ?? 0) * 100),
              })}
            </Typography>
          </Stack>
        ) : (
          <Alert severity="error">{t('demo.failed', { message: failed })}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setWatching(false)} disabled={failed === null && isBeingMade(demo)}>
          {t('demo.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
