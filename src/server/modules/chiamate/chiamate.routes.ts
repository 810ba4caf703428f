import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chiamataEsitoBodySchema,
  chiamataEsitoResultSchema,
  chiamateCruscottoSchema,
  chiamateListSchema,
  listChiamateQuerySchema,
} from '#shared/schemas/chiamate.ts';
import { idParamSchema } from '#shared/schemas/common.ts';
import type { Database } from '#server/db/client.ts';
import { requestNow } from '#server/lib/clock.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { chiamateCruscotto, listChiamate, recordEsito } from '#server/modules/chiamate/chiamate.service.ts';

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
      const result = await recordEsito(
        db,
        actorOf(request),
        request.params.id,
        request.body,
        { publicBaseUrl },
        requestNow(request, testClock),
      );
      notify();
      return result;
    },
  );
};
