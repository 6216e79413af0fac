export type AlertType = 'success' | 'info' | 'warning' | 'error';

export interface AppAlert {
  readonly id: string;
  readonly message: string;
  readonly type: AlertType;
  readonly title: string | null;
  readonly autoClose: boolean;
  readonly durationMs: number;
}

export interface AlertInput {
  readonly message: string;
  readonly type?: AlertType;
  readonly title?: string;
  /** Closes by itself unless explicitly false (spec 1 §9). */
  readonly autoClose?: boolean;
  readonly durationMs?: number;
}

export const ALERT_DEFAULT_DURATION_MS = 5000;
/** Toasts across the product hide after six seconds (spec 1 §2.3). */
export const TOAST_AUTO_HIDE_MS = 6000;

export function createAlert(input: AlertInput, id: string): AppAlert {
  return {
    id,
    message: input.message,
    type: input.type ?? 'info',
    title: input.title ?? null,
    autoClose: input.autoClose !== false,
    durationMs: input.durationMs ?? ALERT_DEFAULT_DURATION_MS,
  };
}

export function removeAlertById(alerts: readonly AppAlert[], id: string): AppAlert[] {
  return alerts.filter((alert) => alert.id !== id);
}
