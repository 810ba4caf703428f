import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request at `debug`, in place of Fastify's two at `info`: the terminal of `npm start`
 * shows start, stop, errors and jobs; LOG_LEVEL=debug adds the requests (docs/deploy.md#log).
 * A request that fails stays at `error`. The `req` serializer (log-safety.ts) keeps only method
 * and path.
 */
class QuietRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'richiesta completata');
  }
}

export const quietRequestLog = () => new QuietRequestLog();
