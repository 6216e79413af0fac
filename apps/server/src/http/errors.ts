import type { ApiError, ApiErrorCode } from '@sarm/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
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
} as const;

/** The 403 every route answers for a deactivated account; the client routes to /account-inactive. */
export const accountInactive = () => forbidden(MESSAGES.accountInactive, 'ACCOUNT_INACTIVE');

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
  if (isResponseSerializationError(error)) {
    return { statusCode: 500, message: MESSAGES.internal };
  }
  if (hasStatusCode(error) && error.statusCode >= 400 && error.statusCode < 500) {
    return { statusCode: error.statusCode, message: error.message };
  }
  return { statusCode: 500, message: MESSAGES.internal };
}

/** Fastify error handler: logs server faults, answers with the API error shape. */
export async function handleError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const body = toApiError(error);
  if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  if (error instanceof RetryLaterError)
    void reply.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  await reply.status(body.statusCode).send(body);
}
