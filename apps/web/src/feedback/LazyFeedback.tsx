import { Suspense, lazy, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialog';
import type { ToastSnackbarProps } from './ToastSnackbar';

// MUI's Dialog (with Modal, FocusTrap, Backdrop) and Snackbar (with Grow, ClickAwayListener) are
// fetched the first time a confirmation or a toast is shown, so they are not in the start-up
// scripts: the sign-in page shows neither.
const ConfirmDialog = lazy(() =>
  import('./ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })),
);
const ToastSnackbar = lazy(() =>
  import('./ToastSnackbar').then((module) => ({ default: module.ToastSnackbar })),
);

/** True from the first time `shown` is true: the part then stays mounted so it can animate closed. */
function useShownOnce(shown: boolean): boolean {
  const [once, setOnce] = useState(shown);
  if (shown && !once) setOnce(true);
  return once || shown;
}

/** The confirm dialog, loaded on first open. */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const wanted = useShownOnce(props.open);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}

/** The toast snackbar, loaded with the first toast. */
export function LazyToastSnackbar(props: ToastSnackbarProps) {
  const wanted = useShownOnce(props.toast !== null);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastSnackbar {...props} />
    </Suspense>
  );
}
