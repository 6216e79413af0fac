import { pino, type Logger } from 'pino';
import type { QueueLogger } from './jobs/task-queue.js';
import { createRotatingFile } from './logging/rotating-file.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const HIDDEN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'v']);

function describeValue(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/**
 * One pino JSON line as a line for people: `12:04:05 INFO  message key=value`, with an error's
 * stack below it. Lines that are not JSON objects pass through unchanged.
 */
export function formatPrettyLine(line: string): string {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null) return line;
  const record = new Map<string, unknown>(Object.entries(entry));
  const time = new Date(Number(record.get('time') ?? Date.now())).toTimeString().slice(0, 8);
  const level = LEVEL_NAMES[Number(record.get('level'))] ?? 'INFO ';
  const fields = [...record]
    .filter(([key, value]) => !HIDDEN_FIELDS.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${describeValue(value)}`);
  const msg = record.get('msg');
  const message = [time, level, typeof msg === 'string' ? msg : '', ...fields].join(' ');
  const err = record.get('err');
  const stack =
    typeof err === 'object' && err !== null && 'stack' in err && typeof err.stack === 'string'
      ? `\n${err.stack}`
      : '';
  return `${message}${stack}\n`;
}

/** Query parameters whose values never reach a log (media links carry `?token=`). */
const SECRET_QUERY = /([?&](?:token|access_token|refresh_token|password|code)=)[^&#]*/gi;

/** A URL fit for a log line: secrets in its query replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

export interface ServerLoggerOptions {
  readonly level: LogLevel;
  /** Human-readable lines (a terminal) instead of JSON lines (a log collector). */
  readonly pretty: boolean;
  /** A JSON log file kept below `maxFileBytes` (with one rotated copy); none when absent. */
  readonly file?: { readonly path: string; readonly maxBytes: number };
  /** Where console lines go (default stdout). */
  readonly write?: (text: string) => void;
}

/**
 * The server's one logger: requests at `debug`; start-up, jobs, warnings and errors at `info` and
 * above. Secrets are redacted from headers and bodies wherever they are logged.
 */
export function createServerLogger(options: ServerLoggerOptions): Logger {
  const write = options.write ?? ((text: string) => void process.stdout.write(text));
  const consoleStream = {
    write: (line: string) => write(options.pretty ? formatPrettyLine(line) : line),
  };
  const streams: { level: LogLevel; stream: { write(line: string): void } }[] = [
    { level: options.level, stream: consoleStream },
  ];
  if (options.file !== undefined && options.level !== 'silent')
    streams.push({
      level: options.level,
      stream: createRotatingFile(options.file.path, options.file.maxBytes),
    });
  return pino(
    {
      level: options.level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'password',
          'newPassword',
          'currentPassword',
          'oldPassword',
          'confirmPassword',
          'token',
          'refreshToken',
          'access_token',
          'refresh_token',
          'resetLink',
          '*.password',
          '*.newPassword',
          '*.oldPassword',
          '*.confirmPassword',
          '*.token',
          '*.access_token',
          '*.refresh_token',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: { method?: string; url?: string }) => ({
          method: req.method,
          url: redactUrl(req.url ?? ''),
        }),
      },
    },
    pino.multistream(streams),
  );
}

/** The task queue's view of the server logger. */
export function queueLoggerOf(logger: Logger): QueueLogger {
  return {
    info: (message) => logger.info(message),
    warn: (details, message) => logger.warn(details, message),
    error: (details, message) => logger.error(details, message),
  };
}
