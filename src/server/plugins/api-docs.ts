import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PERMISSIONS } from '#shared/permissions.ts';
import { apiErrorSchema } from '#shared/schemas/common.ts';
import type { Access } from '#server/plugins/auth.ts';

/**
 * What a route's zod schemas cannot say and the document must (docs/security.md#il-contratto):
 * the parts of a multipart body, read by the handler as a stream, and the headers it reads.
 */
export interface OperationExtras {
  /** Part name → description; `file` parts are binary. */
  multipart?: { parts: Record<string, { description: string; file?: boolean; repeatable?: boolean }> };
  headers?: Array<{ name: string; description: string; required?: boolean; pattern?: string }>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: OperationExtras;
  }
}

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
      ...(route.config?.rateLimit ? { 'x-rate-limited': true } : {}),
      ...(route.config?.openapi ? { 'x-extras': route.config.openapi } : {}),
    },
  };
};

type Json = Record<string, unknown>;
type OperationObject = Json & {
  responses: Record<string, Json>;
  parameters?: Json[];
  requestBody?: Json;
  'x-access': string;
  'x-rate-limited'?: boolean;
  'x-extras'?: OperationExtras;
};

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'Dati non validi (`VALIDATION`) o richiesta illeggibile (`BAD_REQUEST`)',
  '401': 'Sessione assente o scaduta (`UNAUTHORIZED`)',
  '403': 'Ruolo senza il permesso, o richiesta da un altro sito (`FORBIDDEN`)',
  '404': 'Non trovato, o fuori dal perimetro di chi chiede (`NOT_FOUND`)',
  '409': 'In conflitto con i dati attuali',
  '413': 'Richiesta o file troppo grande',
  '415': 'Formato del corpo non supportato',
  '429': 'Troppe richieste o tentativi: riprova dopo `Retry-After` secondi',
  '500': 'Errore del server (`INTERNAL`): i dettagli solo nel suo log',
  '503': 'Database o archivio dei documenti non raggiungibili (`SERVICE_UNAVAILABLE`)',
};

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/** The error statuses an operation can answer, from what it is: its access, method and inputs. */
function errorStatuses(method: string, op: OperationObject): string[] {
  const access = op['x-access'];
  const write = WRITES.has(method);
  const hasBody = op.requestBody != null || op['x-extras']?.multipart != null;
  const statuses = ['400', '404', '500', '503'];
  // Public writes answer 401 too: a wrong password, an expired challenge, a missing upload token.
  if (access !== 'public' || write) statuses.push('401');
  // Writes are refused from a foreign Origin (plugins/origin-check.ts) whatever their access.
  if (write || (access !== 'public' && access !== 'signedIn') || op['x-extras']?.headers)
    statuses.push('403');
  if (write) statuses.push('409');
  if (hasBody) statuses.push('413', '415');
  if (op['x-rate-limited'] || write) statuses.push('429');
  return statuses.sort();
}

const errorResponse = (status: string): Json => ({
  description: ERROR_DESCRIPTIONS[status],
  ...(status === '429' || status === '503'
    ? { headers: { 'Retry-After': { description: 'Secondi da aspettare', schema: { type: 'integer' } } } }
    : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});

/**
 * The document as served: every error with the shared `{ message, code, issues? }` schema, a
 * 204 without a body, the multipart bodies with their parts and the headers the API reads.
 */
function completeDocument(document: Json): Json {
  const paths = document.paths as Record<string, Record<string, OperationObject>>;
  for (const [url, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      // A stable name per operation, for generated clients and validators: post_api_login.
      op.operationId ??= `${method}${url.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+/g, '_')}`;
      const extras = op['x-extras'];
      const rateLimited = op['x-rate-limited'];
      delete op['x-extras'];
      delete op['x-rate-limited'];
      for (const [status, response] of Object.entries(op.responses)) {
        if (status === '204') op.responses[status] = { description: 'Nessun contenuto' };
        else if (response.description === 'Default Response') response.description = 'Riuscita';
      }
      if (extras?.multipart) {
        const properties: Record<string, Json> = {};
        for (const [name, part] of Object.entries(extras.multipart.parts)) {
          const one = part.file
            ? { type: 'string', contentMediaType: 'application/octet-stream', description: part.description }
            : { type: 'string', description: part.description };
          properties[name] = part.repeatable
            ? { type: 'array', items: one, description: part.description }
            : one;
        }
        op.requestBody = {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', properties } } },
        };
      }
      for (const header of extras?.headers ?? []) {
        (op.parameters ??= []).push({
          in: 'header',
          name: header.name,
          required: header.required ?? false,
          description: header.description,
          schema: { type: 'string', ...(header.pattern ? { pattern: header.pattern } : {}) },
        });
      }
      // Reconstructed from this operation's own facts: declared on top of what its schemas said.
      const statuses = errorStatuses(method, { ...op, 'x-extras': extras, 'x-rate-limited': rateLimited });
      for (const status of statuses) op.responses[status] ??= errorResponse(status);
    }
  }
  const components = (document.components ?? {}) as { schemas?: Record<string, unknown> };
  components.schemas = { ...components.schemas, ApiError: z.toJSONSchema(apiErrorSchema) };
  delete (components.schemas.ApiError as Json).$schema;
  return { ...document, components };
}

/**
 * OpenAPI 3.1 from the routes' zod schemas (`app.swagger()`, and `npm run openapi` writes
 * docs/openapi.json), and the interactive reference at /api/docs: for signed-in admins, for
 * everyone in development. Registered before the route modules, so it sees all of them.
 */
export const apiDocsPlugin = fp<{ isDevelopment: boolean }>(async (app: FastifyInstance, options) => {
  await app.register(fastifySwagger, {
    openapi: OPENAPI_INFO,
    transform,
    transformObject: (document) => completeDocument(jsonSchemaTransformObject(document) as Json) as never,
  });
  // The UI's own routes (page, assets, /json) cannot carry config.access: the prefix does.
  app.protectPrefix(API_DOCS_PREFIX, options.isDevelopment ? 'public' : 'apiDocs:read');
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
});
