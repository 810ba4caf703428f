import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { msg } from '#shared/messages.ts';
import { AppError } from '#server/lib/app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The origin of the address the browser used for this very server, when that address is an IP or
 * `localhost` (http://127.0.0.1:5000, a shop's tablet at http://192.168.1.20:5000). Host and
 * protocol come from the request, or from X-Forwarded-Host/Proto only when TRUST_PROXY trusts the
 * sender (Fastify's `request.host` and `request.protocol`). A page of another site cannot send our
 * address with its own Origin, nor add X-Forwarded-* (a custom header needs a CORS preflight we
 * never grant). A domain name is not taken from Host: one that points at this server (DNS
 * rebinding) would look like ours, so a name must be PUBLIC_BASE_URL (docs/security.md#csrf).
 */
function sameOrigin(request: FastifyRequest): string | null {
  try {
    const url = new URL(`${request.protocol}://${request.host}`);
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    if (hostname !== 'localhost' && isIP(hostname) === 0) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery defence, on top of SameSite=Lax cookies: a state-changing request is
 * accepted when its Origin is PUBLIC_BASE_URL's (if set) or the same origin by address (above).
 * It applies to every state-changing request, whatever its path looks like (`/%61pi/…`, `//api/…`,
 * `/API/…`: the server serves nothing else that changes state).
 * Browsers send Origin on every POST/PUT/PATCH/DELETE; clients without one (curl, tests) pass
 * unless the browser's Sec-Fetch-Site says the request comes from another site.
 */
export const originCheckPlugin = fp<{ publicBaseUrl: string | undefined }>(
  async (app: FastifyInstance, options) => {
    const publicOrigin = options.publicBaseUrl ? new URL(options.publicBaseUrl).origin : null;
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const origin = request.headers.origin?.toLowerCase();
      if (origin !== undefined) {
        if (origin !== publicOrigin && origin !== sameOrigin(request))
          throw AppError.forbidden(msg.auth.foreignOrigin);
        return;
      }
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') throw AppError.forbidden(msg.auth.foreignOrigin);
    });
  },
);
