import { Alert, Box, Button, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createDemo, DEMO_QUERY_KEY } from './demoApi';
import { useCanManageDemo, useDemoStatus } from './useDemo';
import { useDemoWatch } from './useDemoWatch';

/**
 * "Try the demo sample" on the empty dashboards and the no-projects screen: asks the server for
 * the demo; the layout's progress dialog then follows it and opens its report. Shown only to
 * project administrators while there is no demo.
 */
export function TryDemoButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canManage = useCanManageDemo();
  const { data: demo, isSuccess } = useDemoStatus();
  const [watching, setWatching] = useDemoWatch();
  const [error, setError] = useState<string | null>(null);
  if (!canManage || !isSuccess || demo !== null) return null;
  const start = async () => {
    setError(null);
    setWatching(true);
    try {
      queryClient.setQueryData(DEMO_QUERY_KEY, await createDemo());
    } catch (failure) {
      setWatching(false);
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <Box>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {t('demo.offer')}
      </Typography>
      <Button
        variant="contained"
        color="secondary"
        onClick={() => void start()}
        disabled={watching}
      >
        {t('demo.tryButton')}
      </Button>
      {error !== null && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('demo.failed', { message: error })}
        </Alert>
      )}
    </Box>
  );
}
