import { createContext, useContext } from 'react';
import type { AlertInput, AlertType, AppAlert } from './alerts';
import type { ConfirmOptions } from './confirm';

export interface FeedbackContextValue {
  readonly alerts: readonly AppAlert[];
  /** Adds an alert to the top-right stack and returns its id. */
  readonly addAlert: (input: AlertInput) => string;
  readonly removeAlert: (id: string) => void;
  /** Shows a toast that hides after six seconds. */
  readonly showToast: (message: string, type?: AlertType) => void;
  /** Opens the confirm dialog; resolves true once confirmed (and the action settled), false on cancel. */
  readonly confirm: (options?: ConfirmOptions) => Promise<boolean>;
  /** A page-wide error shown above the content until cleared. */
  readonly globalError: string | null;
  readonly setGlobalError: (message: string | null) => void;
}

export const FeedbackContext = createContext<FeedbackContextValue | null>(null);

export function useFeedback(): FeedbackContextValue {
  const value = useContext(FeedbackContext);
  if (value === null) throw new Error('useFeedback must be used inside <FeedbackProvider>');
  return value;
}

export function useAlerts(): Pick<FeedbackContextValue, 'alerts' | 'addAlert' | 'removeAlert'> {
  const { alerts, addAlert, removeAlert } = useFeedback();
  return { alerts, addAlert, removeAlert };
}

export function useToast(): FeedbackContextValue['showToast'] {
  return useFeedback().showToast;
}

/** `const confirm = useConfirm(); if (await confirm({ message, onConfirm })) ...` */
export function useConfirm(): FeedbackContextValue['confirm'] {
  return useFeedback().confirm;
}
