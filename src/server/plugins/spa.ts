import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LANDING_PRERENDER_FILE } from '#shared/landing-page.ts';
import { msg } from '#shared/messages.ts';
import { paths } from '#shared/permissions.ts';
import { SIGN_IN_PAGE_FILE } from '#shared/sign-in-page.ts';

/**
 * Serves the built client: hashed assets cached for a year, the HTML never cached. The public
 * landing has its own HTML entry, so a customer's phone downloads none of the back-office code.
 */
export const spaPlugin = fp<{ root: string }>(async (app: FastifyInstance, { root }) => {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`client build not found in ${root}: run "npm run build"`);
  }
  const hasSignInPage = existsSync(path.join(root, SIGN_IN_PAGE_FILE));
  await app.register(fastifyStatic, {
    root,
    // Without wildcard the plugin registers one route per built file: nothing else is served.
    wildcard: false,
    index: false,
    // The landing's prerendered step is the server's input (modules/landing/landing-page.ts), not a page.
    allowedPath: (pathName) => pathName !== `/${LANDING_PRERENDER_FILE}`,
    // The build writes a .br and a .gz beside each asset (vite.config.ts): sent as the client accepts.
    preCompressed: true,
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else if (filePath.endsWith('.html')) {
        // The pages name the hashed assets of the current build: always asked again.
        reply.header('cache-control', 'no-cache');
      }
    },
  });
  app.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.code(404).send({ message: msg.common.notFound, code: 'NOT_FOUND' });
    }
    const page = request.url.startsWith('/landing/')
      ? 'landing.html'
      : // The sign-in page arrives with its form already drawn (docs/primo-caricamento.md).
        hasSignInPage && request.url.split('?')[0] === paths.auth
        ? SIGN_IN_PAGE_FILE
        : 'index.html';
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(page);
  });
});
