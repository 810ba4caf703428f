import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { msg } from '#shared/messages.ts';
import { AppError } from '#server/lib/app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery defence, on top of SameSite=Lax cookies: a state-changing request
 * whose Origin is not PUBLIC_BASE_URL's is refused. It applies to every state-changing request,
 * whatever its path looks like (`/%61pi/…`, `//api/…`, `/API/…`: the server serves nothing else
 * that changes state), and never trusts the Host header, which the sender writes.
 * Browsers send Origin on every POST/PUT/PATCH/DELETE; clients without one (curl, tests) pass
 * unless the browser's Sec-Fetch-Site says the request comes from another site.
 */
export const originCheckPlugin = fp<{ publicBaseUrl: string }>(async (app: FastifyInstance, options) => {
  const publicOrigin = new URL(options.publicBaseUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin.toLowerCase() !== publicOrigin) throw AppError.forbidden(msg.auth.foreignOrigin);
      return;
    }
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') throw AppError.forbidden(msg.auth.foreignOrigin);
  });
});
