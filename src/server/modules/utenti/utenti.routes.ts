import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, noContentSchema } from '#shared/schemas/common.ts';
import {
  createUserSchema,
  listUsersQuerySchema,
  searchUsersQuerySchema,
  updateUserSchema,
  userSchema,
  userSearchResultSchema,
  usersPageSchema,
} from '#shared/schemas/utente.ts';
import type { Database } from '#server/db/client.ts';
import { actorOf } from '#server/plugins/auth.ts';
import {
  createUser,
  deleteUser,
  listUsers,
  searchUsers,
  updateUser,
} from '#server/modules/utenti/utenti.service.ts';

export const utentiRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/users',
    {
      config: { access: 'users:manage' },
      schema: { querystring: listUsersQuerySchema, response: { 200: usersPageSchema } },
    },
    async (request) => listUsers(db, app.counters, request.query),
  );

  app.get(
    '/api/users/search',
    {
      config: { access: 'users:search' },
      schema: { querystring: searchUsersQuerySchema, response: { 200: z.array(userSearchResultSchema) } },
    },
    async (request) => searchUsers(db, actorOf(request), request.query),
  );

  app.post(
    '/api/users',
    { config: { access: 'users:manage' }, schema: { body: createUserSchema, response: { 201: userSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createUser(db, actorOf(request), request.body, request.ip)),
  );

  app.put(
    '/api/users/:id',
    {
      config: { access: 'users:manage' },
      schema: { params: idParamSchema, body: updateUserSchema, response: { 200: userSchema } },
    },
    async (request) =>
      updateUser(db, actorOf(request), request.params.id, request.body, request.ip, request.sessionId),
  );

  app.delete(
    '/api/users/:id',
    {
      config: { access: 'users:manage' },
      schema: { params: idParamSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await deleteUser(db, actorOf(request), request.params.id, request.ip);
      return reply.code(204).send(null);
    },
  );
};
