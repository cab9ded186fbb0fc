import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written as it ends, with what an access log needs: the request
 * (method, URL with its secrets redacted, address), the status and the time taken. Fastify's own
 * controller writes a second line as each request arrives, which doubled the log and cost a few
 * per cent of a small request (each line is a write to the log); that line is kept at the debug
 * level (LOG_LEVEL=debug), where it shows a request that never ends.
 */
export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    // Below the debug level pino's debug is a function that does nothing.
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
