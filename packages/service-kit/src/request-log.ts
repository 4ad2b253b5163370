import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One JSON line per request, written when it completes (method, url, status, duration), instead of Fastify's two
 * lines (incoming and completed). The request id rides on every line through the request's child logger.
 */
export class OneLinePerRequestLog extends LogController {
  override incomingRequest(): void {}

  /**
   * For replies Fastify builds outside its routing (its `frameworkErrors` path), which it never reports as
   * completed: writes their line when the response finishes, like every other request's.
   */
  logWhenFinished(request: FastifyRequest, reply: FastifyReply): void {
    reply.raw.once('finish', () => this.requestCompleted(null, request, reply));
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // No logger (LOG_LEVEL=silent): Fastify's stand-in has no level and writes nothing.
    if (!request.log.level || request.log.level === 'silent') return;
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) request.log.error({ ...line, err: error }, 'request failed');
    else request.log.info(line, 'request');
  }
}
