import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chiamataEsitoBodySchema,
  chiamataEsitoResultSchema,
  chiamateCruscottoSchema,
  chiamateListSchema,
  consulentiListSchema,
  consulentiQuerySchema,
  listChiamateQuerySchema,
} from '#shared/schemas/chiamate.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import type { Database } from '#server/db/client.ts';
import { requestNow } from '#server/lib/clock.ts';
import { actorOf } from '#server/plugins/auth.ts';
import {
  chiamateCruscotto,
  listChiamate,
  recordEsito,
  searchConsulenti,
} from '#server/modules/chiamate/chiamate.service.ts';

export interface ChiamateRoutesOptions {
  db: Database;
  publicBaseUrl: string;
  /** Called after an outcome committed: the outbox worker sends the invitation now. */
  notify: () => void;
  /** A test server: the x-test-now header moves the clock (src/server/lib/clock.ts). */
  testClock: boolean;
}

/** 'Da chiamare' (docs/product/calls.md). */
export const chiamateRoutes: FastifyPluginAsyncZod<ChiamateRoutesOptions> = async (
  app,
  { db, publicBaseUrl, notify, testClock },
) => {
  app.get(
    '/api/chiamate',
    {
      config: { access: 'chiamate:read' },
      schema: { querystring: listChiamateQuerySchema, response: { 200: chiamateListSchema } },
    },
    async (request) => listChiamate(db, actorOf(request), request.query, requestNow(request, testClock)),
  );

  app.get(
    '/api/chiamate/cruscotto',
    { config: { access: 'chiamate:read' }, schema: { response: { 200: chiamateCruscottoSchema } } },
    async (request) => chiamateCruscotto(db, actorOf(request), requestNow(request, testClock)),
  );

  app.get(
    '/api/chiamate/consulenti',
    {
      config: { access: 'chiamate:filtroConsulente' },
      schema: { querystring: consulentiQuerySchema, response: { 200: consulentiListSchema } },
    },
    async (request) => searchConsulenti(db, request.query),
  );

  app.post(
    '/api/chiamate/:id/esito',
    {
      config: { access: 'chiamate:esito' },
      schema: {
        params: idParamSchema,
        body: chiamataEsitoBodySchema,
        response: { 200: chiamataEsitoResultSchema },
      },
    },
    async (request) => {
      const { params, body } = request;
      const now = requestNow(request, testClock);
      const result = await recordEsito(db, actorOf(request), params.id, body, { publicBaseUrl }, now);
      notify();
      return result;
    },
  );
};
