import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Fastify's request lines without the two written for every request at info ("incoming request",
 * "request completed"): the plugin below writes those at debug. A response stream that failed is still
 * logged as an error, and the framework's other lines are kept.
 */
export class QuietRequestLogs extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
  }
  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`Route ${request.method}:${request.url} not found`);
  }
}

/**
 * Request logging (README, configuration): Fastify's own "incoming request" / "request completed" lines
 * are off (`QuietRequestLogs`), and every request is logged here at `debug` instead, so an operator
 * at the default `info` sees only what needs attention: requests answered with a 5xx and slow requests
 * (`SLOW_REQUEST_MS`) stay at `info`. Failures themselves are logged by the errors plugin.
 */
async function requestLog(app: FastifyInstance): Promise<void> {
  const slowMs = app.config.slowRequestMs;
  app.addHook('onRequest', async (request) => {
    request.log.debug({ req: request }, 'incoming request');
  });
  app.addHook('onResponse', async (request, reply) => {
    const responseTime = reply.elapsedTime;
    const fields = { req: request, res: reply, responseTime: Math.round(responseTime) };
    if (reply.statusCode >= 500) request.log.info(fields, 'request completed with a server error');
    else if (responseTime >= slowMs) request.log.info(fields, 'slow request');
    else request.log.debug(fields, 'request completed');
  });
}

export default fp(requestLog, { name: 'request-log' });
