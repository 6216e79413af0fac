import { useEffect } from 'react';
import { Alert, AlertTitle, Stack } from '@mui/material';
import type { AppAlert } from './alerts';

function AlertItem({
  alert,
  onClose,
}: {
  readonly alert: AppAlert;
  readonly onClose: (id: string) => void;
}) {
  useEffect(() => {
    if (!alert.autoClose) return undefined;
    const timer = setTimeout(() => onClose(alert.id), alert.durationMs);
    return () => clearTimeout(timer);
  }, [alert, onClose]);

  return (
    <Alert
      severity={alert.type}
      variant="filled"
      onClose={() => onClose(alert.id)}
      sx={{ boxShadow: 3 }}
    >
      {alert.title !== null && <AlertTitle>{alert.title}</AlertTitle>}
      {alert.message}
    </Alert>
  );
}

/** Alerts stack at the top right, newest last (spec 1 §2.3). */
export function AlertStack({
  alerts,
  onClose,
}: {
  readonly alerts: readonly AppAlert[];
  readonly onClose: (id: string) => void;
}) {
  return (
    <Stack
      spacing={1}
      sx={{
        position: 'fixed',
        top: 72,
        right: 16,
        zIndex: (theme) => theme.zIndex.snackbar + 1,
        width: 360,
        maxWidth: 'calc(100vw - 32px)',
      }}
      role="region"
      aria-live="polite"
    >
      {alerts.map((alert) => (
        <AlertItem key={alert.id} alert={alert} onClose={onClose} />
      ))}
    </Stack>
  );
}
