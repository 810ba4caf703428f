import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '#server/plugins/request-path.ts';

/**
 * Security headers through @fastify/helmet. The CSP allows no inline script (the built client
 * and the landing load only their own files); inline styles stay allowed because Radix dialogs
 * write a <style> element while they are open (scroll lock). Documents are previewed from blob:
 * URLs in an iframe. HSTS only when the public address is https (see docs/security.md).
 */
export const securityHeadersPlugin = fp<{ https: boolean }>(async (app: FastifyInstance, options) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    // Documents and QR images are only ever used by our own pages.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onSend', async (request, reply) => {
    // Personal data: never kept by shared caches or the browser's back button, whatever the
    // path's spelling (`/%61pi/…` reaches the same handler as `/api/…`).
    const isApi = request.routeOptions.config?.access !== undefined || isApiPath(request.url);
    if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
