import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from '../logger.js';

/**
 * One line per request, at `debug`, with secrets cut from the URL (`GET /api/x 200 12ms`), instead
 * of Fastify's two `info` lines that carry the whole URL with its media token. Failures that
 * reach the error handler are logged there.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // The completion line says all.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(0)}ms`;
    if (error) reply.log.error({ err: error }, line);
    else request.log.debug(line);
  }
}
