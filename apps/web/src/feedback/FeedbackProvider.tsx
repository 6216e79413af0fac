import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { AlertStack } from './AlertStack';
import { LazyConfirmDialog, LazyToastSnackbar } from './LazyFeedback';
import type { Toast } from './ToastSnackbar';
import {
  createAlert,
  removeAlertById,
  type AlertInput,
  type AlertType,
  type AppAlert,
} from './alerts';
import { runConfirmAction, type ConfirmOptions } from './confirm';
import { FeedbackContext, type FeedbackContextValue } from './feedbackContext';

interface PendingConfirm {
  readonly options: ConfirmOptions;
  readonly resolve: (confirmed: boolean) => void;
}

export function FeedbackProvider({ children }: { readonly children: ReactNode }) {
  const [alerts, setAlerts] = useState<AppAlert[]>([]);
  const [toast, setToast] = useState<Toast | null>(null);
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);
  const [globalError, setGlobalError] = useState<string | null>(null);
  const nextId = useRef(0);

  const addAlert = useCallback((input: AlertInput) => {
    nextId.current += 1;
    const id = `alert-${nextId.current}`;
    setAlerts((current) => [...current, createAlert(input, id)]);
    return id;
  }, []);

  const removeAlert = useCallback((id: string) => {
    setAlerts((current) => removeAlertById(current, id));
  }, []);

  const closeToast = useCallback(() => setToast(null), []);

  const showToast = useCallback((message: string, type: AlertType = 'info') => {
    nextId.current += 1;
    setToast({ key: nextId.current, message, type });
  }, []);

  const confirm = useCallback(
    (options: ConfirmOptions = {}) =>
      new Promise<boolean>((resolve) => setPending({ options, resolve })),
    [],
  );

  const handleConfirm = useCallback(() => {
    if (pending === null) return;
    setConfirmBusy(true);
    void runConfirmAction(pending.options.onConfirm).then(() => {
      setConfirmBusy(false);
      setPending(null);
      pending.resolve(true);
    });
  }, [pending]);

  const handleCancel = useCallback(() => {
    pending?.resolve(false);
    setPending(null);
  }, [pending]);

  const value = useMemo<FeedbackContextValue>(
    () => ({ alerts, addAlert, removeAlert, showToast, confirm, globalError, setGlobalError }),
    [alerts, addAlert, removeAlert, showToast, confirm, globalError],
  );

  return (
    <FeedbackContext.Provider value={value}>
      {children}
      <AlertStack alerts={alerts} onClose={removeAlert} />
      <LazyToastSnackbar toast={toast} onClose={closeToast} />
      <LazyConfirmDialog
        open={pending !== null}
        busy={confirmBusy}
        options={pending?.options ?? {}}
        onConfirm={handleConfirm}
        onCancel={handleCancel}
      />
    </FeedbackContext.Provider>
  );
}
