export interface ConfirmOptions {
  readonly title?: string;
  readonly message?: string;
  readonly confirmLabel?: string;
  readonly cancelLabel?: string;
  /** Runs when the user confirms; the dialog shows a loading state until it settles. */
  readonly onConfirm?: () => unknown;
}

/**
 * Runs the confirmed action. Failures are swallowed on purpose (spec 1 §4): the action reports its
 * own errors, and the dialog must close whether it worked or not.
 */
export async function runConfirmAction(action: (() => unknown) | undefined): Promise<void> {
  if (action === undefined) return;
  try {
    await action();
  } catch {
    // Swallowed by design; see above.
  }
}
