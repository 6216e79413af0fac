import type { ApiError, ApiErrorCode } from '@sarm/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { databaseOutage, isDatabaseUnavailable } from '../db/database-availability.js';
import { StorageError } from '../storage/storage.js';

/** An expected failure with the status, message and optional detail the client receives. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, detail?: unknown) =>
  new HttpError(400, message, detail);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string, code?: ApiErrorCode) =>
  new HttpError(403, message, code === undefined ? undefined : { code });
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/** A 429 that tells the client, through `Retry-After`, how many seconds to wait. */
export class RetryLaterError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
    this.name = 'RetryLaterError';
  }
}

export const MESSAGES = {
  notAuthenticated: 'Not authenticated',
  sessionExpired: 'Session expired',
  accountInactive: 'Account is inactive',
  noPermission: "You don't have permission to perform this action",
  internal: 'Internal server error',
  storageFull: "The server's storage is full. Please contact an administrator.",
  databaseUnavailable: 'The database is unavailable. Please try again shortly.',
} as const;

/** What a 503 for an unreachable database asks clients to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The 403 every route answers for a deactivated account; the client routes to /account-inactive. */
export const accountInactive = () => forbidden(MESSAGES.accountInactive, 'ACCOUNT_INACTIVE');

/** Said instead of a library's 4xx message that names a file, a query or a stack frame. */
const CLIENT_ERROR_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  413: 'The request is too large',
  415: 'Unsupported media type',
  416: 'Range not satisfiable',
};

const INTERNAL_DETAIL = [
  /(?:^|[\s'"(=:])(?:\/[\w.@+-]+){2,}/, // a Unix path
  /[A-Za-z]:\\[\w.]/, // a Windows path
  /\bat \S+ \(?\S+:\d+:\d+\)?/, // a stack frame
  /\b(?:SELECT|INSERT INTO|UPDATE|DELETE FROM)\b[\s\S]*\b(?:FROM|VALUES|SET|WHERE)\b/, // SQL
  /^Failed query:/, // Drizzle's query errors, in lower case
  /\b(?:relation|column|constraint) "[^"]+"/, // PostgreSQL's own messages
];

/**
 * A library's client-error message, unless it would tell the caller about the server's inside
 * (a file path, SQL, a stack frame, a system error code): then the status's plain text.
 */
function clientErrorMessage(error: FastifyError & { statusCode: number }): string {
  const systemError = typeof error.code === 'string' && /^E[A-Z]+$/.test(error.code);
  if (systemError || INTERNAL_DETAIL.some((pattern) => pattern.test(error.message)))
    return CLIENT_ERROR_TEXT[error.statusCode] ?? 'The request could not be processed';
  return error.message;
}

function hasStatusCode(error: unknown): error is FastifyError & { statusCode: number } {
  return error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number';
}

/** Maps any thrown value to the one error shape `{statusCode, message, detail?}`. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof HttpError) {
    return error.detail === undefined
      ? { statusCode: error.statusCode, message: error.message }
      : { statusCode: error.statusCode, message: error.message, detail: error.detail };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: issue.instancePath,
      message: issue.message ?? 'Invalid value',
      code: issue.keyword,
    }));
    return {
      statusCode: 400,
      message: issues[0]?.message ?? 'Invalid request',
      detail: { issues },
    };
  }
  if (error instanceof StorageError && error.kind === 'full') {
    return { statusCode: 507, message: MESSAGES.storageFull };
  }
  if (isDatabaseUnavailable(error)) {
    return { statusCode: 503, message: MESSAGES.databaseUnavailable };
  }
  if (isResponseSerializationError(error)) {
    return { statusCode: 500, message: MESSAGES.internal };
  }
  if (hasStatusCode(error) && error.statusCode >= 400 && error.statusCode < 500) {
    return { statusCode: error.statusCode, message: clientErrorMessage(error) };
  }
  return { statusCode: 500, message: MESSAGES.internal };
}

/**
 * Fastify error handler: answers with the API error shape. A server fault answers only "Internal
 * server error"; its message, stack, SQL and paths go to the log (and the audit log), never to the
 * client. An unreachable database answers 503 with `Retry-After` and is logged once per outage.
 */
export async function handleError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const body = toApiError(error);
  if (body.statusCode === 503 && isDatabaseUnavailable(error)) {
    databaseOutage.reportUnavailable(
      error,
      request.log,
      `${request.method} ${request.routeOptions.url ?? '(no route)'}`,
    );
    void reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  } else if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  if (error instanceof RetryLaterError)
    void reply.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  await reply.status(body.statusCode).send(body);
}
