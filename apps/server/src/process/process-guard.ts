/**
 * A system or stream error (it carries an errno-style `code`, such as ENOENT, EPIPE or
 * ERR_STREAM_PREMATURE_CLOSE): raised by one file or socket, it leaves the rest of the process
 * sound, so the process may go on.
 */
export function isStrayIoError(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string')
    return false;
  return /^(E[A-Z]+|ERR_STREAM_\w+)$/.test(error.code);
}

/** The part of `process` the guard listens on (an EventEmitter in tests). */
export interface GuardedProcess {
  on(event: 'uncaughtException', listener: (error: Error) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  off(event: 'uncaughtException', listener: (error: Error) => void): unknown;
  off(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

export interface ProcessGuardReport {
  /** What happened; `fatal` means the process is about to exit. */
  readonly kind: 'uncaught-io-error' | 'unhandled-rejection' | 'fatal';
  readonly error: unknown;
}

/**
 * Keeps one bad file from stopping the server: an uncaught I/O error or an unhandled promise
 * rejection is reported and the process goes on; any other uncaught exception (a programming
 * error that leaves unknown state) is reported and ends the process, for the supervisor to restart.
 * Answers a function that removes the guard.
 */
export function installProcessGuard(
  report: (event: ProcessGuardReport) => void,
  exit: (code: number) => void = (code) => process.exit(code),
  target: GuardedProcess = process,
): () => void {
  const onException = (error: Error) => {
    if (isStrayIoError(error)) {
      report({ kind: 'uncaught-io-error', error });
      return;
    }
    report({ kind: 'fatal', error });
    exit(1);
  };
  const onRejection = (reason: unknown) => report({ kind: 'unhandled-rejection', error: reason });
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  return () => {
    target.off('uncaughtException', onException);
    target.off('unhandledRejection', onRejection);
  };
}
