import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { msg } from '#shared/messages.ts';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests from another site are refused (CSRF defence on top of SameSite=Lax).
 * Browsers always send Origin on POST/PUT/PATCH/DELETE; clients without one (curl, tests) pass.
 */
export const originCheckPlugin = fp<{ publicBaseUrl: string }>(async (app: FastifyInstance, options) => {
  const publicOrigin = new URL(options.publicBaseUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin) {
      const ownOrigin = `${request.protocol}://${request.host}`;
      if (origin !== publicOrigin && origin !== ownOrigin) throw AppError.forbidden(msg.auth.foreignOrigin);
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw AppError.forbidden(msg.auth.foreignOrigin);
  });
});
