import { Alert, Snackbar } from '@mui/material';
import { TOAST_AUTO_HIDE_MS, type AlertType } from './alerts';

/** One short message; a new key restarts the snackbar's timer. */
export interface Toast {
  readonly key: number;
  readonly message: string;
  readonly type: AlertType;
}

export interface ToastSnackbarProps {
  readonly toast: Toast | null;
  readonly onClose: () => void;
}

/** The toast at the bottom centre, hidden after TOAST_AUTO_HIDE_MS. */
export function ToastSnackbar({ toast, onClose }: ToastSnackbarProps) {
  return (
    <Snackbar
      key={toast?.key}
      open={toast !== null}
      autoHideDuration={TOAST_AUTO_HIDE_MS}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={toast?.type ?? 'info'} variant="filled" onClose={onClose}>
        {toast?.message}
      </Alert>
    </Snackbar>
  );
}
