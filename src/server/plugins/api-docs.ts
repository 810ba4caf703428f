import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { PERMISSIONS } from '#shared/permissions.ts';
import type { Access } from '#server/plugins/auth.ts';

export const API_DOCS_PREFIX = '/api/docs';

/** The OpenAPI document's header: the same in every environment, so the committed copy is stable. */
const OPENAPI_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'WINSOLUTION API',
    version: '1',
    description:
      'API del back-office e della landing di WINSOLUTION. Le rotte non pubbliche chiedono il ' +
      'cookie di sessione che `POST /api/login` imposta; ogni rotta dice il permesso che ' +
      'richiede (`x-access`) e i ruoli che lo hanno. Errori: `{ message, code, issues? }`, ' +
      'messaggi in italiano.',
  },
  components: {
    securitySchemes: { sessione: { type: 'apiKey', in: 'cookie', name: 'ws_session' } },
  },
} as const;

/** The tag of a route is its first path segment, except where that segment is not its area. */
const TAG_OF_SEGMENT: Record<string, string> = {
  login: 'auth',
  logout: 'auth',
  user: 'auth',
  admin: 'punti-fisici',
  'submit-form': 'landing',
  'commissioni-fornitori': 'config-commissioni',
  'commission-settings': 'config-commissioni',
};

function accessDescription(access: Access | undefined): string {
  if (access === undefined || access === 'public') return 'Pubblica: nessuna sessione richiesta.';
  if (access === 'signedIn') return 'Qualsiasi utente con una sessione.';
  return `Permesso \`${access}\`: ${PERMISSIONS[access].join(', ')}.`;
}

/**
 * The zod type provider's transform, plus what a client needs to call each route: its area as
 * tag, the session it asks for and the roles that may call it. Only /api routes are documented.
 */
const transform: SwaggerTransform = (document) => {
  const { url, route } = document;
  if (!url.startsWith('/api/') || url.startsWith(API_DOCS_PREFIX)) {
    return { schema: { hide: true }, url };
  }
  const result = jsonSchemaTransform(document);
  const access = route.config?.access;
  const segment = url.split('/')[2] ?? 'api';
  const area = TAG_OF_SEGMENT[segment] ?? segment;
  return {
    url: result.url,
    schema: {
      ...result.schema,
      tags: [area],
      description: accessDescription(access),
      ...(access === 'public' ? {} : { security: [{ sessione: [] }] }),
      'x-access': access ?? 'public',
    },
  };
};

/**
 * OpenAPI 3.1 from the routes' zod schemas (`app.swagger()`, and `npm run openapi` writes
 * docs/openapi.json), and the interactive reference at /api/docs: for signed-in admins, for
 * everyone in development. Registered before the route modules, so it sees all of them.
 */
export const apiDocsPlugin = fp<{ isDevelopment: boolean }>(async (app: FastifyInstance, options) => {
  await app.register(fastifySwagger, {
    openapi: OPENAPI_INFO,
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  // The UI's own routes (page, assets, /json) cannot carry config.access: the prefix does.
  app.protectPrefix(API_DOCS_PREFIX, options.isDevelopment ? 'public' : 'apiDocs:read');
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
});
